// Screen group "coming-soon" (loaded on demand): the placeholders of screens still to come, and
// the email popup's verification pages (public, no shell, like the placeholders).
export { ComingSoonBare, ComingSoonPage } from "../../features/coming-soon/coming-soon-page.tsx";
export { VerificationPage } from "../../features/email/verification-page.tsx";

// Screen group "coming-soon" (loaded on demand): the placeholders of screens still to come.
export { ComingSoonBare, ComingSoonPage } from "../../features/coming-soon/coming-soon-page.tsx";

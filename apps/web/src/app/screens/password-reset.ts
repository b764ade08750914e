// Screen group "password-reset" (loaded on demand): its own group, so that the sign-in page does
// not download the password rules and the form library it alone of the public pages uses.
export { PasswordResetPage } from "../../features/auth/password-reset-page.tsx";

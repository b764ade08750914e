// Screen group "auth" (loaded on demand): sign-in and password pages.
export { LoginPage } from "../../features/auth/login-page.tsx";
export { PasswordForgotPage } from "../../features/auth/password-forgot-page.tsx";

import { defineMessages } from "../define.ts";

/** Interface texts of the public pages: login, forgotten password, password reset. */
export const uiAuth = defineMessages({
  "auth.tagline": [
    "Textos, appels et courriels avec vos patients, au même endroit.",
    "Texts, calls and email with your patients, in one place.",
  ],
  "auth.switch-language": ["English", "Français"],
  "auth.email": ["Courriel", "Email"],
  "auth.password": ["Mot de passe", "Password"],
  "auth.new-password": ["Nouveau mot de passe", "New password"],
  "auth.confirm-password": ["Confirmer le mot de passe", "Confirm the password"],
  "auth.toggle-password": ["Afficher ou masquer le mot de passe", "Show or hide the password"],
  "auth.password-rules": ["Règles du mot de passe", "Password rules"],
  "auth.back-to-login": ["Retour à la connexion", "Back to sign-in"],

  "auth.login.title": ["Connexion", "Sign in"],
  "auth.login.signed-out-elsewhere": [
    "La session a été fermée dans un autre onglet. Reconnectez-vous pour continuer.",
    "You signed out in another tab. Sign in again to continue.",
  ],
  "auth.login.subtitle": ["Connectez-vous à l'espace de votre organisation.", "Sign in to your organisation's workspace."],
  "auth.login.submit": ["Se connecter", "Sign in"],
  "auth.login.forgot": ["Mot de passe oublié?", "Forgot your password?"],

  "auth.forgot.title": ["Mot de passe oublié", "Forgotten password"],
  "auth.forgot.subtitle": [
    "Indiquez votre courriel : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    "Enter your email: we will send you a link to choose a new password.",
  ],
  "auth.forgot.submit": ["Envoyer le lien", "Send the link"],
  "auth.forgot.sent": [
    "Si un compte existe pour cette adresse, un courriel contenant un lien de réinitialisation vient d'y être envoyé. Le lien est valide pendant 60 minutes.",
    "If an account exists for this address, an email with a reset link has just been sent to it. The link is valid for 60 minutes.",
  ],

  "auth.reset.title": ["Nouveau mot de passe", "New password"],
  "auth.reset.subtitle": [
    "Choisissez un mot de passe qui respecte chacune des règles ci-dessous.",
    "Choose a password that meets each rule below.",
  ],
  "auth.reset.submit": ["Enregistrer le mot de passe", "Save the password"],
  "auth.reset.follow-rules": ["Le mot de passe ne respecte pas toutes les règles.", "The password does not meet every rule."],
  "auth.reset.ask-again": ["Demander un nouveau lien", "Ask for a new link"],
  "auth.reset.success": [
    "Votre mot de passe a été changé. Vous pouvez vous connecter.",
    "Your password has been changed. You can sign in.",
  ],
});

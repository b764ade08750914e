import { defineMessages } from "../define.ts";

/** Texts of the emails Relais sends, in the recipient's language. */
export const mail = defineMessages({
  "mail.password-reset.subject": ["Réinitialisation de votre mot de passe Relais", "Reset your Relais password"],
  "mail.password-reset.body": [
    "Bonjour {name},\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans les 60 prochaines minutes :\n{link}\n\nSi vous n'avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.\n\nL'équipe Relais",
    "Hello {name},\n\nTo choose a new password, open this link within the next 60 minutes:\n{link}\n\nIf you did not ask for this, ignore this email: your password stays the same.\n\nThe Relais team",
  ],
});

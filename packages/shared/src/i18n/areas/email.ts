import { defineMessages } from "../define.ts";

/** Team email (issue 14): connecting a mailbox, its errors, and what the thread shows of an email. */
export const email = defineMessages({
  "error.email-provider-unknown": [
    "Impossible de reconnaître le fournisseur de cette adresse. Choisissez Gmail ou Outlook.",
    "The provider of this address could not be recognised. Choose Gmail or Outlook.",
  ],
  "error.email-provider-not-configured": [
    "La connexion à {provider} n'est pas configurée sur ce serveur.",
    "Connecting to {provider} is not configured on this server.",
  ],
  "error.email-team-required": ["Choisissez d'abord une équipe.", "Choose a team first."],
  "error.email-not-connected": ["Aucune boîte courriel n'est connectée pour cette adresse.", "No mailbox is connected for this address."],
  "error.email-state-invalid": [
    "Cette autorisation n'est plus valide. Recommencez la connexion.",
    "This authorisation is no longer valid. Start connecting again.",
  ],
  "error.email-wrong-mailbox": [
    "Le compte autorisé ({signedIn}) n'est pas la boîte {inboxEmail}.",
    "The account authorised ({signedIn}) is not the mailbox {inboxEmail}.",
  ],
  "error.email-scopes-missing": [
    "L'accès au courriel n'a pas été accordé. Cochez toutes les autorisations demandées.",
    "Access to the mailbox was not granted. Tick every permission asked for.",
  ],
  "error.email-login-failed": ["La boîte courriel a refusé la connexion ({protocol}).", "The mailbox refused the connection ({protocol})."],
  "error.email-provider-failed": [
    "Le fournisseur courriel n'a pas répondu. Réessayez dans un moment.",
    "The email provider did not answer. Try again in a moment.",
  ],
  "error.email-address-taken": [
    "Cette boîte courriel est déjà connectée à une autre équipe.",
    "This mailbox is already connected to another team.",
  ],
  "error.email-mailbox-not-valid": [
    "La boîte courriel de l'équipe doit être reconnectée avant d'envoyer.",
    "The team's mailbox must be reconnected before sending.",
  ],
  "error.email-contact-no-address": ["Ce contact n'a pas d'adresse courriel.", "This contact has no email address."],
  "error.email-send-refused": ["Le serveur de courriel a refusé ce courriel.", "The mail server refused this email."],
  "error.email-send-gave-up": [
    "Le courriel n'a pas pu être envoyé après plusieurs essais.",
    "The email could not be sent after several tries.",
  ],

  // Alerts (drawn by the app's root, so in the catalogue every page has).
  "success.email-disconnected": ["Boîte courriel déconnectée.", "Mailbox disconnected."],
  "error.email-disconnect": ["La déconnexion de la boîte a échoué.", "Disconnecting the mailbox failed."],
  // Configuration → Email (configTab=2&tab=1); `email.*` is fetched with the email screens (vite.config.ts).
  "email.team": [
    "La boîte de l'équipe {team} : ses courriels avec les contacts s'affichent dans leurs conversations.",
    "The {team} team's mailbox: its emails with contacts show in their conversations.",
  ],
  "email.none": ["Aucune boîte courriel n'est connectée.", "No mailbox is connected."],
  "email.admin-only": [
    "Seul un administrateur de l'équipe peut connecter ou déconnecter sa boîte courriel.",
    "Only a team administrator can connect or disconnect its mailbox.",
  ],
  "email.address": ["Adresse de la boîte", "Mailbox address"],
  "email.address.hint": [
    "Gmail ou Outlook : une fenêtre du fournisseur s'ouvre pour autoriser Relais.",
    "Gmail or Outlook: a window of the provider opens to authorise Relais.",
  ],
  "email.connect": ["Connecter", "Connect"],
  "email.connect-sandbox": ["Boîte du bac à sable", "Sandbox mailbox"],
  "email.valid": ["Connectée", "Connected"],
  "email.invalid": ["À reconnecter", "Reconnect"],
  "email.invalid.invalid-grant": [
    "Le fournisseur a retiré l'autorisation donnée à Relais.",
    "The provider withdrew the authorisation given to Relais.",
  ],
  "email.invalid.login-refused": ["La boîte a refusé la connexion de Relais.", "The mailbox refused Relais's login."],
  "email.invalid.scopes-missing": ["L'accès au courriel n'a pas été accordé en entier.", "Access to the mailbox was not fully granted."],
  "email.invalid.other": ["Cette boîte ne répond plus à Relais.", "This mailbox no longer answers Relais."],
  "email.popup.title": ["En attente de l'autorisation", "Waiting for the authorisation"],
  "email.popup.body": [
    "Terminez la connexion de {email} dans la fenêtre qui s'est ouverte.",
    "Finish connecting {email} in the window that opened.",
  ],
  "email.popup.blocked": [
    "Le navigateur a bloqué la fenêtre du fournisseur. Autorisez-la pour Relais, puis réessayez.",
    "The browser blocked the provider's window. Allow it for Relais, then try again.",
  ],
  "email.connected": ["La boîte {email} est connectée.", "The mailbox {email} is connected."],
  "email.cancelled": [
    "Connexion annulée : la fenêtre a été fermée avant la fin.",
    "Connection cancelled: the window was closed before the end.",
  ],
  "email.failed.denied": ["L'autorisation a été refusée chez le fournisseur.", "The authorisation was refused at the provider."],
  "email.failed.wrong-mailbox": [
    "Le compte autorisé n'est pas la boîte demandée. Connectez-vous avec cette adresse.",
    "The account authorised is not the mailbox asked for. Sign in with that address.",
  ],
  "email.failed.login": [
    "La boîte a refusé la connexion IMAP ou SMTP. Vérifiez que l'accès IMAP est activé.",
    "The mailbox refused the IMAP or SMTP login. Check that IMAP access is on.",
  ],
  "email.failed.not-configured": [
    "La connexion à ce fournisseur n'est pas configurée sur ce serveur.",
    "Connecting to this provider is not configured on this server.",
  ],
  "email.failed.other": ["La connexion de la boîte a échoué.", "Connecting the mailbox failed."],
  "email.disconnect": ["Déconnecter", "Disconnect"],
  "email.disconnect.title": ["Déconnecter la boîte courriel", "Disconnect the mailbox"],
  "email.disconnect.confirm": [
    "Relais cessera de lire et d'envoyer les courriels de {email}. Les courriels reçus restent dans les conversations.",
    "Relais will stop reading and sending the emails of {email}. Emails received stay in the conversations.",
  ],
  "email.verification.close": ["Vous pouvez fermer cette fenêtre.", "You can close this window."],
  "email.verification.back": ["Configuration du courriel", "Email settings"],
  "email.unknown.title": ["Expéditeurs inconnus", "Unknown senders"],
  "email.unknown.hint": [
    "Courriels reçus d'adresses qui ne sont celles d'aucun contact.",
    "Emails received from addresses that are no contact's.",
  ],
  "email.unknown.none": ["Aucun courriel d'un expéditeur inconnu.", "No email from an unknown sender."],
  "email.from": ["De", "From"],
  "email.subject": ["Objet", "Subject"],
  "email.received": ["Reçu", "Received"],
  // The email-disconnected dialog (spec part 2 §4).
  "email.reconnect.title": ["Boîte courriel à reconnecter", "Mailbox to reconnect"],
  "email.reconnect.body": [
    "La boîte {email} de votre équipe ne fonctionne plus : Relais ne peut plus y lire ni y envoyer de courriels.",
    "Your team's mailbox {email} no longer works: Relais can neither read nor send its emails.",
  ],
  "email.reconnect.ask-admin": ["Demandez à un administrateur de l'équipe de la reconnecter.", "Ask a team administrator to reconnect it."],
  "email.reconnect.never": ["Ne plus demander", "Don't ask again"],
  "email.reconnect.go": ["Reconnecter", "Reconnect"],
  // The composer in email mode.
  "email.compose.to": ["À : {email} (depuis {from})", "To: {email} (from {from})"],
  "email.compose.body": ["Votre courriel", "Your email"],
  "email.compose.placeholder": ["Écrivez votre courriel…", "Write your email…"],
  "email.compose.files": ["Fichiers du courriel", "Files of the email"],
  "email.compose.remove": ["Retirer {name}", "Remove {name}"],
  // The composer's mode switch, shown before the email part is loaded (main catalogue).
  "composer.mode": ["Envoyer par", "Send by"],
  "composer.mode.text": ["Texto", "Text"],
  "composer.mode.email": ["Courriel", "Email"],
  // An email in a contact's thread.
  "email.no-subject": ["(sans objet)", "(no subject)"],
  "email.from-line": ["De : {from}", "From: {from}"],
  "email.load-failed": ["Impossible d'afficher ce courriel.", "This email cannot be shown."],
  "email.images-blocked": ["Images distantes bloquées.", "Remote images blocked."],
  "email.show-images": ["Afficher les images", "Show images"],
  "email.frame-title": ["Courriel : {subject}", "Email: {subject}"],
  "email.attachments": ["Pièces jointes", "Attachments"],
  "email.size": ["{size, number} Ko", "{size, number} KB"],
});

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
});

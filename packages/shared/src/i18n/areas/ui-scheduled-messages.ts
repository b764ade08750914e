import { defineMessages } from "../define.ts";

/** Scheduled messages from the conversation (spec part 2 §3); their rules' texts are in validation. */
export const uiScheduledMessages = defineMessages({
  "scheduled.schedule": ["Programmer", "Schedule"],
  "scheduled.new-title": ["Programmer un message", "Schedule a message"],
  "scheduled.edit-title": ["Modifier le message programmé", "Edit the scheduled message"],
  "scheduled.field-title": ["Titre", "Title"],
  "scheduled.field-message": ["Message", "Message"],
  "scheduled.field-date": ["Date", "Date"],
  "scheduled.field-time": ["Heure", "Time"],
  "scheduled.field-reminders": ["Rappels", "Reminders"],
  "scheduled.reminder-24h": ["24 heures avant", "24 hours before"],
  "scheduled.reminder-48h": ["48 heures avant", "48 hours before"],
  "scheduled.reminder-7d": ["7 jours avant", "7 days before"],
  "scheduled.save": ["Enregistrer", "Save"],
  "scheduled.cancel-dialog": ["Fermer", "Close"],
  "scheduled.list-toggle": [
    "{count, plural, =0 {Messages programmés} one {# message programmé} other {# messages programmés}}",
    "{count, plural, =0 {Scheduled messages} one {# scheduled message} other {# scheduled messages}}",
  ],
  "scheduled.edit": ["Modifier", "Edit"],
  "scheduled.cancel": ["Annuler le message programmé", "Cancel the scheduled message"],
  "scheduled.status-scheduled": ["Programmé", "Scheduled"],
  "scheduled.status-sending": ["En cours d'envoi", "Sending"],
  "scheduled.status-sent": ["Envoyé", "Sent"],
  "scheduled.status-failed": ["Échec", "Failed"],
});

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
  "scheduled.field-time-hint": [
    "Facultative : sans heure, le message part à l'ouverture du bureau ce jour-là.",
    "Optional: without a time, the message goes when the office opens that day.",
  ],
  "scheduled.when-opening": ["{date} {time} (ouverture)", "{date} {time} (opening time)"],
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
  // The drawer entry of the team's list (the other nav.* keys are in ui.ts).
  "nav.scheduled-messages": ["Messages programmés", "Scheduled messages"],
  "scheduled.page-title": ["Messages programmés", "Scheduled messages"],
  "scheduled.page-subtitle": [
    "Les messages programmés de l'équipe, à l'heure de l'organisation.",
    "The team's scheduled messages, in the organisation's time.",
  ],
  "scheduled.upcoming": ["À venir", "Upcoming"],
  "scheduled.past": ["Passés", "Past"],
  "scheduled.empty-upcoming": ["Aucun message programmé à venir.", "No upcoming scheduled message."],
  "scheduled.empty-past": ["Aucun message programmé passé.", "No past scheduled message."],
  "scheduled.load-failed": ["Impossible de charger les messages programmés.", "The scheduled messages could not be loaded."],
  "scheduled.no-reminders": ["Aucun rappel", "No reminder"],
  "scheduled.cancel-confirm.title": ["Annuler ce message programmé?", "Cancel this scheduled message?"],
  "scheduled.cancel-confirm.message": [
    "« {title} » prévu le {date} à {time} ne sera pas envoyé, ni ses rappels. Cette action est définitive.",
    "“{title}” planned on {date} at {time} will not be sent, nor its reminders. This cannot be undone.",
  ],
  "scheduled.cancel-confirm.confirm": ["Annuler le message", "Cancel the message"],
  "scheduled.reminder-past": ["Trop tard pour ce rappel à cette date et cette heure.", "Too late for this reminder at this date and time."],
});

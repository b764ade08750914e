import { defineMessages } from "../define.ts";

/** The satisfaction survey by text: its errors, its settings screen and its place in a conversation. */
export const uiSurveys = defineMessages({
  "error.survey-in-progress": [
    "Ce contact répond à un sondage de satisfaction. Vous pourrez lui écrire à la fin du sondage, au plus tard dans {minutes, plural, one {# minute} other {# minutes}}.",
    "This contact is answering a satisfaction survey. You can text them when the survey ends, in {minutes, plural, one {# minute} other {# minutes}} at the latest.",
  ],
  "error.survey-disabled": [
    "Le sondage de satisfaction n'est pas activé. Un administrateur peut l'activer dans la configuration.",
    "The satisfaction survey is not turned on. An administrator can turn it on in the configuration.",
  ],
  "error.survey-needs-contact": [
    "Ajoutez d'abord ce numéro à vos contacts : les réponses au sondage sont enregistrées dans sa fiche.",
    "Add this number to your contacts first: the survey's answers are recorded on the contact.",
  ],
  "error.survey-not-running": ["Aucun sondage n'est en cours dans cette conversation.", "No survey is running in this conversation."],
  "validation.survey-unknown-field": [
    "Un sondage ne peut utiliser que le prénom, le nom et le nom de l'organisation comme champs.",
    "A survey can only use the first name, the last name and the organisation's name as fields.",
  ],
  "validation.survey-questions-count": ["Le sondage compte de 1 à 3 questions.", "The survey has 1 to 3 questions."],
  // The setting, in the organisation tab of /configuration.
  "survey.settings.title": ["Sondage de satisfaction", "Satisfaction survey"],
  "survey.settings.intro": [
    "Envoyé par texto depuis une conversation : le contact répond à chaque question, ses réponses sont enregistrées dans sa fiche. Pendant le sondage, au plus une heure, personne d'autre ne lui écrit.",
    "Sent by text from a conversation: the contact answers each question and the answers are recorded on the contact. While the survey runs, for one hour at most, nobody else texts them.",
  ],
  "survey.settings.read-only": ["Seul un administrateur peut modifier le sondage.", "Only an administrator can change the survey."],
  "survey.settings.enabled": ["Proposer le sondage dans les conversations", "Offer the survey in conversations"],
  "survey.settings.enabled-hint": [
    "Les membres de l'équipe pourront l'envoyer à un contact.",
    "Team members will be able to send it to a contact.",
  ],
  "survey.settings.survey-title": ["Titre (affiché dans la fiche du contact)", "Title (shown on the contact)"],
  "survey.settings.question": ["Question {n}", "Question {n}"],
  "survey.settings.kind": ["Réponse attendue", "Expected answer"],
  "survey.settings.kind-score": ["Une note de 1 à 5", "A score from 1 to 5"],
  "survey.settings.kind-text": ["Un commentaire libre", "A free comment"],
  "survey.settings.add-question": ["Ajouter une question", "Add a question"],
  "survey.settings.remove-question": ["Retirer la question {n}", "Remove question {n}"],
  "survey.settings.thanks": ["Remerciement (après la dernière réponse)", "Thanks (after the last answer)"],
  "survey.settings.retry": [
    "Relance (quand une réponse n'est pas une note de 1 à 5)",
    "Reminder (when a reply is not a score from 1 to 5)",
  ],
  "survey.settings.fields-hint": ["Champs possibles : {fields}.", "Fields you can use: {fields}."],
  "survey.settings.save": ["Enregistrer le sondage", "Save the survey"],
  "survey.settings.saved": ["Sondage enregistré.", "Survey saved."],
  // In a conversation.
  "survey.send": ["Envoyer le sondage de satisfaction", "Send the satisfaction survey"],
  "survey.send-title": ["Envoyer le sondage de satisfaction?", "Send the satisfaction survey?"],
  "survey.send-confirm": [
    "{name} recevra la première question par texto. Tant qu'il ou elle répond, au plus une heure, personne ne pourra lui écrire.",
    "{name} will get the first question by text. While they answer, for one hour at most, nobody can text them.",
  ],
  "survey.send-action": ["Envoyer", "Send"],
  "survey.sent": ["Sondage envoyé.", "Survey sent."],
  "survey.unavailable-no-contact": [
    "Ajoutez ce numéro à vos contacts pour lui envoyer le sondage.",
    "Add this number to your contacts to send them the survey.",
  ],
  "survey.running": [
    "Sondage de satisfaction en cours : {answered, plural, =0 {aucune réponse} one {# réponse} other {# réponses}} sur {count, plural, one {# question} other {# questions}}.",
    "Satisfaction survey running: {answered, plural, =0 {no answer} one {# answer} other {# answers}} of {count, plural, one {# question} other {# questions}}.",
  ],
  "survey.running-hold": [
    "Vous pourrez écrire à ce contact à la fin du sondage, au plus tard à {time, time, short}.",
    "You can text this contact when the survey ends, at {time, time, short} at the latest.",
  ],
  "survey.stop": ["Arrêter le sondage", "Stop the survey"],
  "survey.stop-title": ["Arrêter le sondage?", "Stop the survey?"],
  "survey.stop-confirm": [
    "Les réponses déjà reçues sont gardées dans la fiche du contact. Vous pourrez de nouveau lui écrire.",
    "The answers already received stay on the contact. You will be able to text them again.",
  ],
  "survey.stopped": ["Sondage arrêté.", "Survey stopped."],
});

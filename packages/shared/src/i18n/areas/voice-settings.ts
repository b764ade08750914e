import { defineMessages } from "../define.ts";

/**
 * Voice settings (issue 13 §2–§3): the Voicemail and Transfer extension tabs of /configuration,
 * their errors and alerts. Kept in one area so the greetings and extensions texts stay together.
 */
export const voiceSettings = defineMessages({
  // Errors and validation of the API (catalogue keys the server answers).
  "error.ext-transfer-disabled": [
    "Le transfert vers des postes externes n'est pas activé pour votre organisation.",
    "Transfer to outside extensions is not enabled for your organisation.",
  ],
  "error.transfer-extension-exists": ["Un poste porte déjà ce nom.", "An extension already has this name."],
  "error.audio-type": ["Le fichier doit être un enregistrement MP3 ou WAV.", "The file must be an MP3 or WAV recording."],
  "error.audio-unreadable": ["Ce fichier audio est illisible ou vide.", "This audio file cannot be read or is empty."],
  "validation.greeting-audio": ["Ajoutez un fichier audio ou un enregistrement.", "Add an audio file or a recording."],
  "success.extension-saved": ["Le poste a été enregistré.", "The extension has been saved."],
  "success.extension-deleted": ["Le poste a été supprimé.", "The extension has been deleted."],
  "success.greeting-saved": ["Le message d'accueil a été enregistré.", "The greeting has been saved."],
  "success.upload": ["Le fichier a été téléversé.", "The file has been uploaded."],

  // Configuration tabs
  "config.tab.voicemail": ["Messagerie vocale", "Voicemail"],
  "config.tab.extensions": ["Postes de transfert", "Transfer extensions"],

  // Transfer extensions
  "config.extensions.title": ["Postes de transfert externes", "Outside transfer extensions"],
  "config.extensions.hint": [
    "Les numéros vers lesquels un appel peut être transféré. Le poste est composé une fois l'appel répondu.",
    "Numbers a call can be transferred to. The extension is dialled once the call is answered.",
  ],
  "config.extensions.add": ["Ajouter un poste", "Add an extension"],
  "config.extensions.edit": ["Modifier le poste", "Edit the extension"],
  "config.extensions.name": ["Nom", "Name"],
  "config.extensions.phone": ["Numéro de téléphone", "Phone number"],
  "config.extensions.extension": ["Poste", "Extension"],
  "config.extensions.extension-hint": ["De 0 à 3 chiffres, composés après la réponse.", "0 to 3 digits, dialled after the answer."],
  "config.extensions.none": ["—", "—"],
  "config.extensions.actions": ["Actions", "Actions"],
  "config.extensions.edit-one": ["Modifier {name}", "Edit {name}"],
  "config.extensions.delete-one": ["Supprimer {name}", "Delete {name}"],
  "config.extensions.empty": ["Aucun poste de transfert pour le moment.", "No transfer extensions yet."],
  "config.extensions.delete-title": ["Supprimer ce poste?", "Delete this extension?"],
  "config.extensions.delete-text": [
    "« {name} » ne sera plus proposé lors d'un transfert d'appel.",
    "“{name}” will no longer be offered when transferring a call.",
  ],
  "config.extensions.disabled": [
    "Le transfert vers des postes externes n'est pas activé pour votre organisation. Communiquez avec le soutien pour l'activer.",
    "Transfer to outside extensions is not enabled for your organisation. Contact support to turn it on.",
  ],
  "config.extensions.tier": [
    "Votre forfait ne comprend pas le transfert vers des postes externes.",
    "Your plan does not include transfer to outside extensions.",
  ],
  "config.extensions.read-only": [
    "Seuls les administrateurs peuvent modifier les postes de transfert.",
    "Only administrators can change transfer extensions.",
  ],

  // Greetings (Voicemail)
  "config.voicemail.title": ["Messages d'accueil par période", "Greetings by period"],
  "config.voicemail.hint": [
    "Ce que l'appelant entend selon l'horaire de l'équipe. Sans message pour une période, celui de l'organisation est utilisé, sinon un message par défaut.",
    "What callers hear according to the team's schedule. Without a greeting for a period, the organisation's is used, otherwise a default message.",
  ],
  "config.voicemail.scope": ["Messages de", "Greetings of"],
  "config.voicemail.scope-organization": ["L'organisation (par défaut)", "The organisation (default)"],
  "config.voicemail.read-only": [
    "Seuls les administrateurs de cette équipe peuvent modifier ses messages d'accueil.",
    "Only this team's administrators can change its greetings.",
  ],
  "config.voicemail.period.OPEN": ["Ouvert", "Open"],
  "config.voicemail.period.CLOSE": ["Fermé", "Closed"],
  "config.voicemail.period.BREAK": ["Pause", "Break"],
  "config.voicemail.period.VACATION": ["Vacances", "Vacation"],
  "config.voicemail.period-hint.OPEN": ["Pendant les heures d'ouverture.", "During opening hours."],
  "config.voicemail.period-hint.CLOSE": ["En dehors des heures d'ouverture.", "Outside opening hours."],
  "config.voicemail.period-hint.BREAK": ["Pendant les pauses de l'horaire.", "During the schedule's breaks."],
  "config.voicemail.period-hint.VACATION": ["Pendant la fermeture pour vacances.", "While closed for vacation."],
  "config.voicemail.enabled": ["Activé", "Enabled"],
  "config.voicemail.not-set": ["Aucun message enregistré pour cette période.", "No greeting saved for this period."],
  "config.voicemail.kind": ["Type de message", "Kind of greeting"],
  "config.voicemail.kind.FILE": ["Fichier", "File"],
  "config.voicemail.kind.TTS": ["Synthèse vocale", "Text to speech"],
  "config.voicemail.kind.RECORDING": ["Enregistrement", "Recording"],
  "config.voicemail.text": ["Texte lu à l'appelant", "Text read to the caller"],
  "config.voicemail.language": ["Langue", "Language"],
  "config.voicemail.language.fr-CA": ["Français (Canada)", "French (Canada)"],
  "config.voicemail.language.en-CA": ["Anglais (Canada)", "English (Canada)"],
  "config.voicemail.upload": ["Choisir un fichier MP3 ou WAV", "Choose an MP3 or WAV file"],
  "config.voicemail.upload-hint": ["2 Mo au maximum.", "2 MB at most."],
  "config.voicemail.uploading": ["Téléversement…", "Uploading…"],
  "config.voicemail.audio": ["{duration} · {size}", "{duration} · {size}"],
  "config.voicemail.listen": ["Écouter", "Listen"],
  "config.voicemail.stop": ["Arrêter", "Stop"],
  "config.voicemail.no-voice": [
    "Aucune voix de synthèse n'est disponible dans ce navigateur : le texte sera lu par le réseau téléphonique.",
    "No speech voice is available in this browser: the phone network will read the text.",
  ],
  "config.voicemail.record": ["Enregistrer", "Record"],
  "config.voicemail.record-stop": ["Terminer l'enregistrement ({duration})", "Stop recording ({duration})"],
  "config.voicemail.record-again": ["Recommencer", "Record again"],
  "config.voicemail.record-unsupported": [
    "Ce navigateur ne permet pas d'enregistrer depuis le microphone.",
    "This browser cannot record from the microphone.",
  ],
  "config.voicemail.short": [
    "Ce message dure moins de {seconds} secondes : les appelants risquent de ne pas l'entendre en entier.",
    "This greeting lasts less than {seconds} seconds: callers may not hear all of it.",
  ],
  "config.voicemail.save": ["Enregistrer la période", "Save this period"],
});

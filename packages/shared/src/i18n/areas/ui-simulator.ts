import { defineMessages } from "../define.ts";

/** The phone simulator (/simulator, development and tests): a person plays a contact texting a clinic. */
export const uiSimulator = defineMessages({
  "simulator.title": ["Simulateur de téléphone", "Phone simulator"],
  "simulator.subtitle": [
    "Outil de développement : jouez un patient qui écrit à une clinique par texto ou par courriel.",
    "Development tool: play a patient who texts or emails a clinic.",
  ],
  "simulator.unavailable.title": ["Simulateur indisponible", "Simulator unavailable"],
  "simulator.unavailable.hint": [
    "Le réseau simulé n'existe qu'en développement et pendant les tests, quand Relais n'est pas relié à Twilio.",
    "The simulated network only exists in development and tests, when Relais is not connected to Twilio.",
  ],
  "simulator.load-failed": ["Le simulateur n'a pas pu joindre le serveur.", "The simulator could not reach the server."],
  "simulator.retry": ["Réessayer", "Try again"],

  // Setting up the phone
  "simulator.setup.title": ["Votre téléphone", "Your phone"],
  "simulator.my-number": ["Mon numéro", "My number"],
  "simulator.my-number.hint": [
    "Le numéro que la clinique verra. Ce navigateur s'en souvient.",
    "The number the clinic will see. This browser remembers it.",
  ],
  "simulator.my-number.use": ["Utiliser", "Use"],
  "simulator.clinic-number": ["Numéro de la clinique", "Clinic number"],
  "simulator.clinic-number.placeholder": ["Choisir un numéro", "Choose a number"],
  "simulator.clinic-option": ["{team} · {number}", "{team} · {number}"],
  "simulator.no-numbers": ["Aucune clinique n'a de numéro de texto.", "No clinic has a texting number."],

  // The phone
  "simulator.phone-label": ["Téléphone simulé", "Simulated phone"],
  "simulator.me": ["Moi : {number}", "Me: {number}"],
  "simulator.live": ["En direct", "Live"],
  "simulator.start.title": ["Choisissez vos numéros", "Choose your numbers"],
  "simulator.start.hint": [
    "Indiquez votre numéro et celui de la clinique, puis écrivez comme le ferait un patient.",
    "Enter your number and the clinic's, then write as a patient would.",
  ],
  "simulator.empty.title": ["Aucun message", "No message"],
  "simulator.empty.hint": [
    "Écrivez à la clinique : votre texto arrivera dans sa boîte de réception.",
    "Text the clinic: your message will arrive in its inbox.",
  ],
  "simulator.messages-label": ["Messages avec la clinique", "Messages with the clinic"],
  "simulator.sent": ["Texto envoyé", "Text sent"],
  "simulator.received": ["Texto reçu", "Text received"],
  "simulator.image-alt": ["Image jointe", "Attached image"],
  "simulator.file-link": ["Fichier joint ({type})", "Attached file ({type})"],

  // Writing
  "simulator.composer.label": ["Texto", "Text message"],
  "simulator.composer.placeholder": ["Écrire un texto…", "Write a text…"],
  "simulator.composer.hint": ["Entrée envoie, Maj+Entrée passe à la ligne", "Enter sends, Shift+Enter starts a new line"],
  "simulator.send": ["Envoyer", "Send"],
  "simulator.attach": ["Joindre une image ou un fichier", "Attach an image or a file"],
  "simulator.remove-file": ["Retirer {name}", "Remove {name}"],

  // The simulated network
  "simulator.settings.title": ["Réseau simulé", "Simulated network"],
  "simulator.settings.description": [
    "S'applique aux textos que la clinique enverra ensuite, pour tous les téléphones simulés.",
    "Applies to the texts the clinic sends next, for every simulated phone.",
  ],
  "simulator.settings.delay": ["Délai entre deux statuts (ms)", "Delay between two statuses (ms)"],
  "simulator.settings.delay-hint": [
    "Envoyé après un délai, livré (ou en échec) après deux.",
    "Sent after one delay, delivered (or failed) after two.",
  ],
  "simulator.settings.failure-rate": ["Taux d'échec", "Failure rate"],
  "simulator.settings.failure-rate-hint": [
    "Part des textos de la clinique qui échouent, tirée pour chacun.",
    "Share of the clinic's texts that fail, drawn for each one.",
  ],
  "simulator.settings.saved": ["Réglages du réseau enregistrés.", "Network settings saved."],
  "simulator.error.delay-range": [
    "Le délai doit être un nombre entier de 0 à 60 000 ms.",
    "The delay must be a whole number from 0 to 60,000 ms.",
  ],
  "simulator.error.failure-rate-range": [
    "Le taux d'échec doit être compris entre 0 et 1 (0 % à 100 %).",
    "The failure rate must be between 0 and 1 (0% to 100%).",
  ],
});

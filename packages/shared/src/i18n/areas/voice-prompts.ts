import { defineMessages } from "../define.ts";

/**
 * What a caller hears from Relais itself over the telephone (VOICE.md §4): defaults when a team
 * has no greeting of its own, the waiting menu, and the apology of a failed webhook. Spoken in
 * French, then English: the caller's language is not known before they speak.
 */
export const voicePrompts = defineMessages({
  "voice-prompt.greeting-open": [
    "Bonjour, merci de votre appel. Veuillez patienter, nous vous répondrons dans un instant.",
    "Hello, thank you for calling. Please hold, we will be with you shortly.",
  ],
  "voice-prompt.greeting-close": ["Bonjour, nos bureaux sont présentement fermés.", "Hello, our office is currently closed."],
  "voice-prompt.greeting-break": ["Bonjour, notre équipe est présentement en pause.", "Hello, our team is on a break right now."],
  "voice-prompt.greeting-vacation": [
    "Bonjour, nos bureaux sont fermés pour les vacances.",
    "Hello, our office is closed for the holidays.",
  ],
  "voice-prompt.queue-menu": [
    "Pour laisser un message, faites le 0. Pour recevoir un texto et être rappelé, faites le 1.",
    "To leave a message, press 0. To get a text and a call back, press 1.",
  ],
  "voice-prompt.voicemail": ["Laissez votre message après le signal sonore.", "Please leave your message after the tone."],
  "voice-prompt.callback": [
    "Merci. Nous vous enverrons un texto et vous rappellerons dès que possible. Au revoir.",
    "Thank you. We will text you and call you back as soon as possible. Goodbye.",
  ],
  "voice-prompt.callback-text": [
    "Vous nous avez demandé de vous rappeler. Nous le ferons dès que possible.",
    "You asked us to call you back. We will do so as soon as possible.",
  ],
  "voice-prompt.goodbye": ["Merci de votre appel. Au revoir.", "Thank you for calling. Goodbye."],
  "voice-prompt.not-in-service": [
    "Ce numéro ne reçoit pas d'appels pour le moment. Au revoir.",
    "This number is not taking calls right now. Goodbye.",
  ],
  "voice-prompt.apology": [
    "Désolé, un problème technique nous empêche de prendre votre appel. Veuillez rappeler plus tard.",
    "Sorry, a technical problem prevents us from taking your call. Please call again later.",
  ],
});

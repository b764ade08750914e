import { defineMessages } from "../define.ts";

/**
 * The simulator's email side (/simulator?mode=email, development and tests; issue 14 §4): a person
 * plays a contact's address writing to a team's sandbox mailbox and reading its replies. Keys start
 * with `simulator.`, so they travel in the simulator's catalogue part.
 */
export const uiSimulatorEmail = defineMessages({
  "simulator.mode.label": ["Ce que vous simulez", "What you simulate"],
  "simulator.mode.phone": ["Téléphone", "Phone"],
  "simulator.mode.email": ["Courriel", "Email"],

  // Setting up the address
  "simulator.email.setup.title": ["Votre adresse courriel", "Your email address"],
  "simulator.email.my-address": ["Mon adresse", "My address"],
  "simulator.email.my-address.hint": [
    "L'adresse que l'équipe verra : celle d'un contact pour arriver dans sa conversation. Ce navigateur s'en souvient.",
    "The address the team will see: a contact's, to land in their thread. This browser remembers it.",
  ],
  "simulator.email.my-address.use": ["Utiliser", "Use"],
  "simulator.email.team": ["Boîte de l'équipe", "Team mailbox"],
  "simulator.email.team.placeholder": ["Choisir une boîte", "Choose a mailbox"],
  "simulator.email.team-option": ["{team} · {address}", "{team} · {address}"],
  "simulator.email.no-mailboxes": [
    "Aucune équipe n'a connecté de boîte simulée. Un administrateur la connecte dans Configuration, onglet Courriel.",
    "No team has connected a sandbox mailbox. An administrator connects it in Configuration, Email tab.",
  ],
  "simulator.email.sync-note": [
    "L'équipe relève sa boîte une fois par minute : votre courriel paraît dans Relais au plus tard une minute après l'envoi. Ses réponses paraissent ici d'elles-mêmes.",
    "The team checks its mailbox once a minute: your email shows in Relais at most a minute after you send it. Its replies show here by themselves.",
  ],

  // The mail window
  "simulator.email.window-label": ["Boîte courriel simulée", "Simulated mailbox"],
  "simulator.email.me": ["Moi : {address}", "Me: {address}"],
  "simulator.email.start.title": ["Choisissez vos adresses", "Choose your addresses"],
  "simulator.email.start.hint": [
    "Indiquez votre adresse et la boîte de l'équipe, puis écrivez comme le ferait un patient.",
    "Enter your address and the team's mailbox, then write as a patient would.",
  ],
  "simulator.email.empty.title": ["Aucun courriel pour l'instant", "No email yet"],
  "simulator.email.empty.hint": [
    "Écrivez à l'équipe : les réponses de son personnel paraîtront ici.",
    "Write to the team: its staff's replies will show here.",
  ],
  "simulator.email.list-label": ["Courriels avec l'équipe", "Emails with the team"],
  "simulator.email.sent": ["Envoyé", "Sent"],
  "simulator.email.received": ["Reçu", "Received"],
  "simulator.email.from": ["De : {address}", "From: {address}"],
  "simulator.email.to": ["À : {addresses}", "To: {addresses}"],
  "simulator.email.no-subject": ["(sans objet)", "(no subject)"],
  "simulator.email.attachments": ["Pièces jointes : {names}", "Attachments: {names}"],
  "simulator.email.reply": ["Répondre", "Reply"],
  "simulator.email.reply-to": ["Répondre à « {subject} »", "Reply to “{subject}”"],
  "simulator.email.stale": [
    "La boîte n'a pas pu être relue, les courriels affichés peuvent dater un peu.",
    "The mailbox could not be read again; the emails shown may be a little old.",
  ],

  // Writing
  "simulator.email.compose.title": ["Nouveau courriel", "New email"],
  "simulator.email.compose.replying": ["Réponse à « {subject} »", "Replying to “{subject}”"],
  "simulator.email.compose.cancel-reply": ["Écrire un nouveau courriel plutôt", "Write a new email instead"],
  "simulator.email.subject": ["Objet", "Subject"],
  "simulator.email.body": ["Message", "Message"],
  "simulator.email.body.placeholder": ["Écrire à l'équipe…", "Write to the team…"],
  "simulator.email.send": ["Envoyer le courriel", "Send the email"],
  "simulator.email.error.subject-required": ["Indiquez l'objet du courriel.", "Enter the email's subject."],
  "simulator.email.error.body-required": ["Écrivez le message avant d'envoyer.", "Write the message before sending."],
  "simulator.email.error.mailbox-gone": [
    "Cette boîte n'est plus connectée à une équipe. Choisissez-en une autre.",
    "This mailbox is no longer connected to a team. Choose another one.",
  ],
});

import { defineMessages } from "../define.ts";

/** Desk phones (issue 13 §4, decision 0041): the API's errors and the phone settings' texts. */
export const sips = defineMessages({
  "error.sip-label-exists": ["Un poste fixe porte déjà ce nom.", "A desk phone already has this name."],
  "error.sips-unavailable": [
    "Les postes fixes ne sont pas configurés pour ce serveur (domaine SIP).",
    "Desk phones are not set up on this server (SIP domain).",
  ],
  "sips.title": ["Poste fixe", "Desk phone"],
  "sips.hint": [
    "Un poste fixe sonne en même temps que le navigateur quand un appel vous est offert. Le premier qui répond prend l'appel.",
    "A desk phone rings together with the browser when a call is offered to you. Whichever answers first takes the call.",
  ],
  "sips.none-assigned": ["Aucun poste fixe ne vous est attribué.", "No desk phone is assigned to you."],
  "sips.assigned": ["Votre poste fixe : {label}", "Your desk phone: {label}"],
  "sips.choose": ["Choisir un poste libre", "Choose a free desk phone"],
  "sips.take": ["Prendre ce poste", "Take this phone"],
  "sips.release": ["Libérer le poste", "Release the phone"],
  "sips.none-free": ["Aucun poste fixe n'est libre.", "No desk phone is free."],
  "sips.admin.title": ["Postes fixes de l'organisation", "The organisation's desk phones"],
  "sips.admin.label": ["Nom du poste", "Phone name"],
  "sips.admin.add": ["Ajouter un poste", "Add a phone"],
  "sips.admin.remove": ["Supprimer", "Remove"],
  "sips.admin.free": ["Libre", "Free"],
  "sips.admin.password": [
    "Mot de passe SIP de {username} (affiché une seule fois) : {password}",
    "SIP password of {username} (shown this once): {password}",
  ],
  "simulator.mode.desk": ["Poste fixe", "Desk phone"],
  "simulator.desk.address": ["Adresse SIP du poste", "The desk phone's SIP address"],
  "simulator.desk.hint": [
    "Celle que le profil de la personne affiche (sip:…). Le poste sonne quand un appel lui est offert; dans le bac à sable, aucun son ne passe.",
    "The one the person's profile shows (sip:…). The phone rings when a call is offered to them; in the sandbox, no sound goes through.",
  ],
  "simulator.desk.use": ["Utiliser", "Use"],
  "simulator.desk.invalid": ["Adresse SIP invalide.", "Invalid SIP address."],
  "simulator.desk.waiting": ["En attente d'un appel", "Waiting for a call"],
  "simulator.desk.label": ["Poste fixe simulé", "Simulated desk phone"],
  "success.sip-assigned": ["Le poste fixe vous est attribué.", "The desk phone is now yours."],
  "success.sip-released": ["Le poste fixe est libéré.", "The desk phone has been released."],
  "success.sip-removed": ["Le poste fixe a été supprimé.", "The desk phone has been removed."],
});

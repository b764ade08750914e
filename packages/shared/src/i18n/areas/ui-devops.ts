import { defineMessages } from "../define.ts";

/** Interface texts of the devops screen (maintenance status). */
export const uiDevops = defineMessages({
  "devops.title": ["Devops", "Devops"],
  "devops.subtitle": [
    "L'état de maintenance affiché à tous les utilisateurs de Relais, page de connexion comprise.",
    "The maintenance status shown to every Relais user, sign-in page included.",
  ],
  "devops.maintenance": ["État de maintenance", "Maintenance status"],
  "devops.status": ["État du service", "Service status"],
  "devops.enabled": ["Maintenance active", "Maintenance on"],
  "devops.enabled-hint": [
    "Sans cette option, ni bandeau ni écran de maintenance n'est affiché.",
    "Without this option, neither banner nor maintenance screen is shown.",
  ],
  "devops.banner": ["Bandeau", "Banner"],
  "devops.banner-text-fr": ["Texte du bandeau (français)", "Banner text (French)"],
  "devops.banner-text-en": ["Texte du bandeau (anglais)", "Banner text (English)"],
  "devops.overlay": ["Écran de maintenance", "Maintenance screen"],
  "devops.overlay-hint": ["Couvre toute la page et bloque l'utilisation de Relais.", "Covers the whole page and blocks the use of Relais."],
  "devops.dismissable": ["L'utilisateur peut fermer l'écran de maintenance", "Users may close the maintenance screen"],
  "devops.next-window": ["Prochaine fenêtre de maintenance", "Next maintenance window"],
  "devops.duration": ["Durée prévue (minutes)", "Expected duration (minutes)"],
  "devops.publish": ["Publier", "Publish"],
  "devops.saved": ["L'état de maintenance a été publié.", "The maintenance status has been published."],
  "devops.preview": ["Aperçu", "Preview"],
  "devops.preview-language": ["Langue de l'aperçu", "Preview language"],
  "devops.preview-off": ["Aucune maintenance affichée", "No maintenance shown"],
  "devops.preview-off-hint": [
    "Activez la maintenance pour voir le bandeau et l'écran tels que les utilisateurs les verront.",
    "Turn maintenance on to see the banner and the screen as users will see them.",
  ],
  "devops.preview-no-banner": ["Le bandeau n'est pas affiché.", "The banner is not shown."],
  "devops.preview-no-overlay": ["L'écran de maintenance n'est pas affiché.", "The maintenance screen is not shown."],
});

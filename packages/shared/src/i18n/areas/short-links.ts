import { defineMessages } from "../define.ts";

/** The page a visitor of a short link (/l/{code}) sees when it leads nowhere; shown in both languages. */
export const shortLinks = defineMessages({
  "short-link.not-found-title": ["Lien introuvable", "Link not found"],
  "short-link.not-found": [
    "Ce lien n'existe pas ou n'est plus valide. Vérifiez l'adresse reçue ou communiquez avec la personne qui vous l'a envoyée.",
    "This link does not exist or is no longer valid. Check the address you received or contact the person who sent it.",
  ],
  "short-link.throttled-title": ["Trop de visites", "Too many visits"],
});

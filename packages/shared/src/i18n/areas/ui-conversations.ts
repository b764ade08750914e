import { defineMessages } from "../define.ts";

/** Interface texts of the conversations screen and of the real-time connection. */
export const uiConversations = defineMessages({
  // Real-time connection (spec part 1 §4, conversation connection states)
  "realtime.label": ["Connexion en temps réel", "Real-time connection"],
  "realtime.disconnected": ["Temps réel : déconnecté", "Real time: disconnected"],
  "realtime.disconnecting": ["Temps réel : déconnexion…", "Real time: disconnecting…"],
  "realtime.connecting": ["Temps réel : connexion…", "Real time: connecting…"],
  "realtime.connected": ["Temps réel : connecté", "Real time: connected"],
  "realtime.reconnecting": ["Temps réel : reconnexion…", "Real time: reconnecting…"],
  "realtime.polling": [
    "Temps réel : connexion directe impossible, mise à jour toutes les 2,5 secondes",
    "Real time: no direct connection, updating every 2.5 seconds",
  ],
  "realtime.connection-failed": ["Temps réel : connexion impossible, nouvel essai en cours", "Real time: unable to connect, trying again"],

  // Tab title while something new waits
  "conversations.title-new-message": ["Nouveau message", "New message"],

  // Thread list
  "conversations.list-label": ["Liste des conversations", "Conversation list"],
  "conversations.messages-label": ["Messages de la conversation", "Messages of the conversation"],
  "conversations.tab.active": ["Actives", "Active"],
  "conversations.tab.archived": ["Archivées", "Archived"],
  "conversations.unread-count": ["{count, plural, one {# non lue} other {# non lues}}", "{count, plural, one {# unread} other {# unread}}"],
  "conversations.search": ["Rechercher un numéro ou un message", "Search a number or a message"],
  "conversations.new": ["Nouvelle conversation", "New conversation"],
  "conversations.search-clear": ["Effacer la recherche", "Clear the search"],
  "conversations.attachment": ["Pièce jointe", "Attachment"],
  "conversations.last-call.inbound": ["Appel reçu", "Call received"],
  "conversations.last-call.outbound": ["Appel passé", "Call made"],
  "conversations.last-call.missed": ["Appel manqué", "Missed call"],
  "conversations.unread": ["Non lue", "Unread"],
  "conversations.pinned": ["Épinglée", "Pinned"],
  "conversations.no-message": ["Aucun message", "No message"],
  "conversations.you": ["Vous : {text}", "You: {text}"],
  "conversations.empty.title": ["Aucune conversation pour l'instant", "No conversation yet"],
  "conversations.empty.hint": [
    "Les textos reçus au numéro de votre équipe apparaîtront ici. Vous pouvez aussi écrire le premier.",
    "Texts received at your team's number will show up here. You can also write the first one.",
  ],
  "conversations.empty-archived.title": ["Aucune conversation archivée", "No archived conversation"],
  "conversations.empty-archived.hint": [
    "Les conversations que vous archivez sont rangées ici.",
    "The conversations you archive are kept here.",
  ],
  "conversations.no-match": ["Aucune conversation ne correspond à la recherche.", "No conversation matches the search."],
  "conversations.no-match-hint": [
    "Rien pour « {search} » dans les numéros ni dans les derniers messages. Essayez une partie d'un numéro ou un autre mot.",
    "Nothing for “{search}” in the numbers or the last messages. Try part of a number or another word.",
  ],
  "conversations.load-failed": ["Les conversations n'ont pas pu être chargées.", "The conversations could not be loaded."],
  "conversations.retry-load": ["Réessayer", "Try again"],

  // Open thread
  "conversations.none-selected.title": ["Aucune conversation ouverte", "No conversation open"],
  "conversations.none-selected.hint": [
    "Choisissez une conversation dans la liste ou commencez-en une nouvelle.",
    "Pick a conversation from the list or start a new one.",
  ],
  "conversations.thread-not-found": [
    "Cette conversation n'existe plus ou n'est pas accessible.",
    "This conversation no longer exists or is not available.",
  ],
  "conversations.archived-badge": ["Archivée", "Archived"],
  "conversations.pin": ["Épingler", "Pin"],
  "conversations.unpin": ["Désépingler", "Unpin"],
  "conversations.archive": ["Archiver", "Archive"],
  "conversations.unarchive": ["Désarchiver", "Unarchive"],
  "conversations.delete": ["Supprimer la conversation", "Delete the conversation"],
  "conversations.delete-title": ["Supprimer la conversation", "Delete the conversation"],
  "conversations.delete-confirm": [
    "La conversation avec {phone} et tous ses messages seront supprimés définitivement.",
    "The conversation with {phone} and all its messages will be deleted for good.",
  ],
  "conversations.deleted": ["La conversation a été supprimée.", "The conversation has been deleted."],
  "conversations.archived": ["La conversation a été archivée.", "The conversation has been archived."],
  "conversations.unarchived": ["La conversation a été désarchivée.", "The conversation has been unarchived."],
  "conversations.load-older": ["Afficher les messages précédents", "Show earlier messages"],
  "conversations.no-messages": ["Aucun message dans cette conversation.", "No message in this conversation."],

  // Message statuses
  "message.status.sending": ["Envoi en cours", "Sending"],
  "message.status.sent": ["Envoyé", "Sent"],
  "message.status.delivered": ["Livré", "Delivered"],
  "message.status.failed": ["Échec de l'envoi", "Not sent"],
  "message.retry": ["Renvoyer", "Send again"],
  "message.inbound": ["Message reçu", "Message received"],
  "message.outbound": ["Message envoyé", "Message sent"],

  // Composer
  "composer.label": ["Votre message", "Your message"],
  "composer.placeholder": [
    "Écrivez un message (Entrée pour envoyer, Maj+Entrée pour un saut de ligne)",
    "Write a message (Enter to send, Shift+Enter for a new line)",
  ],
  "composer.send": ["Envoyer", "Send"],

  // Attachments (media) in the composer and in messages
  "composer.attach": ["Joindre un fichier", "Attach a file"],
  "composer.attachments": ["Pièces jointes à envoyer", "Attachments to send"],
  "composer.remove-attachment": ["Retirer {name}", "Remove {name}"],
  "composer.uploading": ["Téléversement de {name}…", "Uploading {name}…"],
  "message.media.list": ["Pièces jointes", "Attachments"],
  "message.media.image": ["Image {name}", "Image {name}"],
  "message.media.open": ["Agrandir l'image {name}", "Enlarge the image {name}"],
  "message.media.download": ["Télécharger {name}", "Download {name}"],
  "message.media.loading": ["Chargement de l'image…", "Loading the image…"],
  "message.media.unavailable": ["Aperçu indisponible", "Preview unavailable"],

  // New conversation dialog
  "new-conversation.title": ["Nouvelle conversation", "New conversation"],
  "new-conversation.number": ["Numéro de téléphone", "Phone number"],
  "new-conversation.number-hint": ["Par exemple (514) 555-1234", "For example (514) 555-1234"],
  "new-conversation.message": ["Premier message", "First message"],
  "new-conversation.submit": ["Envoyer", "Send"],
});

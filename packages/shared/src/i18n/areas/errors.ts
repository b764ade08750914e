import { defineMessages } from "../define.ts";

/**
 * Error catalogue: every error.* key of spec parts 1 and 2 (§8 of each), French text first, plus
 * success.support-send, the other outcome of the support request.
 */
export const errors = defineMessages({
  "error.unknown": ["Une erreur est survenue.", "An error occurred."],
  "error.not-found": ["Élément introuvable.", "Item not found."],
  "error.forbidden": ["Vous n'avez pas l'autorisation d'effectuer cette action.", "You are not allowed to do this."],
  "error.tier-forbidden": [
    "Votre forfait ne comprend pas cette fonction. Passez à un forfait supérieur pour l'utiliser.",
    "Your plan does not include this feature. Upgrade your plan to use it.",
  ],
  "error.unauthorized": ["Veuillez vous connecter.", "Please sign in."],
  "error.validation": ["Certains champs sont invalides.", "Some fields are invalid."],
  "error.bad-request": ["Requête invalide.", "Invalid request."],
  "error.invalid-signature": ["Signature de la requête invalide.", "Invalid request signature."],
  "error.payload-too-large": ["La requête est trop volumineuse.", "The request is too large."],
  "error.session-expired": ["Votre session a expiré. Veuillez vous reconnecter.", "Your session has expired. Please sign in again."],
  "error.session-replaced": [
    "Une nouvelle connexion a été détectée sur un autre appareil. Vous avez été déconnecté.",
    "A new sign-in was detected on another device. You have been signed out.",
  ],
  "error.invalid-credentials": ["Courriel ou mot de passe invalide.", "Invalid email or password."],
  "error.login-outside-work-hours": [
    "La connexion est impossible en dehors des heures d'ouverture.",
    "Signing in is not allowed outside business hours.",
  ],
  "error.login-outside-office": [
    "La connexion est impossible depuis cet appareil ou ce réseau.",
    "Signing in is not allowed from this device or network.",
  ],
  "error.throttle": ["Trop de requêtes. Essayez de nouveau dans {retry} secondes.", "Too many requests. Try again in {retry} seconds."],
  "error.password-reset-invalid": ["Ce lien de réinitialisation est invalide ou a expiré.", "This reset link is invalid or has expired."],
  "error.current-password": ["Le mot de passe actuel est incorrect.", "The current password is incorrect."],
  "error.duplicate-email": ["Ce courriel est déjà utilisé.", "This email is already in use."],
  "error.duplicate-group-label": ["Une équipe porte déjà ce nom.", "A team already has this name."],
  "error.team-email-reused": [
    "Le courriel d'une équipe ne peut pas être celui de l'organisation ou d'un utilisateur.",
    "A team email cannot be the organisation's or a user's email.",
  ],
  "error.last-team-admin": ["Chaque équipe doit garder au moins un administrateur.", "Each team must keep at least one administrator."],
  "error.last-team-user": ["Chaque équipe doit garder au moins un utilisateur.", "Each team must keep at least one user."],
  "error.last-org-admin": [
    "L'organisation doit garder au moins un administrateur.",
    "The organisation must keep at least one administrator.",
  ],
  "error.user-needs-team": ["Un utilisateur doit appartenir à au moins une équipe.", "A user must belong to at least one team."],
  "error.team-admin-only": [
    "Seul un administrateur de l'équipe peut y ajouter des membres.",
    "Only an administrator of the team can add members to it.",
  ],
  "error.cannot-join-self": ["Vous ne pouvez pas vous ajouter vous-même à une équipe.", "You cannot add yourself to a team."],
  "error.single-team-only": ["Votre forfait ne permet qu'une seule équipe.", "Your plan allows a single team only."],
  "error.already-member": ["Cet utilisateur est déjà membre de l'équipe.", "This user is already a member of the team."],
  "error.not-member": ["Vous n'êtes pas membre de cette équipe.", "You are not a member of this team."],
  "error.team-not-empty": [
    "Retirez d'abord les membres qui n'appartiennent qu'à cette équipe.",
    "First move the members who belong only to this team.",
  ],
  "error.main-team": ["L'équipe principale ne peut pas être supprimée.", "The main team cannot be deleted."],
  "error.change-group": ["Une erreur est survenue lors du changement d'équipe.", "An error occurred when changing the group."],
  "error.update-status": ["Une erreur est survenue lors de la mise à jour du statut.", "An error occurred while updating the status."],
  "error.add-conversation": [
    "Une erreur est survenue lors de la création de la conversation.",
    "An error occurred while creating the conversation.",
  ],
  "error.add-conversation-number": [
    "Le numéro de téléphone pour ce contact est invalide.",
    "The phone number for this contact is invalid.",
  ],
  "error.appointment-taken": ["Cette disponibilité est déjà prise par un autre patient", "This slot is already taken by another patient."],
  "error.existing-conversation": ["Une conversation existe déjà avec ce numéro.", "A conversation already exists with this number."],
  "error.existing-archived": [
    "Une conversation archivée existe déjà avec ce numéro.",
    "An archived conversation already exists with this number.",
  ],
  "error.invalid-state": ["État de conversation invalide.", "Invalid state."],
  "error.message-not-retryable": [
    "Seul un message sortant en échec peut être renvoyé.",
    "Only a failed outgoing message can be sent again.",
  ],
  "error.too-many": ["Trop d'éléments.", "Too many items."],
  "error.provider-disconnected": ["Le compte courriel de l'équipe est déconnecté.", "The team's email account is disconnected."],
  "error.no-sips": ["Aucun poste SIP disponible.", "No SIP line available."],
  "error.phone-invalid": ["Le numéro de téléphone est invalide.", "The phone number is invalid."],
  "error.min-search-characters": ["La recherche doit contenir au moins 3 caractères.", "Search needs at least 3 characters."],
  "error.search-results": ["Trop de résultats dans la recherche, veuillez la préciser.", "Too many results, please refine your search."],
  "error.no-microphone": ["Aucun microphone détecté sur cet appareil", "No microphone detected on this device."],
  "error.unsupported-device": ["Appareil non supporté (1024 px minimum)", "Device not supported (1024 px minimum)."],
  "error.invalid-break-time": ["Les pauses doivent être comprises dans les heures d'ouverture.", "Breaks must be within working hours."],
  "error.get-patient": ["Une erreur est survenue lors de la recherche du contact.", "An error occurred while looking up the contact."],
  "error.organization-load": ["Impossible de charger les données de l'organisation.", "Unable to load the organisation's data."],
  "error.tiers-load": ["Impossible de charger le forfait.", "Unable to load the plan."],

  // Conversations and contacts (spec part 1 §8, part 2 §8).
  "error.contact-exists": ["Ce contact existe déjà.", "This contact already exists."],
  "error.existing-contact": ["Un contact existe déjà avec ce numéro de téléphone.", "A contact already exists with this phone number."],
  "error.existing-flux": [
    "Un flux automatisé est déjà en cours pour ce contact.",
    "An automated flow is already in progress for this contact.",
  ],
  "error.patient-deleted": ["Le patient n'existe plus", "The patient no longer exists."],
  "error.contact-has-appointment": [
    "Ce contact a un rendez-vous et ne peut pas être supprimé.",
    "This contact has an appointment and cannot be deleted.",
  ],
  "error.contact-email-change-warning": [
    "Les pièces jointes envoyées à partir de l'ancien courriel ne seront plus accessibles.",
    "Attachments sent from the old email will no longer be accessible.",
  ],
  "error.message-send-failed": ["Échec de l'envoi du message", "Failed to send the message."],
  "error.scheduled-reminder-past": [
    "Un rappel choisi serait déjà passé à cette heure : retirez-le ou choisissez une heure plus lointaine.",
    "A chosen reminder would already be past at this time: remove it or choose a later time.",
  ],
  "error.scheduled-message-save": [
    "Erreur lors de la création, mise à jour ou suppression du message programmé",
    "Error while creating, updating or deleting the scheduled message.",
  ],
  "error.document-and-attachment": [
    "Impossible d'envoyer à la fois un document et une pièce jointe.",
    "You cannot send both a document and an attachment.",
  ],
  "error.quick-message-with-attachment": [
    "Impossible d'envoyer un message rapide accompagné d'une pièce jointe.",
    "You cannot send a quick message with an attachment.",
  ],
  "error.duplicate-id": ["Cet identifiant est déjà utilisé.", "This identifier is already in use."],

  // Files and uploads (spec part 2 §5, §9: decimal units).
  "error.image-size": ["L'image ne doit pas dépasser 200 Ko.", "The image must not exceed 200 KB."],
  "error.pdf-size": ["Le fichier PDF doit faire moins de 600 Ko.", "The PDF file must be under 600 KB."],
  "error.media-size": ["Le fichier média ne doit pas dépasser 2 Mo.", "The media file must not exceed 2 MB."],
  "error.limit-size": ["Le total des pièces jointes doit être inférieur à 20 Mo.", "Attachments must total less than 20 MB."],
  "error.media-type": [
    "Ce type de fichier ne peut pas être envoyé (images .jpg, .jpeg, .png, PDF, audio ou vidéo).",
    "This type of file cannot be sent (.jpg, .jpeg, .png images, PDF, audio or video).",
  ],
  "error.media-already-sent": [
    "Cette pièce jointe a déjà été envoyée. Joignez le fichier de nouveau.",
    "This attachment has already been sent. Attach the file again.",
  ],
  "error.link-expired": ["Ce lien a expiré.", "This link has expired."],
  "error.file-too-large": ["Le fichier est trop volumineux (maximum {size}).", "The file is too large (maximum {size})."],
  "error.download": [
    "Une erreur est survenue lors du téléchargement de la pièce jointe.",
    "An error occurred while downloading the attachment.",
  ],

  // Session, access and configuration.
  "error.too-many-attempts": ["Trop de tentatives. Veuillez réessayer plus tard.", "Too many attempts. Please try again later."],
  "error.invalid-invitation-code": ["Le code d'invitation est invalide.", "The invitation code is invalid."],
  "error.invalid-user-group-email-domain": [
    "Le domaine de ce courriel n'est pas accepté pour une équipe.",
    "This email domain is not accepted for a team.",
  ],
  "error.no-phones-configured": ["Aucun numéro de téléphone n'est configuré.", "No phone number is configured."],
  "error.web-calls-update": ["Impossible de mettre à jour les appels web.", "Unable to update web calls."],
  "error.tokens-load": ["Impossible de charger les jetons.", "Unable to load the tokens."],
  "error.email-logout": [
    "Une erreur est survenue lors de la déconnexion du compte courriel.",
    "An error occurred while disconnecting the email account.",
  ],
  "error.synchronisation": ["Une erreur est survenue lors de la synchronisation.", "An error occurred during synchronisation."],
  "error.support-send": ["Une erreur est survenue lors de l'envoi du message.", "An error occurred while sending the message"],
  /** Not an error, but the other outcome of the support request (spec part 2 §8). */
  "success.support-send": ["Votre demande a été envoyée avec succès!", "Your request has been sent successfully!"],

  // Connection of the messaging feed and of the voice device (spec part 1 §4, §8).
  "error.connection-unstable": ["La connexion est instable.", "The connection is unstable."],
  "error.reconnecting": ["Reconnexion en cours…", "Reconnecting…"],
  "error.initialisation-failed": ["Le chargement des conversations a échoué.", "The conversations failed to load."],

  // Voice calls (spec part 1 §5, §8).
  "error.unable-to-initiate-call": ["Impossible de lancer l'appel.", "Unable to initiate call"],
  "error.invalid-number": ["Le numéro entré est invalide.", "The number entered is invalid."],
  "error.call-contact": ["Une erreur est survenue lors de l'appel du contact.", "An error occurred while calling contact"],
  "error.transfer-call": ["Une erreur est survenue lors du transfert de l'appel.", "An error occurred while transferring the call."],
  "error.send-call-to-queue": [
    "Une erreur est survenue lors de l'envoi de l'appel dans la file d'attente.",
    "An error occurred while sending the call to the queue.",
  ],
  "error.enqueue": ["Impossible de placer l'appel dans la file d'attente.", "Unable to place the call in the queue."],
  "error.dequeue": ["Impossible de retirer l'appel de la file d'attente.", "Unable to take the call out of the queue."],
  // The browser phone's refusals (issue 12).
  "error.call-taken": ["Appel pris par {name}.", "Taken by {name}."],
  "error.call-ended": ["Cet appel est terminé.", "This call has ended."],
  "error.call-not-recording": ["Cet appel n'enregistre pas de message vocal.", "This call is not recording a voicemail."],
  "error.call-not-offered": ["Cet appel ne vous est pas proposé.", "This call is not offered to you."],
  "error.call-not-owner": ["Cet appel est pris par une autre personne.", "Someone else has this call."],
  "error.call-held": ["Reprenez l'appel avant de raccrocher.", "Resume the call before hanging up."],
  "error.call-not-active": ["L'appel n'est pas encore en cours.", "The call is not in progress yet."],
  "error.call-not-accepted": [
    "L'appel doit être accepté avant d'être mis en attente.",
    "The call must be accepted before it is sent to the queue.",
  ],
  "error.already-on-call": ["Vous êtes déjà en communication.", "You are already on a call."],
  "error.web-calls-disabled": [
    "Les appels dans le navigateur sont désactivés pour votre organisation.",
    "Calls in the browser are turned off for your organization.",
  ],
});

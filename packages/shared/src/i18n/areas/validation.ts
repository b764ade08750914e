import { defineMessages } from "../define.ts";

/** Field validation texts shown under form fields. */
export const validation = defineMessages({
  "validation.required": ["Ce champ est requis.", "This field is required."],
  "validation.invalid": ["Valeur invalide.", "Invalid value."],
  "validation.max-length": ["Maximum de {maxLength} caractères.", "Maximum of {maxLength} characters."],
  "validation.email": ["Le courriel est invalide.", "The email is invalid."],
  "validation.url": ["L'adresse web est invalide.", "The web address is invalid."],
  "validation.network": ["Adresse réseau invalide (ex. 203.0.113.0/24).", "Invalid network address (e.g. 203.0.113.0/24)."],
  "validation.date-format": ["Format de date invalide (AAAA-MM-JJ).", "Invalid date format (YYYY-MM-DD)."],
  "validation.birthday": [
    "La date de naissance doit être une date réelle qui n'est pas dans le futur.",
    "The date of birth must be a real date that is not in the future.",
  ],
  "validation.time-format": ["Format d'heure invalide (HH:mm)", "Invalid time format (HH:mm)."],
  "validation.start-before-end": ["Le début doit précéder la fin.", "The start must come before the end."],
  "validation.breaks-overlap": ["Les pauses ne doivent pas se chevaucher.", "Breaks must not overlap."],
  "validation.password-min-length": [
    "Le mot de passe doit contenir au moins 8 caractères.",
    "The password must be at least 8 characters long.",
  ],
  "validation.password-lowercase": [
    "Le mot de passe doit contenir au moins une lettre minuscule.",
    "The password must contain at least one lowercase letter.",
  ],
  "validation.password-uppercase": [
    "Le mot de passe doit contenir au moins une lettre majuscule.",
    "The password must contain at least one uppercase letter.",
  ],
  "validation.password-digit": ["Le mot de passe doit contenir au moins un chiffre.", "The password must contain at least one digit."],
  "validation.password-special": [
    "Le mot de passe doit contenir au moins un caractère spécial.",
    "The password must contain at least one special character.",
  ],
  "validation.password-confirmation": ["La confirmation doit être identique au mot de passe.", "The confirmation must match the password."],

  // Other rules of spec part 2 §5.
  "validation.number": ["Veuillez entrer un nombre valide.", "Please enter a valid number."],
  "validation.phone": [
    "Entrez un numéro de téléphone international valide (ex. +15145550123).",
    "Enter a valid international phone number (e.g. +15145550123).",
  ],
  "validation.extension": ["Le poste doit contenir de 0 à 3 chiffres.", "The extension must have 0 to 3 digits."],
  "validation.id-no-dash": ["L'identifiant ne doit pas contenir de trait d'union.", "The identifier must not contain a dash."],
  "validation.not-in": ["Cette valeur n'est pas permise.", "This value is not allowed."],
  "validation.max-size": ["Le fichier ne doit pas dépasser {size}.", "The file must not exceed {size}."],
  "validation.automatic-message-required": ["Le message automatique ne peut pas être vide.", "The automatic message cannot be empty."],
  "validation.email-already-in-list": ["Le courriel est déjà dans la liste", "The email is already in the list."],
  "validation.availability-overlap": ["Les disponibilités ne doivent pas se chevaucher.", "Availability must not overlap."],
  "validation.slide-label-required": ["Chaque diapositive doit avoir un libellé.", "Each slide needs a label."],

  // Scheduled messages (spec part 2 §5); the time format is validation.time-format.
  "validation.scheduled-title-required": ["Le titre est requis", "The title is required."],
  "validation.scheduled-message-required": ["Le message est requis", "The message is required."],
  "validation.scheduled-too-soon": [
    "L'heure prévue doit être au moins 5 minutes dans le futur",
    "The scheduled time must be at least 5 minutes in the future.",
  ],

  /**
   * Required fields of spec part 2 §5, one key per field so that a field problem
   * (`{path, code}`, no params) names its field: "Le champ « X » est requis."
   */
  "validation.required-address": ["Le champ « Adresse » est requis.", "The 'Address' field is required."],
  "validation.required-alias": ["Le champ « Alias » est requis.", "The 'Alias' field is required."],
  "validation.required-birthday": ["Le champ « Date de naissance » est requis.", "The 'Date of birth' field is required."],
  "validation.required-organization-name": ["Le champ « Nom de l'organisation » est requis.", "The 'Organisation name' field is required."],
  "validation.required-consultation-alias": [
    "Le champ « Alias de la consultation » est requis.",
    "The 'Consultation alias' field is required.",
  ],
  "validation.required-protocol-alias": ["Le champ « Alias du protocole » est requis.", "The 'Protocol alias' field is required."],
  "validation.required-contact-name": ["Le champ « Nom du contact » est requis.", "The 'Contact name' field is required."],
  "validation.required-content": ["Le champ « Contenu » est requis.", "The 'Content' field is required."],
  "validation.required-description": ["Le champ « Description » est requis.", "The 'Description' field is required."],
  "validation.required-email": ["Le champ « Courriel » est requis.", "The 'Email' field is required."],
  "validation.required-experience": ["Le champ « Expérience » est requis.", "The 'Experience' field is required."],
  "validation.required-expertise": ["Le champ « Expertise » est requis.", "The 'Expertise' field is required."],
  "validation.required-first-name": ["Le champ « Prénom » est requis.", "The 'First name' field is required."],
  "validation.required-last-name": ["Le champ « Nom de famille » est requis.", "The 'Last name' field is required."],
  "validation.required-name": ["Le champ « Nom » est requis.", "The 'Name' field is required."],
  "validation.required-teams": ["Le champ « Équipes » est requis.", "The 'Teams' field is required."],
  "validation.required-password": ["Le champ « Mot de passe » est requis.", "The 'Password' field is required."],
  "validation.required-password-confirmation": [
    "Le champ « Confirmation du mot de passe » est requis.",
    "The 'Password confirmation' field is required.",
  ],
  "validation.required-phone": ["Le champ « Téléphone » est requis.", "The 'Phone' field is required."],
  "validation.required-telephone": ["Le champ « Numéro de téléphone » est requis.", "The 'Telephone number' field is required."],
  "validation.required-post-id": ["Le champ « Identifiant de la publication » est requis.", "The 'Post ID' field is required."],
  // Spec part 2 §5: profession and role are marked * (the form marks them as required).
  "validation.required-profession": ["Le champ « Profession * » est requis.", "The 'Profession *' field is required."],
  "validation.required-role": ["Le champ « Rôle * » est requis.", "The 'Role *' field is required."],
  "validation.required-vacation-message": ["Le champ « Message de vacances » est requis.", "The 'Vacation message' field is required."],
  "validation.required-invitation-code": ["Le champ « Code d'invitation » est requis.", "The 'Invitation code' field is required."],
});

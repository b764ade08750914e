import { defineMessages } from "../define.ts";

/**
 * Contact import (spec part 2 §3, "Import file"): its errors, the reasons a line is refused (also
 * the downloaded report's words), and the import dialog.
 */
export const uiContactImport = defineMessages({
  // Whole-file errors: nothing is imported.
  "error.import-empty": ["Le fichier ne contient aucun contact.", "The file holds no contacts."],
  "error.import-format": [
    "Ce fichier n'est ni un fichier CSV ni un classeur Excel (.xlsx ou .xls).",
    "This file is neither a CSV file nor an Excel workbook (.xlsx or .xls).",
  ],
  "error.import-date-format": [
    "Les dates de naissance de ce fichier peuvent se lire jour en premier ou mois en premier : choisissez leur format.",
    "The birth dates of this file can be read day first or month first: choose their format.",
  ],
  "error.import-columns": [
    "Le fichier doit avoir 11 colonnes (prénom, nom, téléphone, courriel, date de naissance, adresse, ville, code postal, langue, genre, note); sa première ligne en a {found}.",
    "The file must have 11 columns (first name, last name, phone, email, birth date, address, city, postal code, language, gender, note); its first line has {found}.",
  ],
  "error.import-too-large": ["Le fichier dépasse {max} Mo.", "The file is larger than {max} MB."],
  "error.import-unpacked-too-large": [
    "Une fois décompressé, ce classeur dépasse {max} Mo : enregistrez sa première feuille seule, ou en CSV.",
    "Unpacked, this workbook is larger than {max} MB: save its first sheet alone, or as CSV.",
  ],
  "error.import-too-many-rows": [
    "Le fichier dépasse {max} lignes : divisez-le en plusieurs fichiers.",
    "The file has more than {max} lines: split it into several files.",
  ],
  "error.import-running": [
    "Une importation est déjà en cours pour cette organisation. Attendez qu'elle se termine.",
    "An import is already running for this organisation. Wait until it ends.",
  ],
  "error.import-failed": [
    "L'importation a échoué; aucun contact n'a été ajouté. Réessayez.",
    "The import failed; no contact was added. Try again.",
  ],

  // Why a line is refused.
  "import.reason.missing-name": ["Prénom et nom manquants", "First and last name missing"],
  "import.reason.bad-phone": ["Numéro de téléphone invalide", "Invalid phone number"],
  "import.reason.bad-email": ["Courriel invalide", "Invalid email"],
  "import.reason.bad-birthday": [
    "Date de naissance invalide (AAAA-MM-JJ, pas dans le futur)",
    "Invalid birth date (YYYY-MM-DD, not in the future)",
  ],
  "import.reason.bad-language": ["Langue inconnue (fr ou en)", "Unknown language (fr or en)"],
  "import.reason.bad-gender": ["Genre inconnu (homme, femme ou autre)", "Unknown gender (male, female or other)"],
  "import.reason.too-long": ["Une valeur est trop longue", "A value is too long"],
  "import.reason.column-count": ["Nombre de colonnes différent de 11", "Number of columns other than 11"],
  "import.reason.duplicate-in-file": ["Doublon d'une ligne précédente du fichier", "Duplicate of an earlier line of the file"],
  "import.reason.duplicate-existing": ["Ce contact existe déjà", "This contact already exists"],

  // The 11 columns, in the file's order.
  "import.column.firstname": ["Prénom", "First name"],
  "import.column.lastname": ["Nom", "Last name"],
  "import.column.phone": ["Téléphone", "Phone"],
  "import.column.email": ["Courriel", "Email"],
  "import.column.birthday": ["Date de naissance", "Birth date"],
  "import.column.address": ["Adresse", "Address"],
  "import.column.city": ["Ville", "City"],
  "import.column.postalCode": ["Code postal", "Postal code"],
  "import.column.language": ["Langue", "Language"],
  "import.column.gender": ["Genre", "Gender"],
  "import.column.note": ["Note", "Note"],

  // The downloaded report.
  "import.report.line": ["Ligne", "Line"],
  "import.report.reasons": ["Motifs", "Reasons"],
  "import.report.file-suffix": ["rapport", "report"],

  // The dialog.
  "import.page-title": ["Importer des contacts", "Import contacts"],
  "import.open": ["Importer des contacts", "Import contacts"],
  "import.intro": [
    "Fichier CSV (séparé par des virgules ou des points-virgules) ou Excel (.xlsx ou .xls) de 11 colonnes dans cet ordre : prénom, nom, téléphone, courriel, date de naissance (JJ/MM/AAAA ou AAAA-MM-JJ), adresse, ville, code postal, langue (fr ou en), genre, note.",
    "CSV (separated by commas or semicolons) or Excel (.xlsx or .xls) file of 11 columns in this order: first name, last name, phone, email, birth date (DD/MM/YYYY or YYYY-MM-DD), address, city, postal code, language (fr or en), gender, note.",
  ],
  "import.file": ["Fichier", "File"],
  "import.file-placeholder": ["Choisir un fichier", "Choose a file"],
  "import.reading": ["Lecture du fichier…", "Reading the file…"],
  "import.preview.title": ["Aperçu", "Preview"],
  "import.preview.summary": [
    "{rows, plural, one {# ligne} other {# lignes}} de contacts · {format}",
    "{rows, plural, one {# line} other {# lines}} of contacts · {format}",
  ],
  "import.preview.encoding": ["encodage {encoding}, séparateur « {delimiter} »", "encoding {encoding}, separator “{delimiter}”"],
  "import.preview.header": [
    "La première ligne (titres des colonnes) n'est pas importée.",
    "The first line (column titles) is not imported.",
  ],
  "import.preview.first-rows": ["Les {count} premières lignes", "The first {count} lines"],
  "import.preview.ok": ["Valide", "Valid"],
  "import.preview.dates": ["Dates de naissance lues au format {format}.", "Birth dates read as {format}."],
  "import.preview.no-dates": ["Aucune date de naissance dans le fichier.", "No birth date in the file."],
  "import.date-format.label": ["Format des dates de naissance", "Format of the birth dates"],
  "import.date-format.ask": [
    "Chaque date de ce fichier peut se lire jour en premier ou mois en premier (03/04/1982 : 3 avril ou 4 mars). Choisissez leur format avant d'importer.",
    "Every date of this file can be read day first or month first (03/04/1982: April 3 or March 4). Choose their format before importing.",
  ],
  "import.date-format.YYYY-MM-DD": ["AAAA-MM-JJ", "YYYY-MM-DD"],
  "import.date-format.DD/MM/YYYY": ["JJ/MM/AAAA (jour en premier)", "DD/MM/YYYY (day first)"],
  "import.date-format.MM/DD/YYYY": ["MM/JJ/AAAA (mois en premier)", "MM/DD/YYYY (month first)"],
  "import.status": ["Statut", "Status"],
  "import.start": ["Importer", "Import"],
  "import.cancel": ["Annuler", "Cancel"],
  "import.close": ["Fermer", "Close"],
  "import.other-file": ["Choisir un autre fichier", "Choose another file"],
  "import.progress": ["{processed} sur {total} lignes lues", "{processed} of {total} lines read"],
  "import.progress-label": ["Progression de l'importation", "Import progress"],
  "import.saving": ["Enregistrement des contacts…", "Saving the contacts…"],
  "import.done.title": ["Importation terminée", "Import complete"],
  "import.done.imported": [
    "{count, plural, =0 {Aucun contact importé} one {# contact importé} other {# contacts importés}}",
    "{count, plural, =0 {No contact imported} one {# contact imported} other {# contacts imported}}",
  ],
  "import.done.refused": [
    "{count, plural, =0 {Aucune ligne refusée} one {# ligne refusée} other {# lignes refusées}}",
    "{count, plural, =0 {No line refused} one {# line refused} other {# lines refused}}",
  ],
  "import.done.more-issues": [
    "Seules les {shown} premières lignes refusées sont affichées; le rapport les contient toutes.",
    "Only the first {shown} refused lines are shown; the report has them all.",
  ],
  "import.failed.title": ["Importation échouée", "Import failed"],
  "import.download-report": ["Télécharger le rapport (CSV)", "Download the report (CSV)"],
});

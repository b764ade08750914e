import { defineMessages } from "../define.ts";

/** The agenda (/agenda), appointments and member availabilities (/members/{id}/availabilities). */
export const uiAgenda = defineMessages({
  // Errors of the agenda's rules (the double booking itself is error.appointment-taken).
  "agenda.error.outside-availability": [
    "Le rendez-vous doit se trouver dans une disponibilité du professionnel.",
    "The appointment must fall within one of the professional's availabilities.",
  ],
  "agenda.error.unknown-service": [
    "Ce service n'est pas offert par votre organisation.",
    "This service is not offered by your organisation.",
  ],
  "agenda.error.contact-required": [
    "Choisissez un contact existant ou saisissez celui du rendez-vous.",
    "Choose an existing contact or enter the appointment's contact.",
  ],
  "agenda.error.appointment-cancelled": ["Ce rendez-vous est annulé.", "This appointment is cancelled."],

  // Agenda screen
  "agenda.title": ["Agenda", "Agenda"],
  "agenda.view.day": ["Jour", "Day"],
  "agenda.view.week": ["Semaine", "Week"],
  "agenda.scope.member": ["Professionnel", "Professional"],
  "agenda.scope.team": ["Équipe", "Team"],
  "agenda.previous": ["Précédent", "Previous"],
  "agenda.next": ["Suivant", "Next"],
  "agenda.today": ["Aujourd'hui", "Today"],
  "agenda.loading": ["Chargement de l'agenda…", "Loading the agenda…"],
  "agenda.load-failed": ["Impossible de charger l'agenda.", "The agenda could not be loaded."],
  "agenda.no-availability": ["Aucune disponibilité n'est définie pour cette période.", "No availability is set for this period."],
  "agenda.free-slot": ["Libre {time}", "Free {time}"],
  "agenda.edit-availabilities": ["Disponibilités", "Availabilities"],

  // Booking dialog (spec part 2 §3 "Appointment form")
  "agenda.book.title": ["Nouveau rendez-vous", "New appointment"],
  "agenda.book.dentist": ["Professionnel", "Professional"],
  "agenda.book.when": ["{date} à {time}", "{date} at {time}"],
  "agenda.book.category": ["Catégorie", "Category"],
  "agenda.book.service": ["Service", "Service"],
  "agenda.book.duration": ["Durée (minutes)", "Duration (minutes)"],
  "agenda.book.contact-search": ["Rechercher un contact (nom ou téléphone)", "Search for a contact (name or phone)"],
  "agenda.book.contact-new": ["Nouveau contact", "New contact"],
  "agenda.book.contact-existing": ["Contact existant", "Existing contact"],
  "agenda.book.gender": ["Genre", "Gender"],
  "agenda.book.gender.male": ["Homme", "Male"],
  "agenda.book.gender.female": ["Femme", "Female"],
  "agenda.book.gender.other": ["Autre", "Other"],
  "agenda.book.kit": ["Trousse", "Kit"],
  "agenda.book.extra-document": ["Document supplémentaire", "Extra document"],
  "agenda.book.extra-document.covid": ["Questionnaire COVID", "COVID questionnaire"],
  "agenda.book.extra-document.medical": ["Questionnaire médical", "Medical questionnaire"],
  "agenda.book.extra-document.none": ["Aucun", "None"],
  "agenda.book.requests": ["Demandes", "Requests"],
  "agenda.book.notes": ["Notes du rendez-vous", "Appointment notes"],
  "agenda.book.submit": ["Réserver", "Book"],
  "agenda.book.done": ["Rendez-vous réservé.", "Appointment booked."],

  // An appointment
  "agenda.appointment.title": ["Rendez-vous", "Appointment"],
  "agenda.appointment.move": ["Déplacer", "Move"],
  "agenda.appointment.cancel": ["Annuler le rendez-vous", "Cancel the appointment"],
  "agenda.appointment.cancel-confirm": [
    "Annuler le rendez-vous de {name} le {date} à {time}? La plage sera libérée.",
    "Cancel {name}'s appointment on {date} at {time}? The slot will be freed.",
  ],
  "agenda.appointment.cancelled": ["Rendez-vous annulé.", "Appointment cancelled."],
  "agenda.appointment.moved": ["Rendez-vous déplacé.", "Appointment moved."],
  "agenda.appointment.date": ["Date", "Date"],
  "agenda.appointment.start": ["Heure", "Time"],
  "agenda.appointment.close": ["Fermer", "Close"],
  "agenda.appointment.open-contact": ["Voir le contact", "Open the contact"],
  "agenda.appointment.status.cancelled": ["Annulé", "Cancelled"],

  // The contact's appointments (contact panel)
  "agenda.contact.title": ["Rendez-vous", "Appointments"],
  "agenda.contact.empty": ["Aucun rendez-vous.", "No appointments."],
  "agenda.contact.open-agenda": ["Ouvrir l'agenda", "Open the agenda"],
  "agenda.contact.member-availabilities": ["Disponibilités de {name}", "Availabilities of {name}"],

  // The drawer's items beside the spec's seven (decision 0027)
  "nav.agenda": ["Agenda", "Agenda"],
  "nav.members": ["Professionnels", "Professionals"],

  // Professionals screen (/members)
  "members.description": [
    "Les professionnels de votre organisation, leurs disponibilités et leur agenda.",
    "Your organisation's professionals, their availabilities and their agenda.",
  ],
  "members.col.name": ["Nom", "Name"],
  "members.col.teams": ["Équipes", "Teams"],
  "members.col.schedule": ["Horaire", "Schedule"],
  "members.availabilities": ["Disponibilités", "Availabilities"],
  "members.availabilities-of": ["Disponibilités de {name}", "Availabilities of {name}"],
  "members.agenda": ["Agenda", "Agenda"],
  "members.agenda-of": ["Agenda de {name}", "Agenda of {name}"],
  "members.load-failed": ["Impossible de charger les professionnels.", "The professionals could not be loaded."],

  // Availabilities screen
  "availabilities.title": ["Disponibilités de {name}", "Availabilities of {name}"],
  "availabilities.title-generic": ["Disponibilités", "Availabilities"],
  "availabilities.not-found": ["Ce membre est introuvable.", "This member cannot be found."],
  "availabilities.load-failed": ["Impossible de charger les disponibilités.", "The availabilities could not be loaded."],
  "availabilities.member": ["Membre", "Member"],
  "availabilities.add": ["Ajouter une plage", "Add a slot"],
  "availabilities.remove": ["Retirer", "Remove"],
  "availabilities.start": ["Début", "Start"],
  "availabilities.end": ["Fin", "End"],
  "availabilities.save": ["Enregistrer", "Save"],
  "availabilities.saved": ["Disponibilités enregistrées.", "Availabilities saved."],
  "availabilities.none": ["Aucune plage", "No slot"],
  "availabilities.read-only": [
    "Seuls ce membre et les administrateurs peuvent modifier ces disponibilités.",
    "Only this member and administrators can change these availabilities.",
  ],
});

import { defineMessages } from "../define.ts";

/** Interface texts of the shell and the platform screens: common words, drawer, top bar, dialogs. */
export const ui = defineMessages({
  "app.name": ["Relais", "Relais"],

  // Common words
  "common.save": ["Enregistrer", "Save"],
  "common.cancel": ["Annuler", "Cancel"],
  "common.close": ["Fermer", "Close"],
  "common.delete": ["Supprimer", "Delete"],
  "common.ok": ["OK", "OK"],
  "common.loading": ["Chargement…", "Loading…"],
  "common.no-results": ["Aucun résultat", "No results"],

  // Errors raised by the browser itself (no answer from the server)
  "client.timeout": [
    "Le serveur met trop de temps à répondre. Réessayez dans un instant.",
    "The server is taking too long to answer. Try again in a moment.",
  ],
  "client.network": [
    "Impossible de joindre le serveur. Vérifiez votre connexion Internet.",
    "Unable to reach the server. Check your Internet connection.",
  ],
  "client.invalid-answer": ["Le serveur a envoyé une réponse inattendue.", "The server sent an unexpected answer."],

  // A part of the app that could not be downloaded (after a deployment, offline), or a screen that broke
  "app.load-failed.title": ["Cette page n'a pas pu être chargée", "This page could not be loaded"],
  "app.load-failed.hint": [
    "Relais a peut-être été mis à jour, ou la connexion Internet est coupée. Rechargez la page pour réessayer.",
    "Relais may have been updated, or the Internet connection is down. Reload the page to try again.",
  ],
  "app.load-failed.retry": ["Recharger la page", "Reload the page"],
  "app.screen-failed.title": ["Un problème est survenu", "Something went wrong"],
  "app.screen-failed.hint": [
    "Cet écran n'a pas pu s'afficher. Rechargez la page pour réessayer.",
    "This screen could not be shown. Reload the page to try again.",
  ],

  // Desktop-only notice
  "unsupported.hint": [
    "Relais s'utilise sur un ordinateur ou une tablette d'au moins 1024 pixels de large.",
    "Relais is used on a computer or a tablet at least 1024 pixels wide.",
  ],

  // Left drawer
  "nav.label": ["Navigation principale", "Main navigation"],
  "nav.conversations": ["Conversations", "Conversations"],
  "nav.text-bloc": ["Messages rapides", "Quick messages"],
  "nav.material": ["Bibliothèques", "Libraries"],
  "nav.consultations": ["Consultations", "Consultations"],
  "nav.contacts": ["Contacts", "Contacts"],
  "nav.configuration": ["Configuration", "Configuration"],
  "nav.faq": ["FAQ", "FAQ"],
  "nav.devops": ["Devops", "Devops"],
  "nav.help": ["Aide", "Help"],
  "nav.help-center": ["Centre d'aide", "Help centre"],
  "nav.report-problem": ["Signaler un problème", "Report a problem"],
  "nav.talk-support": ["Parler avec le soutien", "Talk with support"],
  "nav.version": ["Version {version}", "Version {version}"],
  "nav.release-notes": ["Notes de version", "Release notes"],
  "nav.logout": ["Déconnexion", "Log out"],
  "nav.pending": ["Nouvelles notifications", "New notifications"],

  // Top bar
  "header.team": ["Équipe courante", "Current team"],
  "header.no-team": ["Aucune équipe", "No team"],
  "header.status": ["Statut", "Status"],

  // Roles, team roles, statuses, languages, days
  "role.user": ["Utilisateur", "User"],
  "role.admin": ["Administrateur", "Administrator"],
  "role.super-admin": ["Super administrateur", "Super administrator"],
  "role.devops": ["Devops", "Devops"],
  "role.marketing": ["Marketing", "Marketing"],
  "team-role.admin": ["Administrateur", "Administrator"],
  "team-role.user": ["Utilisateur", "User"],
  "user-status.online": ["En ligne", "Online"],
  "user-status.offline": ["Hors ligne", "Offline"],
  "user-status.busy": ["Occupé", "Busy"],
  "locale.fr-CA": ["Français (Canada)", "French (Canada)"],
  "locale.fr-FR": ["Français (France)", "French (France)"],
  "locale.en-CA": ["Anglais (Canada)", "English (Canada)"],
  "locale.en-US": ["Anglais (États-Unis)", "English (United States)"],
  "day.0": ["Dimanche", "Sunday"],
  "day.1": ["Lundi", "Monday"],
  "day.2": ["Mardi", "Tuesday"],
  "day.3": ["Mercredi", "Wednesday"],
  "day.4": ["Jeudi", "Thursday"],
  "day.5": ["Vendredi", "Friday"],
  "day.6": ["Samedi", "Saturday"],

  // Dialogs
  "dialog.logout.title": ["Se déconnecter?", "Log out?"],
  "dialog.logout.message": [
    "Vous devrez saisir votre courriel et votre mot de passe pour revenir dans Relais.",
    "You will need your email and password to come back to Relais.",
  ],
  "dialog.logout.confirm": ["Se déconnecter", "Log out"],
  "dialog.disconnected.title": ["Session terminée", "Session ended"],
  "dialog.report.title": ["Signaler un problème", "Report a problem"],
  "dialog.report.description": ["Description du problème", "Description of the problem"],
  "dialog.report.description-placeholder": [
    "Ce que vous faisiez, ce qui s'est passé, ce que vous attendiez…",
    "What you were doing, what happened, what you expected…",
  ],
  "dialog.report.screenshot": ["Capture d'écran (facultatif)", "Screenshot (optional)"],
  "dialog.report.screenshot-hint": ["Image PNG, JPEG ou SVG, 2 Mo au plus.", "PNG, JPEG or SVG image, 2 MB at most."],
  "dialog.report.screenshot-placeholder": ["Choisir une image", "Choose an image"],
  "dialog.report.screenshot-type": ["La capture doit être une image PNG, JPEG ou SVG.", "The screenshot must be a PNG, JPEG or SVG image."],
  "dialog.report.screenshot-size": ["La capture dépasse 2 Mo.", "The screenshot is larger than 2 MB."],
  "dialog.report.submit": ["Envoyer", "Send"],
  "dialog.report.unavailable": [
    "L'envoi des signalements n'est pas encore offert dans Relais. Votre description n'a pas été envoyée; écrivez à votre personne-ressource en attendant.",
    "Sending reports is not available in Relais yet. Your description was not sent; write to your contact person in the meantime.",
  ],
  "dialog.support.title": ["Parler avec le soutien", "Talk with support"],
  "dialog.support.body": [
    "La discussion en direct avec notre équipe de soutien sera bientôt offerte ici.",
    "Live chat with our support team will soon be available here.",
  ],

  // Maintenance
  "maintenance.default-text": [
    "Une maintenance de Relais est prévue. Certaines fonctions pourraient être indisponibles.",
    "Relais maintenance is planned. Some features may be unavailable.",
  ],
  "maintenance.window": ["Prochaine fenêtre : {when}.", "Next window: {when}."],
  "maintenance.window-duration": ["Prochaine fenêtre : {when} ({minutes} min).", "Next window: {when} ({minutes} min)."],
  "maintenance.overlay-label": ["Maintenance en cours", "Maintenance in progress"],
  "maintenance.dismiss": ["Continuer quand même", "Continue anyway"],
  "maintenance.status.operational": ["Tout fonctionne normalement", "All systems operational"],
  "maintenance.status.under_maintenance": ["Maintenance en cours", "Under maintenance"],
  "maintenance.status.degraded_performance": ["Performances réduites", "Degraded performance"],
  "maintenance.status.partial_outage": ["Panne partielle", "Partial outage"],
  "maintenance.status.major_outage": ["Panne majeure", "Major outage"],

  // Screens built by later work
  "soon.title": ["Bientôt disponible", "Coming soon"],
  "soon.back-to-app": ["Retour aux conversations", "Back to conversations"],
  "soon.back-to-login": ["Aller à la connexion", "Go to sign-in"],
  "soon.contacts": [
    "Le carnet de vos patients et clients, avec l'importation de fichiers, arrive bientôt.",
    "The book of your patients and clients, with file import, is on its way.",
  ],
  "soon.availabilities": [
    "La gestion des disponibilités de chaque professionnel arrive bientôt.",
    "Managing each professional's availabilities is on its way.",
  ],
  "soon.material": [
    "Votre bibliothèque d'articles et de protocoles éducatifs arrive bientôt.",
    "Your library of educational articles and protocols is on its way.",
  ],
  "soon.text-bloc": [
    "Vos messages rapides, prêts à insérer dans une conversation, arrivent bientôt.",
    "Your quick messages, ready to insert in a conversation, are on their way.",
  ],
  "soon.text-template": ["L'éditeur de modèles de messages arrive bientôt.", "The message template editor is on its way."],
  "soon.consultations": [
    "Les consultations en ligne de votre organisation arrivent bientôt.",
    "Your organisation's online consultations are on their way.",
  ],
  "soon.content-management": ["L'éditeur d'articles et de protocoles arrive bientôt.", "The article and protocol editor is on its way."],
  "soon.release-notes": [
    "Les nouveautés de chaque version de Relais seront présentées ici.",
    "What is new in each version of Relais will be presented here.",
  ],
  "soon.agenda": [
    "L'agenda des rendez-vous de votre organisation arrive bientôt.",
    "Your organisation's appointment agenda is on its way.",
  ],
  "soon.faq": [
    "Les réponses aux questions fréquentes sur Relais arrivent bientôt.",
    "Answers to frequently asked questions about Relais are on their way.",
  ],
  "soon.personnalisation": ["La personnalisation de votre espace arrive bientôt.", "Customising your workspace is on its way."],
  "soon.onboarding": ["L'accueil des nouvelles organisations arrive bientôt.", "Onboarding for new organisations is on its way."],
  "soon.secure": [
    "L'ouverture des fichiers sécurisés avec un code à 6 chiffres arrive bientôt.",
    "Opening secure files with a 6-digit code is on its way.",
  ],
  "soon.send-file": [
    "L'envoi de fichiers sécurisés à votre clinique arrive bientôt.",
    "Sending secure files to your clinic is on its way.",
  ],
  "screen.members": ["Professionnels", "Professionals"],
  "screen.availabilities": ["Disponibilités", "Availabilities"],
  "screen.text-template": ["Modèles de messages", "Message templates"],
  "screen.content-management": ["Gestion du contenu", "Content management"],
  "screen.release-notes": ["Notes de version", "Release notes"],
  "screen.agenda": ["Agenda", "Agenda"],
  "screen.personnalisation": ["Personnalisation", "Personalisation"],
  "screen.onboarding": ["Bienvenue dans Relais", "Welcome to Relais"],
  "screen.secure": ["Fichier sécurisé", "Secure file"],
  "screen.send-file": ["Envoyer un fichier", "Send a file"],
  "screen.verification-error": ["Connexion du courriel refusée", "Email connection refused"],
  "screen.verification-success": ["Courriel connecté", "Email connected"],
});

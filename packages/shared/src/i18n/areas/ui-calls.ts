import { defineMessages } from "../define.ts";

/**
 * The browser phone (spec part 1 §2 in-call panel, §4 call phases, §5, VOICE.md §6) and the
 * simulator's phone calls. The web loads this area with the call screens, not with the first
 * screen (decision 0029): keys here start with `calls.` or `simulator.call.`.
 */
export const uiCalls = defineMessages({
  // In-call panel (spec §2)
  "calls.panel.label": ["Appel", "Call"],
  "calls.title.incoming": ["Appel entrant", "Incoming call"],
  "calls.title.outbound": ["Appel sortant", "Outbound call"],
  "calls.title.calling": ["Appel… {duration}", "Calling… {duration}"],
  "calls.title.transferred": ["Appel transféré", "Transferred call"],
  "calls.title.ended": ["Appel terminé", "Call ended"],
  "calls.for-team": ["Pour {team}", "For {team}"],
  "calls.for-team.tooltip": [
    "Cet appel est destiné à l'équipe {team}. Répondre vous fait passer à la messagerie de cette équipe.",
    "This call is for the {team} team. Answering switches you to that team's messaging.",
  ],
  "calls.from-team": ["De {team}", "From {team}"],
  "calls.accept": ["Répondre", "Answer"],
  "calls.decline": ["Refuser", "Decline"],
  "calls.ignore": ["Ignorer", "Ignore"],
  "calls.ignore.tooltip": ["Refuse tous les appels qui sonnent pour vous.", "Declines every call ringing for you."],
  "calls.hang-up": ["Raccrocher", "Hang up"],
  // The draggable call window (spec §2 shell: "appears when the call panel is detached")
  "calls.window.detach": ["Détacher en fenêtre d'appel", "Detach into a call window"],
  "calls.window.dock": ["Rattacher la fenêtre d'appel", "Dock the call window"],
  "calls.window.title": ["Fenêtre d'appel", "Call window"],
  "calls.window.handle": ["Déplacer la fenêtre d'appel", "Move the call window"],
  "calls.window.handle.hint": [
    "Glissez la barre, ou utilisez les flèches du clavier (avec Maj pour aller plus loin).",
    "Drag the bar, or use the arrow keys (with Shift to go further).",
  ],
  // Hold and resume (spec §2 actions, §4)
  "calls.hold": ["Mettre en attente", "Put on hold"],
  "calls.mute": ["Couper le micro", "Mute the microphone"],
  "calls.unmute": ["Réactiver le micro", "Unmute the microphone"],
  // Headset over WebHID (issue 13 §2, decision 0043)
  "calls.headset.connect": ["Connecter un casque", "Connect a headset"],
  "calls.headset.connected": ["Casque connecté : {name}", "Headset connected: {name}"],
  "calls.headset.disconnect": ["Déconnecter", "Disconnect"],
  "calls.headset.failed": [
    "Ce casque ne peut pas être utilisé : il n'a pas de bouton de décroché ni de sourdine.",
    "This headset cannot be used: it has no hook switch or mute button.",
  ],
  "calls.resume": ["Reprendre l'appel", "Resume the call"],
  "calls.held": ["En attente", "On hold"],
  "calls.hang-up.held": ["Reprenez l'appel avant de raccrocher.", "Resume the call before hanging up."],
  "calls.timer": ["Durée de l'appel", "Call duration"],
  "calls.connecting": ["Connexion…", "Connecting…"],
  "calls.taken-by": ["Appel pris par {name}.", "Taken by {name}."],
  "calls.ended.completed": ["L'appel est terminé.", "The call has ended."],
  "calls.ended.missed": ["Appel manqué.", "Missed call."],
  "calls.ended.busy": ["Ligne occupée.", "Line busy."],
  "calls.ended.failed": ["L'appel n'a pas abouti.", "The call did not go through."],
  "calls.close": ["Fermer", "Close"],
  "calls.open-thread": ["Voir la conversation", "Open the conversation"],
  "calls.notification.title": ["Appel entrant", "Incoming call"],
  "calls.notification.body": ["{caller} vous appelle.", "{caller} is calling you."],
  "calls.tab-title": ["Appel de {caller}", "Call from {caller}"],

  // Park (spec §2 "send to queue (park)", §4: enabled only once the call is accepted)
  "calls.park": ["Envoyer dans la file d'attente", "Send to queue"],
  "calls.park.not-accepted": ["Possible une fois l'appel accepté", "Available once the call is accepted"],

  // Transfer (spec §2 transfer dialog, §4: the caller is held while the target rings; issue 13 §2)
  "calls.transfer": ["Transférer l'appel", "Transfer the call"],
  "calls.transfer.not-active": ["Possible pendant un appel en cours", "Available during an ongoing call"],
  "calls.transfer.teams": ["Équipes disponibles", "Available teams"],
  "calls.transfer.people": [
    "{count, plural, one {# personne disponible} other {# personnes disponibles}}",
    "{count, plural, one {# person available} other {# people available}}",
  ],
  "calls.transfer.empty": ["Aucune équipe ne peut prendre d'appel pour le moment.", "No team can take a call right now."],
  "calls.transfer.load-failed": ["Impossible de charger les équipes disponibles.", "The available teams could not be loaded."],
  "calls.transfer.select-user": ["Sélectionner un utilisateur", "Select a user"],
  "calls.transfer.back": ["Retour aux groupes", "Back to groups"],
  "calls.transfer.whole-team": ["Toute l'équipe {team}", "The whole {team} team"],
  "calls.transfer.extensions": ["Postes externes", "Outside extensions"],
  "calls.transfer.extension-digits": ["poste {extension}", "ext. {extension}"],
  "calls.transferring": ["Transfert vers {target}…", "Transferring to {target}…"],

  // The call queue (spec §3 queued call, §4 queue grouping, §9 alert thresholds; issue 13 §1)
  "calls.queue.open": ["File d'attente", "Call queue"],
  "calls.queue.open.count": ["File d'attente (appels qui attendent : {count})", "Call queue (calls waiting: {count})"],
  "calls.queue.title": ["File d'attente des appels", "Call queue"],
  "calls.queue.notification.title": ["Un appel attend dans la file", "A call is waiting in the queue"],
  "calls.queue.notification.body": ["{caller} · {team}", "{caller} · {team}"],
  "calls.queue.group.queued": ["En attente", "Queued"],
  "calls.queue.group.ringing": ["Sonne", "Ringing"],
  "calls.queue.group.in-progress": ["En cours", "In progress"],
  "calls.queue.group.parked": ["Parqués", "Parked"],
  "calls.queue.group.empty": ["Aucun appel", "No calls"],
  "calls.queue.empty": ["Aucun appel dans la file pour vos équipes.", "No calls in your teams' queue."],
  "calls.queue.error": ["Impossible de charger la file d'attente.", "Unable to load the call queue."],
  "calls.queue.retry": ["Réessayer", "Try again"],
  "calls.queue.pick": ["Prendre", "Pick up"],
  "calls.queue.pick.label": ["Prendre l'appel de {caller}", "Pick up the call from {caller}"],
  "calls.queue.park-no": ["N° {parkNo}", "No. {parkNo}"],
  "calls.queue.wait": ["Attente {duration}", "Waiting {duration}"],
  "calls.queue.alert.yellow": ["attente longue", "long wait"],
  "calls.queue.alert.red": ["attente très longue", "very long wait"],
  "calls.queue.with": ["avec {name}", "with {name}"],

  // Dialpad (spec §2)
  "calls.dialpad.show": ["Afficher le clavier", "Show the dialpad"],
  "calls.dialpad.hide": ["Masquer le clavier", "Hide the dialpad"],
  "calls.dialpad.label": ["Clavier", "Dialpad"],
  "calls.dialpad.pressed": ["Touches envoyées", "Keys sent"],
  "calls.dialpad.key": ["Touche {key}", "Key {key}"],

  // Call button (spec §2 tooltip states)
  "calls.button.call": ["Appeler le contact", "Call contact"],
  "calls.button.answer": ["Répondre", "Answer"],
  "calls.button.in-progress": ["Appel en cours", "Call in progress"],
  "calls.button.no-microphone": ["Aucun microphone", "No microphone"],
  "calls.button.disabled": ["Appel désactivé", "Call disabled"],
  "calls.button.forbidden": ["Appel désactivé par votre forfait", "Call disabled by your plan"],

  // New call (spec §5)
  "calls.new": ["Nouvel appel", "New call"],
  "calls.new.title": ["Composer un numéro", "Dial a number"],
  "calls.new.number": ["Numéro à appeler", "Number to call"],
  "calls.new.submit": ["Appeler", "Call"],
  "calls.new.erase": ["Effacer le dernier chiffre", "Erase the last digit"],

  // Ready for calls (VOICE.md §6, decision 0021)
  "calls.ready.label": ["Appels", "Calls"],
  "calls.ready.on": ["Prêt pour les appels", "Ready for calls"],
  "calls.ready.off": ["Pas d'appels entrants", "No incoming calls"],
  "calls.ready.unlock": ["Activer le son des appels", "Turn on call sound"],
  "calls.ready.unlocked": ["Le son des appels est activé.", "Call sound is on."],
  "calls.ready.unlock-hint": [
    "Votre navigateur ne joue la sonnerie qu'après un premier clic dans la page.",
    "Your browser plays the ring only after a first click in the page.",
  ],
  "calls.ready.offered": ["Vous recevez les appels de vos équipes.", "You receive your teams' calls."],
  "calls.ready.why": ["Vous ne recevez pas d'appels :", "You are not offered calls:"],
  "calls.ready.reason.web-calls-off": ["les appels web sont désactivés pour la clinique.", "web calls are turned off for the clinic."],
  "calls.ready.reason.offline": ["votre statut est « Hors ligne ».", "your status is Offline."],
  "calls.ready.reason.incoming-calls-off": ["vous avez désactivé les appels entrants.", "you turned incoming calls off."],
  "calls.ready.reason.no-microphone": ["aucun microphone n'est permis dans ce navigateur.", "no microphone is allowed in this browser."],
  "calls.ready.reason.on-call": ["vous êtes déjà en communication.", "you are already on a call."],
  "calls.ready.reason.not-connected": ["la connexion en temps réel est coupée.", "the real-time connection is down."],
  "calls.ready.mic-guide": ["Autoriser le microphone", "Allow the microphone"],

  // Microphone guide (spec §2 dialogs, §5)
  "calls.mic-guide.title": ["Autoriser le microphone", "Allow the microphone"],
  "calls.mic-guide.intro": [
    "Relais a besoin de votre microphone pour les appels. Votre navigateur le bloque pour ce site.",
    "Relais needs your microphone for calls. Your browser blocks it for this site.",
  ],
  "calls.mic-guide.step1": [
    "Cliquez sur le cadenas ou l'icône de réglages à gauche de l'adresse, en haut de la fenêtre.",
    "Click the padlock or settings icon left of the address, at the top of the window.",
  ],
  "calls.mic-guide.step2": ["Dans « Microphone », choisissez « Autoriser ».", "Under Microphone, choose Allow."],
  "calls.mic-guide.step3": [
    "Vérifiez qu'un micro ou un casque est branché, puis rechargez la page.",
    "Check that a microphone or headset is plugged in, then reload the page.",
  ],
  "calls.mic-guide.none": ["Aucun microphone détecté sur cet appareil.", "No microphone detected on this device."],
  "calls.mic-guide.retry": ["Réessayer", "Try again"],
  "calls.mic-guide.reload": ["Recharger la page", "Reload the page"],

  // Call messages in a thread (spec §3 message isCall)
  "calls.message.inbound": ["Appel entrant", "Incoming call"],
  "calls.message.outbound": ["Appel sortant", "Outbound call"],
  "calls.message.duration": ["Durée {duration}", "Duration {duration}"],
  "calls.message.status.completed": ["Terminé", "Completed"],
  "calls.message.status.no-answer": ["Sans réponse", "No answer"],
  "calls.message.status.busy": ["Occupé", "Busy"],
  "calls.message.status.canceled": ["Annulé", "Canceled"],
  "calls.message.status.failed": ["Échoué", "Failed"],
  "calls.message.status.missed": ["Manqué", "Missed"],
  "calls.message.status.live": ["En cours", "In progress"],
  "calls.message.callback": ["Demande d'être rappelé par texto", "Asked to be called back by text"],
  "calls.message.voicemail": ["Message vocal de {duration}", "Voicemail of {duration}"],
  "calls.message.voicemail-player": ["Écouter le message vocal", "Play the voicemail"],
  "calls.message.voicemail-loading": ["Chargement du message vocal…", "Loading the voicemail…"],
  "calls.message.voicemail-failed": ["Le message vocal n'a pas pu être chargé.", "The voicemail could not be loaded."],

  // Simulator calls (VOICE.md §5)
  "simulator.call.label": ["Appel du téléphone simulé", "Simulated phone call"],
  "simulator.call.start": ["Appeler la clinique", "Call the clinic"],
  "simulator.call.incoming": ["La clinique vous appelle", "The clinic is calling you"],
  "simulator.call.answer": ["Décrocher", "Pick up"],
  "simulator.call.reject": ["Refuser", "Reject"],
  "simulator.call.hang-up": ["Raccrocher", "Hang up"],
  "simulator.call.ringing": ["Ça sonne…", "Ringing…"],
  "simulator.call.connected": ["En communication", "Connected"],
  "simulator.call.queued": ["En file d'attente, musique d'attente…", "In the queue, hold music…"],
  "simulator.call.parked": ["Appel parqué, musique d'attente…", "Call parked, hold music…"],
  "simulator.call.ended": ["Appel terminé", "Call ended"],
  "simulator.call.digits": ["Touches reçues", "Keys received"],
  "simulator.call.no-digits": ["Aucune", "None"],
  "simulator.call.keypad": ["Clavier du téléphone", "Phone keypad"],
  "simulator.call.key": ["Touche {key}", "Key {key}"],
  "simulator.call.prompt": ["Message de la clinique", "Message from the clinic"],
  "simulator.call.greeting": ["Message d'accueil", "Greeting"],
  "simulator.call.recording": ["Enregistrement de votre message…", "Recording your message…"],
  "simulator.call.finish-message": ["Terminer le message et raccrocher", "Finish the message and hang up"],
  "simulator.call.hold-music": ["En attente — musique d'attente", "On hold — hold music"],
  "simulator.call.microphone": [
    "Le téléphone simulé utilise le microphone de cet ordinateur.",
    "The simulated phone uses this computer's microphone.",
  ],
});

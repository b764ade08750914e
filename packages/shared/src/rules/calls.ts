/**
 * The call model's vocabulary (VOICE.md §2, spec part 1 §3, §4, §9): states, end statuses, the
 * spec's status codes, the queue view, its timers and the numbers that are handled apart
 * (emergency services, hidden callers). Shared so the server's reducer, the queue view and the
 * in-call panel read one definition.
 */

/** Where a call is (VOICE.md §2). `dialing` is outbound only; `ended` is the only terminal state. */
export const CALL_STATES = [
  "dialing",
  "ivr",
  "queued",
  "ringing",
  "connecting",
  "active",
  "parked",
  "transferring",
  "voicemail",
  "ended",
] as const;
export type CallState = (typeof CALL_STATES)[number];

export const CALL_DIRECTIONS = ["inbound", "outbound"] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/** How an ended call ended (spec §4 "call end statuses", plus `failed` for an outbound call the network refused). */
export const CALL_END_STATUSES = ["completed", "canceled", "no-answer", "busy", "failed"] as const;
export type CallEndStatus = (typeof CALL_END_STATUSES)[number];

/** A late event never moves a call out of a terminal state. */
export function isTerminalCallState(state: CallState): boolean {
  return state === "ended";
}

/** The spec's call status codes (part 1 §4), spelled as the spec spells them. */
export const CALL_STATUS_CODES = ["initiated", "ringing", "in progress", "queued", "parked", "hold", "completed", "ended"] as const;
export type CallStatusCode = (typeof CALL_STATUS_CODES)[number];

/** The spec's other call labels (part 1 §4): what happened to an offer or a call, not where it is. */
export const CALL_OTHER_LABELS = ["declined", "transferred", "rejected"] as const;
export type CallOtherLabel = (typeof CALL_OTHER_LABELS)[number];

/**
 * The status code a call shows. A held caller shows `hold` whatever holds them (hold button or a
 * transfer ringing its target); a caller in the greeting or leaving a voicemail is still on the
 * line, so `in progress` is the honest label once the greeting is over and `initiated` before.
 */
export function callStatusCode(state: CallState, held: boolean, endStatus: CallEndStatus | null): CallStatusCode {
  switch (state) {
    case "dialing":
    case "ivr":
      return "initiated";
    case "queued":
      return "queued";
    case "ringing":
      return "ringing";
    case "parked":
      return "parked";
    case "connecting":
    case "active":
    case "transferring":
      return held ? "hold" : "in progress";
    case "voicemail":
      return "in progress";
    case "ended":
      return endStatus === "completed" ? "completed" : "ended";
  }
}

/** Queue view groups, in the order the view shows them (spec §4). */
export const QUEUE_GROUPS = ["queued", "ringing", "in-progress", "parked"] as const;
export type QueueGroup = (typeof QUEUE_GROUPS)[number];

/**
 * Which group of the queue view a call sits in, or null when it is not in the queue: not yet
 * queued (greeting, outbound dialing), leaving a voicemail, or over (a completed call leaves the
 * queue).
 */
export function queueGroupOf(state: CallState): QueueGroup | null {
  switch (state) {
    case "queued":
      return "queued";
    case "ringing":
      return "ringing";
    case "connecting":
    case "active":
    case "transferring":
      return "in-progress";
    case "parked":
      return "parked";
    case "dialing":
    case "ivr":
    case "voicemail":
    case "ended":
      return null;
  }
}

export type QueueItem = { state: CallState; parkNo: number | null; waitingSince: number };

/**
 * The queue view: parked calls by park number (spec §4); the other groups put the longest wait
 * first, since that is the caller a receptionist should take next.
 */
export function groupQueue<T extends QueueItem>(items: readonly T[]): Record<QueueGroup, T[]> {
  const groups: Record<QueueGroup, T[]> = { queued: [], ringing: [], "in-progress": [], parked: [] };
  for (const item of items) {
    const group = queueGroupOf(item.state);
    if (group) groups[group].push(item);
  }
  for (const group of QUEUE_GROUPS) {
    if (group === "parked") groups.parked.sort((a, b) => (a.parkNo ?? Infinity) - (b.parkNo ?? Infinity));
    else groups[group].sort((a, b) => a.waitingSince - b.waitingSince);
  }
  return groups;
}

/** Queue alert thresholds in seconds (spec §9: 120 yellow, 240 red). */
export const QUEUE_ALERT_SECONDS = { yellow: 120, red: 240 } as const;
export type QueueAlert = "none" | "yellow" | "red";

/** The colour of a wait timer: yellow from 120 s, red from 240 s. */
export function queueAlertOf(waitSeconds: number): QueueAlert {
  if (waitSeconds >= QUEUE_ALERT_SECONDS.red) return "red";
  if (waitSeconds >= QUEUE_ALERT_SECONDS.yellow) return "yellow";
  return "none";
}

/** Spec §9 "call notification interval": a queued call's status is checked every 90 s of its wait. */
export const CALL_CHECK_INTERVAL_SECONDS = 90;
/** Spec §9 "another constant 600 s": the longest a caller waits in the queue (issue 13), unless the organisation sets it. */
export const QUEUE_MAX_WAIT_DEFAULT_SECONDS = 600;
/** How long staff are rung before the round counts as unanswered, unless the organisation sets it (issue 12). */
export const RING_TIME_DEFAULT_SECONDS = 30;
/** A claimed call whose staff leg has not joined the room in 15 s goes back to the queue (VOICE.md §2). */
export const CONNECTING_JOIN_TIMEOUT_SECONDS = 15;
/** Spec §4, §9: the transferring state polls its status every second. */
export const TRANSFER_STATUS_POLL_MS = 1_000;
/** Spec §4: a headset hang-up within 2 s of a hold or mute command is ignored. */
export const HEADSET_HANGUP_GUARD_MS = 2_000;
/**
 * Spec §4: a headset's hang-up button pressed while a hold or mute command is under way (within
 * HEADSET_HANGUP_GUARD_MS of it, either side) is ignored — some headsets send a hang-up report
 * when the browser toggles their mute. `lastCommandAt` is when the last hold, resume or mute
 * command was sent (ms), null when none was.
 */
export function headsetHangupIgnored(lastCommandAt: number | null, at: number): boolean {
  return lastCommandAt !== null && Math.abs(at - lastCommandAt) < HEADSET_HANGUP_GUARD_MS;
}
/** Spec §9: the headset vendor id. */
export const HEADSET_VENDOR_ID = 27_027;
/** Spec §8: 'connection unstable' is shown at most once every 10 s. */
export const CONNECTION_UNSTABLE_INTERVAL_MS = 10_000;
/** Spec §8, §9: a failed voice token update is retried up to 10 times. */
export const VOICE_TOKEN_RETRIES = 10;

/** Queue keypad options (spec §9): key 0 for voicemail, key 1 for a callback text. */
export const IVR_KEYS = { voicemail: "0", callback: "1" } as const;

/** Greeting periods and kinds (spec §3). */
export const CALL_PERIODS = ["OPEN", "CLOSE", "BREAK", "VACATION"] as const;
export type CallPeriod = (typeof CALL_PERIODS)[number];
export const GREETING_KINDS = ["FILE", "TTS", "RECORDING"] as const;
export type GreetingKind = (typeof GREETING_KINDS)[number];

/**
 * Spec §9: emergency "prefixes" +1911 and +1933 and test number 933; 911 as dialled (issue 12).
 * Matched whole, not as prefixes: +1 933 could one day be an ordinary area code, and a real
 * number mistaken for an emergency one would lose its texts and its queue.
 */
export const EMERGENCY_NUMBERS = ["911", "933", "+1911", "+1933"] as const;
export const EMERGENCY_TEST_NUMBER = "933";

/**
 * Words carriers put in the caller id when the number is withheld, and the sentinel numbers some
 * networks send instead (the keypad spelling of ANONYMOUS, RESTRICTED, BLOCKED, UNKNOWN,
 * UNAVAILABLE).
 */
export const ANONYMOUS_CALLER_WORDS = ["anonymous", "restricted", "private", "unknown", "unavailable"] as const;
export const ANONYMOUS_SENTINEL_NUMBERS = ["+266696687", "+7378742833", "+2562533", "+8656696", "+86282452253"] as const;

/** A number as typed or reported, without the punctuation people and carriers put in it. */
function compactNumber(raw: string): string {
  return raw.replace(/[\s().-]/g, "");
}

/**
 * An emergency number (911, 933, +1911, +1933): dialled directly, never gated by the plan,
 * never queued, parked or transferred, never texted.
 */
export function isEmergencyNumber(raw: string): boolean {
  return (EMERGENCY_NUMBERS as readonly string[]).includes(compactNumber(raw));
}

/**
 * A caller whose number is hidden or missing: no contact is created, no missed-call text and no
 * callback offer, since there is no number anyone could text back.
 */
export function isAnonymousNumber(raw: string): boolean {
  const number = compactNumber(raw);
  if (number === "") return true;
  if ((ANONYMOUS_CALLER_WORDS as readonly string[]).includes(number.toLowerCase())) return true;
  const withPlus = number.startsWith("+") ? number : `+${number}`;
  return (ANONYMOUS_SENTINEL_NUMBERS as readonly string[]).includes(withPlus);
}

/** Spec §5: a transfer extension has 0 to 3 digits. */
export const EXTENSION_PATTERN = /^\d{0,3}$/;

/** Spec §9: a call's duration as mm:ss, or HH:mm:ss past one hour. */
export function formatCallDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

import { z } from "zod";
import { CALL_DIRECTIONS, CALL_END_STATUSES, CALL_STATES, CALL_STATUS_CODES, QUEUE_GROUPS } from "../rules/calls.ts";
import { E164_PATTERN } from "../rules/phone.ts";
import { errorResponse, uuid } from "./common.ts";

/**
 * The browser phone (issue 12, VOICE.md §6, spec part 1 §2–§5, §7 Voice): what the web reads of
 * a call and of an offer, and the bodies of voice/v1. The browser learns call state only from
 * these (events and answers), each with a version and the server's clock; the carrier's SDK only
 * drives audio. Served under /api/voice/v1; the socket messages are in events.ts.
 */

const isoTime = z.string();

/** A call as every member of its team sees it (GET voice/v1/calls/{id}, `call.updated`, `call.ended`). */
export const callView = z.object({
  id: uuid,
  direction: z.enum(CALL_DIRECTIONS),
  state: z.enum(CALL_STATES),
  /** The caller hears hold music (hang-up is disabled meanwhile, spec §4). */
  held: z.boolean(),
  /** The spec's status code (part 1 §4) for this state. */
  statusCode: z.enum(CALL_STATUS_CODES),
  /** The far end as the carrier reported it (E.164, an emergency number, or a hidden-caller word). */
  remoteNumber: z.string(),
  /** `remoteNumber` as the web shows it ((AAA) BBB-CCCC for a North American number). */
  formattedNumber: z.string(),
  /** Hidden caller: no contact, no thread message, no missed-call text. */
  anonymous: z.boolean(),
  /** 911 / 933 / +1911 / +1933: never gated, queued, parked or transferred. */
  emergency: z.boolean(),
  contactId: uuid.nullable(),
  contactName: z.string().nullable(),
  /** The thread holding this call's message (`/conversations?sid=<threadId>&call=<id>`); null for a hidden caller. */
  threadId: uuid.nullable(),
  /** The team the call is for. */
  teamId: uuid,
  /** The team's number the call came to or went from. */
  teamNumber: z.string().nullable(),
  /**
   * Spec §2 'for team': the call's team (same as `teamId`), with its label. The web shows the
   * label when it differs from the person's current team; answering switches to it.
   */
  forGroupId: uuid,
  forGroupLabel: z.string(),
  /** Spec §2 'from team': the team a transferred call came from; null otherwise. */
  fromGroupLabel: z.string().nullable(),
  /** Who has the call (claimed it, or placed it); null before anyone answered. */
  ownerUserId: uuid.nullable(),
  ownerName: z.string().nullable(),
  startedAt: isoTime,
  answeredAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
  endStatus: z.enum(CALL_END_STATUSES).nullable(),
  /** The carrier's id of the customer leg (GET voice/v1/calls/sid/{sid}); null before the carrier gave one. */
  carrierCallSid: z.string().nullable(),
  /**
   * The transfer ringing its target (state `transferring`), else null: what the transferring
   * state polls every second (spec §4). A transfer that failed leaves the call `active`, held,
   * with no transfer; one accepted leaves it with its new owner.
   */
  transfer: z
    .object({
      id: z.string(),
      targetKind: z.enum(["team", "user", "extension"]),
      /** The team's label, the person's name or the extension's name. */
      targetLabel: z.string(),
      startedAt: isoTime,
    })
    .nullable(),
  /** Rises by one with each change: a view with a lower version than the one shown is stale. */
  version: z.number().int().min(0),
  /** The server's clock when this view was made: timers run from `answeredAt` against it, not the browser's clock. */
  serverNow: isoTime,
});
export type CallView = z.infer<typeof callView>;

/** GET voice/v1/calls/availability (spec §7): the teams that can take a call now, flattened, each with its offerable people. */
export const transferAvailability = z.object({
  teams: z.array(
    z.object({
      id: uuid,
      label: z.string(),
      users: z.array(z.object({ id: uuid, name: z.string() })),
    }),
  ),
});
export type TransferAvailability = z.infer<typeof transferAvailability>;

/**
 * POST voice/v1/calls/transfer (spec §7): exactly one target — `to` a person, `toUserGroup` a
 * team (its offerable people are rung), `toExtension` an outside transfer extension.
 */
export const transferRequest = z
  .object({
    callId: uuid,
    to: uuid.optional(),
    toUserGroup: uuid.optional(),
    toExtension: uuid.optional(),
  })
  .strict()
  .refine((b) => [b.to, b.toUserGroup, b.toExtension].filter((v) => v !== undefined).length === 1, {
    message: "error.transfer-call",
    path: ["to"],
  });
export type TransferRequest = z.infer<typeof transferRequest>;

/** `transfer.updated`, for the person who transferred: ringing, accepted by the target, or failed (back to them, held). */
export const TRANSFER_STATUSES = ["ringing", "accepted", "failed"] as const;
export const transferUpdated = z.object({ callId: uuid, transferId: z.string(), status: z.enum(TRANSFER_STATUSES) });
export type TransferUpdated = z.infer<typeof transferUpdated>;

/** One person rung for a call (`call.offer`, GET voice/v1/calls/offers): spec part 1 §3 "call details". */
export const callOffer = z.object({
  callId: uuid,
  /** The contact's name, else the formatted number. */
  callerName: z.string(),
  phoneNumber: z.string(),
  teamId: uuid,
  /** Spec §2 'for team': the team the offer is for (answering switches the person to it). */
  forGroupId: uuid,
  forGroupLabel: z.string(),
  /** Spec §2 'from team': set when the call was transferred from another team. */
  fromGroupLabel: z.string().nullable(),
  /** Transferred to this person (title "Transferred call"). */
  transfer: z.boolean(),
  /** The ring round this offer belongs to: an offer of an older round is gone. */
  round: z.number().int().min(0),
  /** When this offer stops ringing unless answered (the organisation's ring time). */
  ringUntil: isoTime,
  /** The call's version when the offer was made. */
  version: z.number().int().min(0),
  serverNow: isoTime,
});
export type CallOffer = z.infer<typeof callOffer>;

/** GET voice/v1/calls/offers: the caller's pending offers (re-read on `visibilitychange`). */
export const callOffersResponse = z.object({ offers: z.array(callOffer), serverNow: isoTime });
export type CallOffersResponse = z.infer<typeof callOffersResponse>;

/** Why an offer stopped ringing (`call.offer.revoked`). */
export const OFFER_REVOKE_REASONS = ["taken", "ended", "timed-out", "declined", "rejected", "desk"] as const;
export type OfferRevokeReason = (typeof OFFER_REVOKE_REASONS)[number];

/** POST voice/v1/calls/answer, reject, rejectAll, hangup. */
export const callIdRequest = z.object({ callId: uuid }).strict();
export type CallIdRequest = z.infer<typeof callIdRequest>;

/**
 * POST voice/v1/calls: call a number from the caller's current team's number (spec §5). The
 * number is checked by the server: white space removed, a valid number (libphonenumber), or an
 * anonymous / emergency number, else 400 `error.invalid-number`; empty: 400 `error.call-contact`.
 */
export const outboundCallRequest = z
  .object({
    to: z.string({ message: "error.call-contact" }).max(40, { message: "validation.max-length" }),
    /** The contact being called, when the call starts from a contact or a thread. */
    contactId: uuid.optional(),
  })
  .strict();
export type OutboundCallRequest = z.infer<typeof outboundCallRequest>;

/** Dialpad keys (spec §2): 1–9, *, 0, #. */
export const DTMF_PATTERN = /^[0-9*#]{1,32}$/;
const dtmf = z.string().regex(DTMF_PATTERN, { message: "validation.invalid" });

/** POST voice/v1/calls/digits: keys pressed during the call, sent to the far end as DTMF. */
export const callDigitsRequest = z.object({ callId: uuid, digits: dtmf }).strict();
export type CallDigitsRequest = z.infer<typeof callDigitsRequest>;

/** A carrier's call id: Twilio's `CA…`, the sandbox's `SB…`. */
export const CALL_SID_PATTERN = /^[A-Za-z0-9]{2,64}$/;
const callSid = z.string().regex(CALL_SID_PATTERN, { message: "validation.invalid" });
export const callSidParams = z.object({ sid: callSid }).strict();

export const VOICE_CARRIERS = ["sandbox", "twilio"] as const;
export type VoiceCarrierName = (typeof VOICE_CARRIERS)[number];

/** GET voice/v1/tokens and tokens/refresh: the carrier SDK's access token for this person. */
export const voiceToken = z.object({
  jwt: z.string(),
  expiresAt: isoTime,
  carrier: z.enum(VOICE_CARRIERS),
  /** The client identity the carrier knows this person by (letters, digits and `_`). */
  identity: z.string(),
});
export type VoiceToken = z.infer<typeof voiceToken>;

/** POST voice/v1/synchronize (development): the restart check run now for the caller's organisation. */
export const voiceSynchronizeResponse = z.object({
  /** Calls found ringing or connecting with no live offer. */
  checked: z.number().int().min(0),
  ended: z.number().int().min(0),
  reoffered: z.number().int().min(0),
});
export type VoiceSynchronizeResponse = z.infer<typeof voiceSynchronizeResponse>;

// ---- The call queue (issue 13 §1; spec part 1 §3 "queued call", §4 queue grouping, park) ----

/**
 * One call of the queue view (GET voice/v1/queues, `queue.updated`): spec §3 "queued call" (id,
 * status, wait, duration, parkNo) with what a receptionist needs to pick it. Timers run from
 * `waitingSince` / `answeredAt` against `serverNow`, never the browser's clock.
 */
export const queuedCall = z.object({
  id: uuid,
  /** The carrier's id of the caller's leg (POST voice/v1/queues/pick names the call by it); null before the carrier gave one. */
  sid: z.string().nullable(),
  state: z.enum(CALL_STATES),
  /** The spec's status code (part 1 §4). */
  status: z.enum(CALL_STATUS_CODES),
  group: z.enum(QUEUE_GROUPS),
  /** When the current wait started: queued (or rung) since, parked since, or answered at for a call in progress. */
  waitingSince: isoTime,
  /** Seconds waited at `serverNow`. */
  wait: z.number().int().min(0),
  /** Seconds since answered at `serverNow`; null before anyone answered. */
  duration: z.number().int().min(0).nullable(),
  answeredAt: isoTime.nullable(),
  parkNo: z.number().int().min(1).nullable(),
  /** The contact's name, else the formatted number. */
  callerName: z.string(),
  phoneNumber: z.string(),
  teamId: uuid,
  teamLabel: z.string(),
  ownerName: z.string().nullable(),
  version: z.number().int().min(0),
  serverNow: isoTime,
});
export type QueuedCall = z.infer<typeof queuedCall>;

/** GET voice/v1/queues: the live calls of the caller's teams, in the spec's groups (parked by park number). */
export const queueViewResponse = z.object({
  groups: z.object({
    queued: z.array(queuedCall),
    ringing: z.array(queuedCall),
    "in-progress": z.array(queuedCall),
    parked: z.array(queuedCall),
  }),
  serverNow: isoTime,
});
export type QueueViewResponse = z.infer<typeof queueViewResponse>;

/** POST voice/v1/queues/park/{callId}. */
export const parkParams = z.object({ callId: uuid }).strict();

/** POST voice/v1/queues/pick: the call named by its caller leg's carrier id (spec §7). */
export const pickRequest = z.object({ callSid }).strict();
export type PickRequest = z.infer<typeof pickRequest>;

/**
 * 409 on answer when someone else claimed the call first: `error.call-taken` with `params.name`,
 * the person who took it ("taken by <name>").
 */
export const callTakenError = errorResponse.extend({
  error: errorResponse.shape.error.extend({
    code: z.literal("error.call-taken"),
    params: z.object({ name: z.string() }),
  }),
});
export type CallTakenError = z.infer<typeof callTakenError>;

/**
 * 409 on answer and pick (both a claim): taken by someone (with their name), or another refusal
 * (`error.call-ended`, `error.call-not-offered`, `error.already-on-call`).
 */
export const claimConflictError = z.union([callTakenError, errorResponse]);

// ---- Sandbox phone simulator (VOICE.md §5; development and tests only) ----------------------

const e164 = z.string().regex(E164_PATTERN, { message: "error.phone-invalid" });
/** A simulated phone: a real number, or a hidden caller (`anonymous`) to try the hidden-caller rules. */
const simulatorPhone = z.union([e164, z.enum(["anonymous", "911", "933"])]);
/**
 * A simulated desk phone (decision 0041): the simulator in "Poste fixe" mode listens as a desk
 * phone's SIP address, the one the profile shows. It only receives calls.
 */
const simulatorDeskPhone = z.string().regex(/^sip:[a-z0-9_]{6,32}@[a-z0-9.-]{1,200}$/, { message: "error.phone-invalid" });
const simulatorLine = z.union([simulatorPhone, simulatorDeskPhone]);

/** POST sandbox/calls: the simulated phone `from` calls the clinic number `to`. */
export const sandboxStartCallRequest = z.object({ from: simulatorPhone, to: e164 }).strict();
export type SandboxStartCallRequest = z.infer<typeof sandboxStartCallRequest>;

/** A call as the simulated phone sees it. `incoming`: the clinic calls the phone. */
export const sandboxPhoneCall = z.object({
  sid: callSid,
  /** From the phone's side: `outgoing` the phone called the clinic, `incoming` the clinic calls it. */
  direction: z.enum(["outgoing", "incoming"]),
  phone: z.string(),
  clinicNumber: z.string(),
  teamLabel: z.string(),
  state: z.enum(CALL_STATES),
  startedAt: isoTime,
  answeredAt: isoTime.nullable(),
  endedAt: isoTime.nullable(),
  endStatus: z.enum(CALL_END_STATUSES).nullable(),
  /** Keys staff pressed during the call (DTMF), in order. */
  digitsReceived: z.string(),
  /** What the caller hears instead of staff while held or parked; null when not. */
  holdMusic: z.enum(["hold", "park"]).nullable(),
});
export type SandboxPhoneCall = z.infer<typeof sandboxPhoneCall>;

export const sandboxStartCallResponse = z.object({ call: sandboxPhoneCall });

/** GET sandbox/calls?phone=…: the phone's calls, newest first. */
export const sandboxPhoneCallsQuery = z.object({ phone: simulatorLine }).strict();
export const sandboxPhoneCalls = z.object({ calls: z.array(sandboxPhoneCall) });
export type SandboxPhoneCalls = z.infer<typeof sandboxPhoneCalls>;

/** POST sandbox/calls/{sid}/digits: keys the simulated phone pressed (IVR menu). */
export const sandboxDigitsRequest = z.object({ digits: dtmf }).strict();

// ---- WebRTC signalling (sandbox carrier, VOICE.md §5) ----------------------------------------

/** An SDP offer or answer as RTCSessionDescriptionInit spells it; the simulator always offers. */
const sdpPayload = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string().max(60_000) }).strict();
/** One ICE candidate as RTCIceCandidateInit spells it; null: no more candidates. */
const icePayload = z
  .object({
    candidate: z.string().max(2_000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .strict()
  .nullable();

/** What one end sends the other to set up the peer connection; the server relays it unread. */
export const callSignal = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("offer"), payload: sdpPayload }).strict(),
  z.object({ kind: z.literal("answer"), payload: sdpPayload }).strict(),
  z.object({ kind: z.literal("ice"), payload: icePayload }).strict(),
]);
export type CallSignal = z.infer<typeof callSignal>;
export type CallSignalKind = CallSignal["kind"];

// ---- The simulated phone's socket: GET /api/sandbox/phone-socket?number=… (public, sandbox only)

/** The query of the phone socket: which simulated phone this tab is. */
export const sandboxPhoneSocketQuery = z.object({ number: simulatorLine }).strict();

/**
 * One piece of a greeting as the network gives it to the simulated caller (issue 13 §3, as
 * Twilio's `<Play>` and `<Say>`): an audio file to fetch from this server and play, or words to
 * speak in a language (shown where the browser has no voice).
 */
export const sandboxGreetingPiece = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("audio"), url: z.string().startsWith("/api/") }),
  z.object({ kind: z.literal("speech"), text: z.string(), locale: z.enum(["fr-CA", "en-CA"]) }),
]);
export type SandboxGreetingPiece = z.infer<typeof sandboxGreetingPiece>;

/** Messages the server sends the simulated phone. */
export const sandboxPhoneServerMessage = z.discriminatedUnion("type", [
  /** Sent once on connect. */
  z.object({ type: z.literal("phone.ready"), number: z.string() }),
  /** The clinic calls this phone (staff placed an outbound call): ring, then answer or reject over HTTP. */
  z.object({ type: z.literal("call.incoming"), call: sandboxPhoneCall }),
  /** Any change of one of the phone's calls (ringing, answered, held…): the simulator plays ringback while `state` is dialing / ivr / queued / ringing / connecting. */
  z.object({ type: z.literal("call.state"), call: sandboxPhoneCall }),
  /**
   * Staff took the call: the simulator creates its RTCPeerConnection and sends its `offer` now.
   * `answers`: this phone is the outside phone of an extension transfer, whose far end is the
   * caller's phone (which offers): it waits for that offer and answers it.
   */
  z.object({ type: z.literal("call.connected"), callSid: callSid, answers: z.boolean().optional() }),
  z.object({ type: z.literal("call.ended"), call: sandboxPhoneCall }),
  /** Keys staff pressed (DTMF), for the simulator to show. */
  z.object({ type: z.literal("call.digits"), callSid: callSid, digits: z.string() }),
  z.object({ type: z.literal("call.signal"), callSid: callSid, signal: callSignal }),
  /**
   * The period's greeting (issue 13 §3): the team's recorded, uploaded or spoken greeting, else the
   * catalogue's default in French then English. Played in order; a voicemail prompt that follows
   * waits for its end, a key pressed or staff answering cuts it.
   */
  z.object({ type: z.literal("call.greeting"), callSid: callSid, pieces: z.array(sandboxGreetingPiece).min(1) }),
  /** Words the network says to the caller (the callback confirmation, issue 13 §3): spoken by the simulator's speech synthesis, and shown. */
  z.object({ type: z.literal("call.prompt"), callSid: callSid, text: z.string() }),
  /** The call went to voicemail: once the greeting played, the simulator says `text` (the prompt), beeps and records up to `maxSeconds`, then uploads it (POST sandbox/calls/{sid}/voicemail). */
  z.object({ type: z.literal("call.record"), callSid: callSid, text: z.string(), maxSeconds: z.number().int().positive() }),
]);
export type SandboxPhoneServerMessage = z.infer<typeof sandboxPhoneServerMessage>;

/** Messages the simulated phone sends. */
export const sandboxPhoneClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("call.signal"), callSid: callSid, signal: callSignal }).strict(),
  /** Keys the caller pressed (IVR menu), like POST sandbox/calls/{sid}/digits. */
  z.object({ type: z.literal("call.digits"), callSid: callSid, digits: dtmf }).strict(),
]);
export type SandboxPhoneClientMessage = z.infer<typeof sandboxPhoneClientMessage>;

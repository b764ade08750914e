import type { CallDirection, CallEndStatus, CallPeriod, CallState } from "@relais/shared";

/**
 * The call as the reducer sees it (VOICE.md §3 `calls`, with its offers and transfer folded in):
 * plain data, times in epoch milliseconds so the reducer never reads a clock.
 */

/** What the organisation's settings said when the call came in, frozen on the call so a settings change never rewrites a call in flight. */
export type CallRouting = {
  /** Callers wait in the team's queue (callQueueEnabled, team voiceQueue, options.voiceQueue) instead of going to the missed path after one round. */
  queue: boolean;
  /** The team has a voicemail greeting: the missed path records a message instead of ending at once. */
  voicemail: boolean;
  ringSeconds: number;
  maxWaitSeconds: number;
  /** Unanswered ring rounds before the missed path; null: only the maximum wait decides. */
  maxRingRounds: number | null;
};

export type OfferStatus = "pending" | "accepted" | "rejected" | "ignored" | "declined" | "timed-out" | "revoked";

/** One person rung for the call (VOICE.md §3 `call_offers`). */
type Offer = { userId: string; teamId: string; round: number; status: OfferStatus };

export type CallOwner = { kind: "user"; userId: string } | { kind: "extension"; extensionId: string };

/** `label` (the team's label, the person's name, the extension's name) is what the views show; the reducer only copies it. */
type TransferTarget = (
  | { kind: "team"; teamId: string }
  | { kind: "user"; userId: string; teamId: string }
  | { kind: "extension"; extensionId: string; phone: string; extension: string | null }
) & { label?: string };

type TransferOffer = { userId: string; teamId: string; status: "pending" | "accepted" | "rejected" };

export type Transfer = {
  id: string;
  fromUserId: string;
  fromTeamId: string;
  target: TransferTarget;
  offers: TransferOffer[];
  startedAt: number;
};

export type Call = {
  id: string;
  direction: CallDirection;
  /** The far end's number as the carrier reported it. */
  remoteNumber: string;
  anonymous: boolean;
  emergency: boolean;
  teamId: string;
  /** The team a transferred call came from ('from team'), else null. */
  originTeamId: string | null;
  state: CallState;
  held: boolean;
  version: number;
  owner: CallOwner | null;
  parkNo: number | null;
  offers: Offer[];
  ringRound: number;
  /** Counts claims, so a join timeout of an earlier claim never undoes a later one. */
  claim: number;
  transfer: Transfer | null;
  routing: CallRouting;
  startedAt: number;
  queuedAt: number | null;
  answeredAt: number | null;
  /** When the call was last parked (the queue view times a parked caller's wait from it); absent on calls stored before issue 13. */
  parkedAt?: number | null;
  voicemailAt: number | null;
  endedAt: number | null;
  /** When the next queued-call check is due (spec §4: every 90 s). */
  nextCheckAt: number | null;
  endStatus: CallEndStatus | null;
  endReason: EndReason | null;
  callbackRequested: boolean;
  voicemail: { recordingId: string; durationSeconds: number } | null;
  /** De-duplication keys of the latest events that changed the call (the call_events unique key is the lasting guard). */
  keys: string[];
};

export type EndReason =
  | "caller-hung-up"
  | "staff-hung-up"
  | "staff-left"
  | "remote-ended"
  | "unanswered"
  | "closed"
  | "voicemail"
  | "callback-requested"
  | "check-over"
  | "check-failed";

type LegKind = "customer" | "staff" | "external" | "voicemail";
/** What the carrier says about a leg that ended. */
export type LegEndStatus = "completed" | "busy" | "no-answer" | "failed" | "canceled";

type Base = { key: string; at: number };

/** Events carriers produce (VOICE.md §1), the same for the sandbox and Twilio. */
export type CarrierEvent = Base &
  (
    | { type: "leg.ringing"; leg: LegKind }
    | { type: "leg.answered"; leg: LegKind }
    | { type: "leg.ended"; leg: LegKind; status: LegEndStatus }
    | { type: "leg.held"; leg: LegKind; held: boolean }
    | { type: "room.joined"; userId: string }
    | { type: "room.left"; userId: string }
    | { type: "queue.entered" }
    | { type: "ivr.digit"; digit: string }
    | { type: "recording.completed"; recordingId: string; durationSeconds: number }
  );

/** Events staff produce through the API. */
export type StaffEvent = Base &
  (
    | { type: "staff.answer"; userId: string }
    | { type: "staff.pick"; userId: string }
    | { type: "staff.reject"; userId: string }
    | { type: "staff.rejectAll"; userId: string }
    | { type: "staff.hold"; userId: string }
    | { type: "staff.resume"; userId: string }
    | { type: "staff.park"; userId: string; parkNo: number }
    | { type: "staff.hangup"; userId: string }
    | { type: "transfer.start"; userId: string; transferId: string; target: TransferTarget; offerTo: { userId: string; teamId: string }[] }
    | { type: "transfer.accept"; userId: string; transferId: string }
    | { type: "transfer.refuse"; userId: string; transferId: string }
  );

/** Events the server itself produces: offers it sent, timers that fired, checks it ran. */
export type ServerEvent = Base &
  (
    | { type: "offer.sent"; offers: { userId: string; teamId: string }[] }
    /** An offer the browser declined by itself: busy, another call incoming, tab gone (spec §4). */
    | { type: "offer.declined"; userId: string }
    | { type: "ring.timeout"; round: number }
    | { type: "join.timeout"; claim: number }
    | { type: "transfer.timeout"; transferId: string }
    | { type: "queue.max-wait" }
    | { type: "check.result"; threshold: number; outcome: "live" | "over" | "failed" }
  );

export type CallEvent = CarrierEvent | StaffEvent | ServerEvent;

type CallTimer =
  | { kind: "ring-timeout"; round: number }
  | { kind: "join-timeout"; claim: number }
  | { kind: "transfer-timeout"; transferId: string }
  | { kind: "max-wait" }
  | { kind: "check"; threshold: number };

/** What the server must do after a transition; data only, carried out by the service and the carrier. */
export type CallCommand =
  | { type: "greeting.play"; period: CallPeriod }
  | { type: "offers.request" }
  | { type: "offers.send"; offers: { userId: string; teamId: string }[]; transferId: string | null }
  | { type: "offers.revoke"; userIds: string[]; reason: "taken" | "ended" | "timed-out" }
  | { type: "customer.connect" }
  | { type: "customer.hold"; music: "hold" | "park" }
  | { type: "customer.resume" }
  | { type: "staff.join"; userId: string }
  | { type: "staff.remove"; userId: string }
  | { type: "external.dial"; phone: string; extension: string | null }
  | { type: "external.hangup" }
  | { type: "outbound.dial"; to: string; emergency: boolean }
  | { type: "voicemail.start" }
  | { type: "voicemail.save"; recordingId: string; durationSeconds: number }
  | { type: "missed-call.text" }
  | { type: "callback.request" }
  | { type: "timer.schedule"; timer: CallTimer; dueAt: number }
  | { type: "room.end" }
  /** Dialpad keys staff pressed, sent to the far end as DTMF (issue 12); from the service, never the reducer. */
  | { type: "digits.send"; digits: string }
  /**
   * A person offered the call has a desk phone (decision 0041): the carrier rings its SIP address
   * beside the browser, and stops it once the offer closes; from the service, never the reducer.
   */
  | { type: "desk.ring"; userId: string; sipUri: string; ringSeconds: number }
  | { type: "desk.stop"; userId: string };

export type RefusalReason =
  "taken" | "ended" | "not-offered" | "not-owner" | "wrong-state" | "held" | "not-accepted" | "emergency" | "no-target" | "stale";

/** Why a staff event was refused; the service turns it into an error (taken → 409 "taken by <name>"). */
type Refusal = { reason: RefusalReason; by: CallOwner | null };

export type Transition = { call: Call; commands: CallCommand[]; refusal: Refusal | null };

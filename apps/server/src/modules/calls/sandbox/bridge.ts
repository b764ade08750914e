import { randomBytes, randomUUID } from "node:crypto";
import type { WebSocket } from "ws";
import {
  messages,
  type CallEndStatus,
  type CallSignal,
  type CallState,
  type RealtimeDirectMessage,
  type SandboxPhoneCall,
  type SandboxPhoneServerMessage,
} from "@relais/shared";
import { withTenant } from "../../../db/database.ts";
import { saveVoicemailAudio, type AudioUpload } from "../../voice-settings/index.ts";
import type { CarrierCall, CarrierEvent, VoiceCarrier } from "../carrier.ts";
import type { CallCommand } from "../model.ts";
import * as repo from "../repo.ts";
import { callsDeps } from "../calls-deps.ts";
import { answerFromDesk, applyEvent, greetingOf, receiveInbound } from "../service.ts";
import { greetingPieces } from "./greeting.ts";
import { clinicNumberOwner } from "../../messaging/index.ts";

/**
 * The sandbox voice network (VOICE.md §5, decision 0022): the server's own bridge between the
 * phone simulator's socket and the staff tab that owns the call. Media flows peer to peer between
 * the two browsers; the bridge relays their signalling, forwards digits, keeps each simulated
 * call in memory, and reports what happens as the same carrier events Twilio's webhooks become.
 * In memory on purpose: after a restart it knows no call, and the restart check ends them.
 */

/** A simulated voicemail's longest recording: the simulator's 16-bit mono WAV at 8 kHz (decision 0037) stays well under the 2 MB media limit. */
const SANDBOX_VOICEMAIL_MAX_SECONDS = 60;

type Record = {
  sid: string;
  orgId: string;
  callId: string | null;
  direction: "outgoing" | "incoming";
  phone: string;
  clinicNumber: string;
  teamLabel: string;
  state: CallState;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  endStatus: CallEndStatus | null;
  digits: string;
  ownerUserId: string | null;
  holdMusic: "hold" | "park" | null;
  /** An outside extension's leg of a transfer (issue 13 §2): the simulator is the outside phone; `dtmf` is dialled once it answers. */
  external?: { dtmf: string | null };
  /** A desk phone rung beside a person's browser (decision 0041): the simulator is that desk phone. */
  desk?: { userId: string };
};

/** Sends a message to the tabs of one person (the realtime hub). */
type StaffSend = (orgId: string, userId: string, message: RealtimeDirectMessage) => void;

export class SandboxVoiceBridge implements VoiceCarrier {
  readonly name = "sandbox" as const;
  private readonly calls = new Map<string, Record>();
  private readonly sidOfCall = new Map<string, string>();
  /** The outside extension's leg of a call being transferred, by call id. */
  private readonly externalOfCall = new Map<string, string>();
  private readonly phones = new Map<string, Set<WebSocket>>();
  /** Desk phones ringing or connected, by `callId:userId` → their sid. */
  private readonly deskOfCall = new Map<string, string>();
  private staffSend: StaffSend = () => undefined;

  setStaffSend(send: StaffSend): void {
    this.staffSend = send;
  }

  async accessToken(identity: { userId: string; organizationId: string }): Promise<{ jwt: string; expiresAt: string }> {
    // The sandbox needs no credential: the token only names who the browser is, for symmetry with Twilio.
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const jwt = `sandbox.${Buffer.from(JSON.stringify({ sub: identity.userId, nonce: randomUUID() })).toString("base64url")}`;
    return { jwt, expiresAt };
  }

  async isLive(call: CarrierCall): Promise<boolean | null> {
    const record = call.carrierCallSid ? this.calls.get(call.carrierCallSid) : undefined;
    if (!record) return call.carrierCallSid ? false : null;
    return record.state !== "ended";
  }

  async execute(call: CarrierCall, command: CallCommand): Promise<void> {
    const record = this.recordOf(call);
    switch (command.type) {
      case "greeting.play":
        // The simulator plays the period's greeting (issue 13 §3). Unlike Twilio's <Play> before
        // <Enqueue>, the caller is placed in the queue at once and hears it while waiting.
        if (!record) return;
        this.toPhone(record.phone, {
          type: "call.greeting",
          callSid: record.sid,
          pieces: greetingPieces(await greetingOf({ callId: call.id, period: command.period, known: call }), command.period),
        });
        if (command.period === "OPEN") {
          await this.report(record, { type: "queue.entered", key: `sandbox:${record.sid}:queued`, at: Date.now() });
        }
        return;
      case "outbound.dial":
        await this.dial(call);
        return;
      case "staff.join":
        if (!record) return;
        record.ownerUserId = command.userId;
        record.state = "connecting";
        record.holdMusic = null;
        this.toPhone(record.phone, { type: "call.connected", callSid: record.sid });
        return;
      case "digits.send":
        if (!record) return;
        record.digits += command.digits;
        this.toPhone(record.phone, { type: "call.digits", callSid: record.sid, digits: command.digits });
        return;
      case "customer.hold":
      case "customer.resume":
        // The simulator plays the music the caller would hear (read back with the call's state:
        // parked, held, waiting); its audio to staff stops meanwhile.
        if (!record) return;
        record.holdMusic = command.type === "customer.hold" ? command.music : null;
        await this.refresh(record);
        return;
      case "room.end":
        if (record) await this.finish(record);
        this.hangupExternal(call.id);
        this.endDesks(call.id);
        return;
      case "desk.ring":
        await this.ringDesk(call, command.userId, command.sipUri);
        return;
      case "desk.stop": {
        // The offer closed: a desk phone still ringing stops; one that answered (and won) stays.
        const desk = this.calls.get(this.deskOfCall.get(`${call.id}:${command.userId}`) ?? "");
        if (desk && desk.answeredAt === null) this.endDesk(desk, "canceled");
        return;
      }
      case "external.dial":
        await this.dialExternal(call, command.phone, command.extension);
        return;
      case "external.hangup":
        this.hangupExternal(call.id);
        return;
      case "voicemail.start":
        // Key 0 or the missed path (issue 13 §3): the simulator records the caller and uploads it.
        if (record) {
          this.toPhone(record.phone, {
            type: "call.record",
            callSid: record.sid,
            text: bothLanguages("voice-prompt.voicemail"),
            maxSeconds: SANDBOX_VOICEMAIL_MAX_SECONDS,
          });
        }
        return;
      case "callback.request":
        // Key 1 (issue 13 §3): the caller hears the confirmation before the call ends, as Twilio says it.
        if (record) this.toPhone(record.phone, { type: "call.prompt", callSid: record.sid, text: bothLanguages("voice-prompt.callback") });
        return;
      default:
        return;
    }
  }

  // ---- The simulated phone ----

  /** POST sandbox/calls: the phone calls a clinic number; null when no team owns it. */
  async startFromPhone(from: string, to: string): Promise<SandboxPhoneCall | null> {
    const sid = newSid();
    const deps = callsDeps();
    const owner = await clinicNumberOwner(deps.messaging, to);
    if (!owner) return null;
    const { orgId, teamId } = owner;
    const teamLabel = await withTenant(deps.db, orgId, async (tx) => (await repo.teamOf(tx, orgId, teamId))?.label ?? "");
    const record: Record = {
      sid,
      orgId,
      callId: null,
      direction: "outgoing",
      phone: from,
      clinicNumber: to,
      teamLabel,
      state: "ivr",
      startedAt: Date.now(),
      answeredAt: null,
      endedAt: null,
      endStatus: null,
      digits: "",
      ownerUserId: null,
      holdMusic: null,
    };
    this.calls.set(sid, record);
    // The phone learns its call's id before the network speaks to it (the greeting, a voicemail prompt).
    this.toPhone(from, { type: "call.state", call: present(record) });
    const started = await applyInbound(sid, from, to);
    if (!started) {
      this.calls.delete(sid);
      record.state = "ended";
      record.endedAt = Date.now();
      record.endStatus = "failed";
      this.toPhone(from, { type: "call.ended", call: present(record) });
      return null;
    }
    record.callId = started.callId;
    this.sidOfCall.set(started.callId, sid);
    await this.refresh(record);
    return present(record);
  }

  list(phone: string): SandboxPhoneCall[] {
    return [...this.calls.values()]
      .filter((c) => c.phone === phone)
      .sort((a, b) => b.startedAt - a.startedAt)
      .map(present);
  }

  get(sid: string): SandboxPhoneCall | null {
    const record = this.calls.get(sid);
    return record ? present(record) : null;
  }

  /** The phone picks up the clinic's call ringing at it. */
  async answerAtPhone(sid: string): Promise<SandboxPhoneCall | null> {
    const record = this.calls.get(sid);
    if (!record) return null;
    if (record.external) return this.answerExternal(record);
    if (record.desk) return this.answerDesk(record, record.desk.userId);
    if (record.direction === "incoming" && record.state !== "ended" && record.answeredAt === null) {
      record.answeredAt = Date.now();
      await this.report(record, { type: "leg.answered", leg: "customer", key: `sandbox:${sid}:answered`, at: Date.now() });
      this.toPhone(record.phone, { type: "call.connected", callSid: sid });
    }
    return present(record);
  }

  async endAtPhone(sid: string, status: "busy" | "completed"): Promise<SandboxPhoneCall | null> {
    const record = this.calls.get(sid);
    if (!record) return null;
    if (record.external) {
      if (record.state !== "ended" && record.callId) {
        const leg = { type: "leg.ended" as const, leg: "external" as const, status, key: `sandbox:${sid}:ended`, at: Date.now() };
        this.endExternal(record);
        await applyEvent(callsDeps(), { callId: record.callId }, leg);
      }
      return present(record);
    }
    if (record.desk) {
      // Declining only silences this desk phone (the browser keeps ringing); hanging up after answering leaves the room.
      const { userId } = record.desk;
      const answered = record.answeredAt !== null && record.state !== "ended";
      this.endDesk(record, answered ? "completed" : "busy");
      if (answered && record.callId) {
        await applyEvent(callsDeps(), { callId: record.callId }, { type: "room.left", userId, key: `sandbox:${sid}:left`, at: Date.now() });
      }
      return present(record);
    }
    if (record.state !== "ended") {
      await this.report(record, { type: "leg.ended", leg: "customer", status, key: `sandbox:${sid}:ended`, at: Date.now() });
      await this.finish(record);
    }
    return present(record);
  }

  async digitsAtPhone(sid: string, digits: string): Promise<SandboxPhoneCall | null> {
    const record = this.calls.get(sid);
    if (!record) return null;
    for (const digit of digits) {
      await this.report(record, { type: "ivr.digit", digit, key: `sandbox:${sid}:digit:${randomUUID()}`, at: Date.now() });
    }
    return present(record);
  }

  /**
   * The simulated caller's voicemail (issue 13 §3): stored as audio like a greeting (type and
   * length from the bytes), then reported as Twilio's recording status callback would be; the
   * audio's id is the recording's id. Null: no such call; "not-recording": it is not in voicemail.
   */
  async voicemailAtPhone(sid: string, upload: AudioUpload): Promise<SandboxPhoneCall | null | "not-recording"> {
    const record = this.calls.get(sid);
    if (!record) return null;
    await this.refresh(record);
    if (record.state !== "voicemail" || !record.callId) return "not-recording";
    const audio = await saveVoicemailAudio(record.orgId, record.callId, upload);
    await this.report(record, {
      type: "recording.completed",
      recordingId: audio.id,
      durationSeconds: audio.durationSeconds,
      key: `sandbox:${sid}:recording`,
      at: Date.now(),
    });
    return present(record);
  }

  // ---- Sockets ----

  attachPhone(number: string, socket: WebSocket): void {
    let set = this.phones.get(number);
    if (!set) {
      set = new Set();
      this.phones.set(number, set);
    }
    set.add(socket);
    socket.on("close", () => {
      set.delete(socket);
      if (set.size === 0) this.phones.delete(number);
    });
    send(socket, { type: "phone.ready", number });
  }

  /**
   * Signalling from the phone: to the tabs of the person who owns the call, or, once an outside
   * extension took the call (issue 13 §2), between the caller's phone and the outside phone.
   */
  fromPhone(number: string, sid: string, signal: CallSignal): void {
    const record = this.calls.get(sid);
    // A desk phone exchanges no audio in the sandbox: its signalling would reach the person's own tab.
    if (!record || record.desk || record.phone !== number || !record.callId) return;
    const far = this.farPhoneOf(record);
    if (far) {
      this.toPhone(far.phone, { type: "call.signal", callSid: far.sid, signal });
      return;
    }
    if (record.external || !record.ownerUserId) return;
    this.staffSend(record.orgId, record.ownerUserId, { type: "call.signal", callId: record.callId, signal });
  }

  /**
   * Signalling from a staff tab, only for a call that person owns. The owner's SDP answer means
   * their browser took the phone's offer: the staff leg joined the room (room.joined).
   */
  async fromStaff(orgId: string, userId: string, callId: string, signal: CallSignal): Promise<void> {
    const sid = this.sidOfCall.get(callId);
    const record = sid ? this.calls.get(sid) : undefined;
    if (!record || record.orgId !== orgId || record.ownerUserId !== userId) return;
    this.toPhone(record.phone, { type: "call.signal", callSid: record.sid, signal });
    if (signal.kind === "answer" && record.direction === "outgoing") {
      await this.report(record, { type: "room.joined", userId, key: `sandbox:${record.sid}:joined:${userId}`, at: Date.now() });
    }
  }

  /** The owner's tab closed (its last socket): the staff leg left the room. */
  async staffLeft(orgId: string, userId: string): Promise<void> {
    for (const record of this.calls.values()) {
      if (record.orgId === orgId && record.ownerUserId === userId && record.state !== "ended" && record.callId) {
        await this.report(record, { type: "room.left", userId, key: `sandbox:${record.sid}:left:${userId}`, at: Date.now() });
      }
    }
  }

  // ---- Inside ----

  private recordOf(call: CarrierCall): Record | undefined {
    const sid = call.carrierCallSid ?? this.sidOfCall.get(call.id);
    return sid ? this.calls.get(sid) : undefined;
  }

  /**
   * The phone at the other end of a phone-to-phone pair (VOICE.md §5): the outside phone that
   * answered an extension transfer, for the caller's leg; the caller's leg, for that outside phone.
   */
  private farPhoneOf(record: Record): Record | undefined {
    if (!record.callId) return undefined;
    const live = (r: Record | undefined) => (r && r.state !== "ended" ? r : undefined);
    if (record.external) {
      return record.answeredAt === null || record.state === "ended"
        ? undefined
        : live(this.calls.get(this.sidOfCall.get(record.callId) ?? ""));
    }
    const outside = live(this.calls.get(this.externalOfCall.get(record.callId) ?? ""));
    return outside && outside.answeredAt !== null && record.state !== "ended" ? outside : undefined;
  }

  private async dial(call: CarrierCall): Promise<void> {
    const sid = newSid();
    const deps = callsDeps();
    const teamLabel = await withTenant(deps.db, call.organizationId, async (tx) => {
      await repo.setCallSid(tx, call.organizationId, call.id, sid);
      return (await repo.teamOf(tx, call.organizationId, call.teamId))?.label ?? "";
    });
    const record: Record = {
      sid,
      orgId: call.organizationId,
      callId: call.id,
      direction: "incoming",
      phone: call.remoteNumber,
      clinicNumber: call.teamNumber ?? "",
      teamLabel,
      state: "dialing",
      startedAt: Date.now(),
      answeredAt: null,
      endedAt: null,
      endStatus: null,
      digits: "",
      ownerUserId: null,
      holdMusic: null,
    };
    const owner = await withTenant(deps.db, call.organizationId, (tx) => repo.findCall(tx, call.organizationId, call.id));
    record.ownerUserId = owner?.owner_user_id ?? null;
    this.calls.set(sid, record);
    this.sidOfCall.set(call.id, sid);
    this.toPhone(record.phone, { type: "call.incoming", call: present(record) });
    await this.report(record, { type: "leg.ringing", leg: "customer", key: `sandbox:${sid}:ringing`, at: Date.now() });
  }

  /**
   * external.dial (issue 13 §2): the clinic calls the extension's number; in the sandbox, any
   * open simulator page whose number it is rings as the outside phone.
   */
  private async dialExternal(call: CarrierCall, phone: string, extension: string | null): Promise<void> {
    const sid = newSid();
    const deps = callsDeps();
    const teamLabel = await withTenant(
      deps.db,
      call.organizationId,
      async (tx) => (await repo.teamOf(tx, call.organizationId, call.teamId))?.label ?? "",
    );
    const record: Record = {
      sid,
      orgId: call.organizationId,
      callId: call.id,
      direction: "incoming",
      phone,
      clinicNumber: call.teamNumber ?? "",
      teamLabel,
      state: "dialing",
      startedAt: Date.now(),
      answeredAt: null,
      endedAt: null,
      endStatus: null,
      digits: "",
      ownerUserId: null,
      holdMusic: null,
      external: { dtmf: extension },
    };
    this.calls.set(sid, record);
    this.externalOfCall.set(call.id, sid);
    this.toPhone(phone, { type: "call.incoming", call: present(record) });
    await applyEvent(deps, { callId: call.id }, { type: "leg.ringing", leg: "external", key: `sandbox:${sid}:ringing`, at: Date.now() });
  }

  /** The outside phone picked up: the call is the extension's, and the extension's digits are sent to it (Twilio's `ww` + digits). */
  private async answerExternal(record: Record): Promise<SandboxPhoneCall> {
    if (record.state === "ended" || record.answeredAt !== null || !record.callId) return present(record);
    record.answeredAt = Date.now();
    record.state = "active";
    await applyEvent(
      callsDeps(),
      { callId: record.callId },
      { type: "leg.answered", leg: "external", key: `sandbox:${record.sid}:answered`, at: Date.now() },
    );
    // The outside phone waits for the caller's phone to offer (the simulator always offers); the
    // caller's phone closes its pair with the person who transferred and opens one with it.
    this.toPhone(record.phone, { type: "call.connected", callSid: record.sid, answers: true });
    this.toPhone(record.phone, { type: "call.state", call: present(record) });
    const caller = this.farPhoneOf(record);
    if (caller) this.toPhone(caller.phone, { type: "call.connected", callSid: caller.sid });
    const dtmf = record.external?.dtmf;
    if (dtmf) {
      record.digits += dtmf;
      this.toPhone(record.phone, { type: "call.digits", callSid: record.sid, digits: dtmf });
    }
    return present(record);
  }

  /**
   * desk.ring (decision 0041): the clinic's call rings the simulator page listening as this desk
   * phone's SIP address. No audio flows to it: it rings, answers (the person's claim) and hangs up.
   */
  private async ringDesk(call: CarrierCall, userId: string, sipUri: string): Promise<void> {
    const deps = callsDeps();
    const teamLabel = await withTenant(
      deps.db,
      call.organizationId,
      async (tx) => (await repo.teamOf(tx, call.organizationId, call.teamId))?.label ?? "",
    );
    const sid = newSid();
    const record: Record = {
      sid,
      orgId: call.organizationId,
      callId: call.id,
      direction: "incoming",
      phone: sipUri,
      clinicNumber: call.teamNumber ?? "",
      teamLabel,
      state: "ringing",
      startedAt: Date.now(),
      answeredAt: null,
      endedAt: null,
      endStatus: null,
      digits: "",
      ownerUserId: userId,
      holdMusic: null,
      desk: { userId },
    };
    this.calls.set(sid, record);
    this.deskOfCall.set(`${call.id}:${userId}`, sid);
    this.toPhone(sipUri, { type: "call.incoming", call: present(record) });
  }

  /** The desk phone picked up: the person's claim on the call (the browser's answer); lost, the desk phone is hung up. */
  private async answerDesk(record: Record, userId: string): Promise<SandboxPhoneCall> {
    if (record.state === "ended" || record.answeredAt !== null || !record.callId) return present(record);
    const deps = callsDeps();
    // Marked answered before the claim: the claim closes this person's offer, and desk.stop must leave a winner ringing on.
    record.answeredAt = Date.now();
    const won = await answerFromDesk(deps, { callId: record.callId, userId });
    if (!won) {
      record.answeredAt = null;
      this.endDesk(record, "canceled");
      return present(record);
    }
    record.state = "active";
    this.toPhone(record.phone, { type: "call.connected", callSid: record.sid });
    this.toPhone(record.phone, { type: "call.state", call: present(record) });
    // Picking up is the desk phone's leg joining the room (the browser's SDP answer, in the sandbox).
    await applyEvent(deps, { callId: record.callId }, { type: "room.joined", userId, key: `sandbox:${record.sid}:joined`, at: Date.now() });
    return present(record);
  }

  private endDesk(record: Record, status: CallEndStatus): void {
    if (record.desk && record.callId) this.deskOfCall.delete(`${record.callId}:${record.desk.userId}`);
    if (record.state === "ended") return;
    record.state = "ended";
    record.endedAt = Date.now();
    record.endStatus = record.answeredAt === null ? (status === "completed" ? "canceled" : status) : "completed";
    this.toPhone(record.phone, { type: "call.ended", call: present(record) });
  }

  private endDesks(callId: string): void {
    for (const record of this.calls.values()) if (record.desk && record.callId === callId) this.endDesk(record, "completed");
  }

  private hangupExternal(callId: string): void {
    const sid = this.externalOfCall.get(callId);
    const record = sid ? this.calls.get(sid) : undefined;
    if (record) this.endExternal(record);
  }

  private endExternal(record: Record): void {
    if (record.callId) this.externalOfCall.delete(record.callId);
    if (record.state === "ended") return;
    record.state = "ended";
    record.endedAt = Date.now();
    record.endStatus = record.answeredAt === null ? "no-answer" : "completed";
    this.toPhone(record.phone, { type: "call.ended", call: present(record) });
  }

  private async report(record: Record, event: CarrierEvent): Promise<void> {
    await applyEvent(callsDeps(), { carrierCallSid: record.sid }, event);
    await this.refresh(record);
  }

  /** Reads the call's state back from the database and tells the phone. */
  private async refresh(record: Record): Promise<void> {
    if (!record.callId) return;
    const deps = callsDeps();
    const row = await withTenant(deps.db, record.orgId, (tx) => repo.findCall(tx, record.orgId, record.callId as string));
    if (!row) return;
    record.state = row.state as CallState;
    record.endStatus = (row.end_status as CallEndStatus | null) ?? null;
    record.answeredAt = row.answered_at ? row.answered_at.getTime() : record.answeredAt;
    record.endedAt = row.ended_at ? row.ended_at.getTime() : record.endedAt;
    // Park and a claim change who has the call: the database says who, including nobody (issue 13 §1).
    record.ownerUserId = row.owner_user_id;
    record.holdMusic = musicOf(row);
    this.toPhone(record.phone, { type: record.state === "ended" ? "call.ended" : "call.state", call: present(record) });
  }

  private async finish(record: Record): Promise<void> {
    await this.refresh(record);
    if (record.state !== "ended") {
      record.state = "ended";
      record.endedAt = Date.now();
      this.toPhone(record.phone, { type: "call.ended", call: present(record) });
    }
  }

  private toPhone(number: string, message: SandboxPhoneServerMessage): void {
    for (const socket of this.phones.get(number) ?? []) send(socket, message);
  }
}

function send(socket: WebSocket, message: SandboxPhoneServerMessage): void {
  if (socket.readyState === 1) socket.send(JSON.stringify(message));
}

/**
 * What the caller hears from the network while nobody talks to them: park music while parked,
 * hold music while held, and while waiting in a team's queue (issue 13 §1; without the queue the
 * caller hears ringback until the call is answered or missed).
 */
function musicOf(row: repo.CallRow): "hold" | "park" | null {
  if (row.state === "parked") return "park";
  if (row.held) return "hold";
  const queue = (row.model as { routing?: { queue?: boolean } }).routing?.queue === true;
  return queue && (row.state === "queued" || row.state === "ringing") ? "hold" : null;
}

/** A prompt as the carrier says it: French, then English (the caller's language is not known). */
function bothLanguages(key: "voice-prompt.callback" | "voice-prompt.voicemail"): string {
  return `${messages["fr-CA"][key]} ${messages["en-CA"][key]}`;
}

function newSid(): string {
  return `SB${randomBytes(16).toString("hex")}`;
}

function present(r: Record): SandboxPhoneCall {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    sid: r.sid,
    direction: r.direction,
    phone: r.phone,
    clinicNumber: r.clinicNumber,
    teamLabel: r.teamLabel,
    state: r.state,
    startedAt: new Date(r.startedAt).toISOString(),
    answeredAt: iso(r.answeredAt),
    endedAt: iso(r.endedAt),
    endStatus: r.endStatus,
    digitsReceived: r.digits,
    holdMusic: r.holdMusic,
  };
}

function applyInbound(sid: string, from: string, to: string) {
  return receiveInbound(callsDeps(), { carrier: "sandbox", carrierCallSid: sid, from, to, at: Date.now() });
}

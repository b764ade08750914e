import twilio from "twilio";
import type { CallCommand } from "../model.ts";
import { saveVoicemailAudio } from "../../voice-settings/index.ts";
import { RedirectingRequestClient, validTwilioSignature } from "../../../carriers/twilio/twilio-carrier.ts";
import { voiceAccessToken, type VoiceTokenOptions } from "./access-token.ts";
import type { CarrierCall, VoiceCarrier } from "../carrier.ts";
import type { SipDirectory } from "../../sips/index.ts";
import { CUSTOMER_LABEL, EXTERNAL_LABEL, queueNameOf, sayThenHangupTwiml, staffLabel, voicemailTwiml } from "./twiml.ts";
import { voiceUrl } from "./voice-urls.ts";

export type TwilioVoiceOptions = {
  accountSid: string;
  authToken: string;
  /** PUBLIC_URL: every callback URL and every signature is under it. */
  publicUrl: string;
  /** TWILIO_API_BASE: tests send the SDK's requests to a local stand-in. */
  apiBase?: string | undefined;
  /** The API key and TwiML App of the browser's tokens; without them no token is issued. */
  token?: Omit<VoiceTokenOptions, "accountSid"> | undefined;
  /** Music a waiting or held caller hears (mp3 or wav that Twilio fetches). */
  holdMusicUrl?: string | undefined;
  parkMusicUrl?: string | undefined;
  /**
   * Desk phones (decision 0041): the SIP domain they register on (`clinic.sip.twilio.com`) and the
   * credential list of that domain Relais adds their credentials to. Without them, no desk phone.
   */
  sip?: { domain: string; credentialListSid: string } | undefined;
};

const TWILIO_API = "https://api.twilio.com";
/** Twilio's own public hold music, the one its default wait URL plays. */
const TWILIO_HOLD_MUSIC = "https://com.twilio.music.classical.s3.amazonaws.com/BusyStrings.mp3";
/** A leg that is over (20404 not found, 21220 not in progress): what the command wanted is already true. */
const GONE_CODES = new Set([20404, 21220]);
/** What the carrier remembers per call is a convenience: a restart forgets it and the REST look-ups take over. */
const REMEMBERED = 5000;
/** A recording is at most two minutes of mp3 (twiml.ts): far below this. */
const RECORDING_MAX_BYTES = 20 * 1024 * 1024;

/** A map that forgets its oldest entries past `REMEMBERED`. */
class Recent<K, V> extends Map<K, V> {
  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > REMEMBERED) super.delete(this.keys().next().value as K);
    return this;
  }
}

/** The number Twilio places and queues this call's legs on; a call without one cannot reach Twilio. */
function teamNumberOf(call: CarrierCall): string {
  if (!call.teamNumber) throw new Error(`twilio voice: call ${call.id} has no team number`);
  return call.teamNumber;
}

function isGone(err: unknown): boolean {
  return err instanceof twilio.RestException && err.code !== undefined && GONE_CODES.has(err.code);
}

/**
 * The Twilio side of a call (VOICE.md §4): carries out the reducer's commands with the REST API.
 * Every call has a room, a conference named by `call.room`; participants are addressed by label
 * (customer, external, staff-<userId>) so no participant sid needs storing. Hold is a
 * participant update with a holdUrl, never new TwiML (that would drop the caller out of the
 * room). Commands that are the calls module's own work (offers, timers, texts) or that TwiML
 * already carried out (the greeting, a staff browser joining) do nothing here.
 */
export class TwilioVoiceCarrier implements VoiceCarrier {
  readonly name = "twilio" as const;
  readonly publicUrl: string;
  private readonly client: twilio.Twilio;
  /** The queue each waiting caller is in, as the wait URL reported it (CallSid → QueueSid). */
  private readonly queueOfCall = new Recent<string, string>();
  private readonly conferenceOfRoom = new Recent<string, string>();
  /** Legs Relais placed itself (outbound callee, outside transfer number), by call id. */
  private readonly placedLegs = new Recent<string, { customer?: string; external?: string }>();
  /** Desk phones ringing, by `callId:userId` → the CA sid of the leg Relais placed to them. */
  private readonly deskLegs = new Recent<string, string>();
  /** Calls whose caller already has their last words (the callback confirmation): ending the room must not cut them off. */
  private readonly lastWords = new Recent<string, true>();

  constructor(private readonly opts: TwilioVoiceOptions) {
    this.publicUrl = opts.publicUrl.replace(/\/+$/, "");
    this.client = twilio(opts.accountSid, opts.authToken, {
      ...(opts.apiBase ? { httpClient: new RedirectingRequestClient(opts.apiBase.replace(/\/+$/, "")) } : {}),
    });
  }

  accessToken(identity: { userId: string; organizationId: string }): Promise<{ jwt: string; expiresAt: string }> {
    if (!this.opts.token) {
      return Promise.reject(
        new Error("twilio voice: TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET and TWILIO_TWIML_APP_SID are needed for tokens"),
      );
    }
    return Promise.resolve(voiceAccessToken({ accountSid: this.opts.accountSid, ...this.opts.token }, identity.userId));
  }

  /** Whether a webhook's X-Twilio-Signature signs its params for PUBLIC_URL + path (the SMS webhooks' check). */
  validSignature(signature: string | undefined, path: string, params: Record<string, unknown>): boolean {
    return validTwilioSignature(this.opts.authToken, this.publicUrl, signature, path, params);
  }

  musicUrl(music: "hold" | "park"): string {
    return (music === "park" ? (this.opts.parkMusicUrl ?? this.opts.holdMusicUrl) : this.opts.holdMusicUrl) ?? TWILIO_HOLD_MUSIC;
  }

  /**
   * The SIP domain's credentials (Credential Lists → Credentials), one per desk phone; null when
   * no SIP domain is configured.
   */
  sipDirectory(): SipDirectory | null {
    const sip = this.opts.sip;
    if (!sip) return null;
    const list = () => this.client.sip.credentialLists(sip.credentialListSid);
    return {
      domain: sip.domain,
      addCredential: async (username, password) => (await list().credentials.create({ username, password })).sid,
      removeCredential: async (credentialSid) => {
        await list()
          .credentials(credentialSid)
          .remove()
          .catch((err: unknown) => {
            if (!isGone(err)) throw err;
          });
      },
    };
  }

  /** The desk phone answered (its webhook): it is no longer ringing, and stopping the offer must leave it be. */
  deskAnswered(callId: string, userId: string): void {
    this.deskLegs.delete(`${callId}:${userId}`);
  }

  /** The wait URL's report of which queue a caller waits in, so answering needs no look-up. */
  rememberQueue(callSid: string, queueSid: string): void {
    this.queueOfCall.set(callSid, queueSid);
  }

  async execute(call: CarrierCall, command: CallCommand): Promise<void> {
    switch (command.type) {
      case "customer.connect":
        return this.connectCustomer(call);
      case "customer.hold":
        return this.holdCustomer(call, {
          hold: true,
          holdUrl: voiceUrl(this.publicUrl, "hold", { music: command.music }),
          holdMethod: "POST",
        });
      case "customer.resume":
        return this.holdCustomer(call, { hold: false });
      case "staff.remove":
        return this.removeParticipant(call, staffLabel(command.userId));
      case "external.dial":
        return this.dialExternal(call, command.phone, command.extension);
      case "external.hangup":
        return this.hangupExternal(call);
      case "outbound.dial":
        // An emergency number is dialled by the browser's own leg (<Dial><Number>), never placed into a room.
        return command.emergency ? undefined : this.dialOutbound(call, command.to);
      case "voicemail.start":
        return this.redirectCustomer(
          call,
          voicemailTwiml({
            recordingActionUrl: voiceUrl(this.publicUrl, "recording", { callId: call.id, step: "action" }),
            recordingStatusUrl: voiceUrl(this.publicUrl, "recording", { callId: call.id, step: "status" }),
          }),
        );
      case "callback.request":
        // The text itself is the calls module's; the caller hears the confirmation, then the line closes.
        this.lastWords.set(call.id, true);
        return this.redirectCustomer(call, sayThenHangupTwiml("voice-prompt.callback"));
      case "room.end":
        return this.endRoom(call);
      case "desk.ring":
        return this.ringDesk(call, command.userId, command.sipUri, command.ringSeconds);
      case "desk.stop":
        return this.stopDesk(call, command.userId);
      case "voicemail.save": {
        // Issue 13 §3 (decision 0039): the mp3 is fetched with the account's credentials and kept
        // with the call, checked and measured like any audio; the thread's player reads it from there.
        const bytes = await this.fetchRecording(command.recordingId);
        await saveVoicemailAudio(call.organizationId, call.id, { bytes, truncated: false });
        return;
      }
      // The Voice JS SDK sends dialpad keys itself (`call.sendDigits`) on the staff leg: Twilio
      // has no REST operation that plays DTMF into a conference participant.
      case "digits.send":
      case "greeting.play":
      case "staff.join":
      case "offers.request":
      case "offers.send":
      case "offers.revoke":
      case "missed-call.text":
      case "timer.schedule":
        return;
    }
  }

  /**
   * The caller is taken from the queue into the room (Queue Member update with the room's TwiML).
   * A caller no longer in the queue is already in the room (a claim after a join timeout): there
   * the answer is to take them off hold.
   */
  private async connectCustomer(call: CarrierCall): Promise<void> {
    const callSid = this.customerSid(call);
    if (!callSid) throw new Error(`twilio voice: call ${call.id} has no caller leg to connect`);
    const queueSid = this.queueOfCall.get(callSid) ?? (await this.queueSid(queueNameOf(teamNumberOf(call))));
    if (!queueSid) return this.holdCustomer(call, { hold: false });
    try {
      await this.client
        .queues(queueSid)
        .members(callSid)
        .update({ url: voiceUrl(this.publicUrl, "room", { callId: call.id, room: call.room, label: CUSTOMER_LABEL }), method: "POST" });
      this.queueOfCall.delete(callSid);
    } catch (err) {
      if (!isGone(err)) throw err;
      await this.holdCustomer(call, { hold: false });
    }
  }

  private async holdCustomer(call: CarrierCall, update: { hold: boolean; holdUrl?: string; holdMethod?: string }): Promise<void> {
    const conference = await this.conferenceSid(call.room);
    if (!conference) throw new Error(`twilio voice: room ${call.room} is not in progress`);
    await this.client.conferences(conference).participants(CUSTOMER_LABEL).update(update);
  }

  /** Removes a participant from the room (a staff leg after park or transfer); one already gone is fine. */
  private async removeParticipant(call: CarrierCall, label: string): Promise<void> {
    const conference = await this.conferenceSid(call.room);
    if (!conference) return;
    await this.client
      .conferences(conference)
      .participants(label)
      .remove()
      .catch((err: unknown) => {
        if (!isGone(err)) throw err;
      });
  }

  /** An outbound call: Twilio rings the far end from the team's number; answering puts it in the room the browser joins. */
  private async dialOutbound(call: CarrierCall, to: string): Promise<void> {
    const created = await this.client.calls.create({
      to,
      from: teamNumberOf(call),
      url: voiceUrl(this.publicUrl, "room", { callId: call.id, room: call.room, label: CUSTOMER_LABEL }),
      method: "POST",
      statusCallback: voiceUrl(this.publicUrl, "status", { callId: call.id, leg: "customer" }),
      statusCallbackMethod: "POST",
      statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    });
    this.placedLegs.set(call.id, { ...this.placedLegs.get(call.id), customer: created.sid });
  }

  /**
   * A desk phone rung beside the browser (decision 0041): a call from the team's number to the
   * phone's SIP address, given up after the ring time; answered, its webhook claims the call for
   * the person and puts the phone into the room.
   */
  private async ringDesk(call: CarrierCall, userId: string, sipUri: string, ringSeconds: number): Promise<void> {
    const created = await this.client.calls.create({
      to: sipUri,
      from: teamNumberOf(call),
      url: voiceUrl(this.publicUrl, "desk", { callId: call.id, userId }),
      method: "POST",
      timeout: Math.max(5, Math.min(600, ringSeconds)),
    });
    this.deskLegs.set(`${call.id}:${userId}`, created.sid);
  }

  /**
   * The offer closed: the desk phone stops ringing. `canceled` only ends a call still queued or
   * ringing, so a desk phone that answered (and won) in the meantime is never cut off.
   */
  private async stopDesk(call: CarrierCall, userId: string): Promise<void> {
    const key = `${call.id}:${userId}`;
    const sid = this.deskLegs.get(key);
    if (!sid) return;
    this.deskLegs.delete(key);
    await this.client
      .calls(sid)
      .update({ status: "canceled" })
      .catch((err: unknown) => {
        if (!isGone(err)) throw err;
      });
  }

  /** Transfer to an outside number: a new call that, answered, dials the extension (`ww` waits a second) and joins the room. */
  private async dialExternal(call: CarrierCall, phone: string, extension: string | null): Promise<void> {
    const created = await this.client.calls.create({
      to: phone,
      from: teamNumberOf(call),
      ...(extension ? { sendDigits: `ww${extension}` } : {}),
      url: voiceUrl(this.publicUrl, "room", { callId: call.id, room: call.room, label: EXTERNAL_LABEL }),
      method: "POST",
      statusCallback: voiceUrl(this.publicUrl, "status", { callId: call.id, leg: "external" }),
      statusCallbackMethod: "POST",
      statusCallbackEvent: ["initiated", "ringing", "answered", "completed"],
    });
    this.placedLegs.set(call.id, { ...this.placedLegs.get(call.id), external: created.sid });
  }

  /** The outside leg of a transfer ends: by its sid when this process placed it, else by its label in the room. */
  private async hangupExternal(call: CarrierCall): Promise<void> {
    const sid = this.placedLegs.get(call.id)?.external;
    if (sid) return this.completeCall(sid);
    return this.removeParticipant(call, EXTERNAL_LABEL);
  }

  /** New TwiML for the caller's leg: out of the queue or the room, into the voicemail or the callback confirmation. */
  private async redirectCustomer(call: CarrierCall, twiml: string): Promise<void> {
    const sid = this.customerSid(call);
    if (!sid) return;
    await this.client
      .calls(sid)
      .update({ twiml })
      .catch((err: unknown) => {
        if (!isGone(err)) throw err;
      });
  }

  /**
   * The call is over: the caller's leg is hung up (unless it is saying its last words), the room
   * completed (which ends the staff legs in it) and an outside leg this process placed ended.
   */
  private async endRoom(call: CarrierCall): Promise<void> {
    const customer = this.customerSid(call);
    if (customer && !this.lastWords.has(call.id)) await this.completeCall(customer);
    const conference = await this.conferenceSid(call.room);
    if (conference) {
      await this.client
        .conferences(conference)
        .update({ status: "completed" })
        .catch((err: unknown) => {
          if (!isGone(err)) throw err;
        });
    }
    const external = this.placedLegs.get(call.id)?.external;
    if (external) await this.completeCall(external);
    this.conferenceOfRoom.delete(call.room);
    this.placedLegs.delete(call.id);
    this.lastWords.delete(call.id);
  }

  private async completeCall(sid: string): Promise<void> {
    await this.client
      .calls(sid)
      .update({ status: "completed" })
      .catch((err: unknown) => {
        if (!isGone(err)) throw err;
      });
  }

  private customerSid(call: CarrierCall): string | null {
    return call.carrierCallSid ?? this.placedLegs.get(call.id)?.customer ?? null;
  }

  /** The room's conference sid while it is in progress, or null (not started yet, or over). */
  private async conferenceSid(room: string): Promise<string | null> {
    const known = this.conferenceOfRoom.get(room);
    if (known) return known;
    const [conference] = await this.client.conferences.list({ friendlyName: room, status: "in-progress", limit: 1 });
    if (!conference) return null;
    this.conferenceOfRoom.set(room, conference.sid);
    return conference.sid;
  }

  private async queueSid(name: string): Promise<string | null> {
    const queues = await this.client.queues.list({ limit: 1000 });
    return queues.find((q) => q.friendlyName === name)?.sid ?? null;
  }

  /**
   * A voicemail's audio (mp3), fetched with the account's credentials through the configured
   * API base, for the calls module to keep as the voicemail (voicemail.save).
   */
  async fetchRecording(recordingSid: string): Promise<Buffer> {
    if (!/^RE[0-9a-f]{32}$/i.test(recordingSid)) throw new Error("twilio voice: not a recording sid");
    const path = `/2010-04-01/Accounts/${this.opts.accountSid}/Recordings/${recordingSid}.mp3`;
    const target = `${this.opts.apiBase ? this.opts.apiBase.replace(/\/+$/, "") : TWILIO_API}${path}`;
    const credentials = Buffer.from(`${this.opts.accountSid}:${this.opts.authToken}`).toString("base64");
    const res = await fetch(target, { headers: { authorization: `Basic ${credentials}` }, signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`twilio voice: recording answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length > RECORDING_MAX_BYTES) throw new Error("twilio voice: recording too large");
    return bytes;
  }
}

import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isAnonymousNumber, isEmergencyNumber } from "@relais/shared";
import { twilioVoiceEndpoints as hooks } from "@relais/shared/endpoints/twilio-voice";
import { serve } from "../../../platform/http/serve.ts";
import { AppError } from "../../../platform/errors.ts";
import { userIdOfIdentity } from "./access-token.ts";
import type { VoiceEntryPoints } from "./ports.ts";
import {
  apologyTwiml,
  emergencyTwiml,
  emptyTwiml,
  hangupTwiml,
  holdTwiml,
  inboundTwiml,
  queueNameOf,
  redirectTwiml,
  roomTwiml,
  sayThenHangupTwiml,
  staffJoinTwiml,
  waitTwiml,
} from "./twiml.ts";
import type { TwilioVoiceCarrier } from "./voice-carrier.ts";
import { voiceUrl } from "./voice-urls.ts";
import { fromCallStatus, fromConferenceStatus, fromGather, fromQueueWait, fromRecordingStatus, type Translated } from "./webhook-events.ts";

/** Twilio's webhooks are a few hundred bytes. */
const FORM_LIMIT = 65_536;
/** Keys applied lately by this process: a replay within it stops here; the calls module's unique key guards the rest. */
const SEEN_KEYS = 10_000;
/** Twilio's queue results that mean its queue failed the caller, not that the caller moved on. */
const QUEUE_FAILURES = new Set(["queue-full", "system-error", "error"]);

export type VoiceWebhookOptions = {
  /** The Twilio voice carrier; null under the sandbox, where no signature can be valid. */
  carrier: TwilioVoiceCarrier | null;
  entry: VoiceEntryPoints;
  now?: () => number;
};

/**
 * Twilio's voice webhooks (VOICE.md §4), under /api/webhooks/twilio/voice/*. Each request is
 * checked against its X-Twilio-Signature over PUBLIC_URL + path + query (never the host it
 * arrived on), before anything is read or written (403 otherwise, as the SMS webhooks). Webhook
 * payloads become the reducer's carrier events (webhook-events.ts) and go to the calls module
 * through the injected entry points, de-duplicated by their keys. Twilio always gets TwiML: a
 * handler that fails answers 200 with a short apology and hang-up, never an error page a caller
 * would hear as Twilio's "an application error has occurred".
 */
export function twilioVoiceWebhookRoutes({ carrier, entry, now = Date.now }: VoiceWebhookOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_LIMIT }, (_req, body, done) => {
      const params: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) params[k] = v;
      done(null, params);
    });

    const checkSignature = async (req: FastifyRequest, _reply: FastifyReply) => {
      const signature = req.headers["x-twilio-signature"];
      const params = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {};
      if (!carrier || typeof signature !== "string" || !carrier.validSignature(signature, req.url, params)) {
        throw new AppError("error.invalid-signature", 403);
      }
    };
    const signed = { preValidation: checkSignature };

    const seen = new Set<string>();
    /** Hands an event to the calls module once per key in this process; remembered only once it is applied. */
    const applyOnce = async (translated: Translated | null) => {
      if (!translated || seen.has(translated.event.key)) return;
      await entry.applyCarrierEvent(translated.ref, translated.event);
      seen.add(translated.event.key);
      if (seen.size > SEEN_KEYS) seen.delete(seen.values().next().value as string);
    };

    /** Answers TwiML; a failure is logged and the caller hears the apology. */
    const twiml = async (req: FastifyRequest, reply: FastifyReply, build: () => Promise<string> | string) => {
      let xml: string;
      try {
        xml = await build();
      } catch (err) {
        req.log.error({ err }, "twilio voice webhook failed");
        xml = apologyTwiml();
      }
      return reply.status(200).type("text/xml").send(xml);
    };

    // Only a carrier with credentials gets past the signature, so `twilio` is set in every handler.
    const twilio = () => {
      if (!carrier) throw new AppError("error.invalid-signature", 403);
      return carrier;
    };
    const url = (route: Parameters<typeof voiceUrl>[1], query: Record<string, string>) => voiceUrl(twilio().publicUrl, route, query);

    serve(
      app,
      hooks.incoming,
      async ({ body, req, reply }) =>
        twiml(req, reply, async () => {
          if (body.From.startsWith("client:")) {
            // A staff browser's leg: only into a call that person holds.
            const userId = userIdOfIdentity(body.From);
            const call = userId && body.CallId ? await entry.callForStaffLeg({ callId: body.CallId, userId }) : null;
            if (!userId || !call) return hangupTwiml();
            if (call.emergency && call.direction === "outbound") {
              // placeOutbound refuses a team without a number, so an outbound call always has one.
              if (!call.teamNumber) return hangupTwiml();
              return emergencyTwiml({
                to: call.remoteNumber,
                callerId: call.teamNumber,
                statusUrl: url("status", { callId: call.id, leg: "customer" }),
              });
            }
            const conferenceStatusUrl = url("conferenceStatus", { callId: call.id });
            return staffJoinTwiml({ room: call.room, userId, conferenceStatusUrl, waitUrl: url("hold", { music: "hold" }) });
          }
          const decision = await entry.receiveInboundCall({
            carrier: "twilio",
            carrierCallSid: body.CallSid,
            from: body.From,
            to: body.To,
            at: now(),
          });
          const greeting = decision ? await entry.greetingOf({ callId: decision.callId, period: decision.period }) : null;
          const callId = decision?.callId ?? "";
          // Hidden and emergency callers get no menu (no callback can reach them; an emergency is never kept in a menu).
          const menu = isAnonymousNumber(body.From) || isEmergencyNumber(body.From) ? "0" : "1";
          return inboundTwiml({
            decision,
            greeting,
            queueName: queueNameOf(body.To),
            waitUrl: url("wait", { callId, menu }),
            queueActionUrl: url("queueAction", { callId }),
            voicemail: {
              recordingActionUrl: url("recording", { callId, step: "action" }),
              recordingStatusUrl: url("recording", { callId, step: "status" }),
            },
          });
        }),
      signed,
    );

    serve(
      app,
      hooks.wait,
      async ({ query, body, req, reply }) =>
        twiml(req, reply, async () => {
          const voice = twilio();
          voice.rememberQueue(body.CallSid, body.QueueSid);
          await applyOnce(fromQueueWait(body, query.callId, now()));
          const gatherUrl = url("gather", { callId: query.callId, t: body.QueueTime });
          return waitTwiml({ menu: query.menu === "1", gatherUrl, musicUrl: voice.musicUrl("hold") });
        }),
      signed,
    );

    serve(
      app,
      hooks.gather,
      async ({ query, body, req, reply }) =>
        twiml(req, reply, async () => {
          // What the key does is the reducer's decision, carried out by the carrier's commands
          // (voicemail, callback confirmation); meanwhile the caller goes back to waiting.
          await applyOnce(fromGather(body, query, now()));
          return redirectTwiml(url("wait", { callId: query.callId, menu: "1" }));
        }),
      signed,
    );

    serve(
      app,
      hooks.queueAction,
      async ({ body, req, reply }) => twiml(req, reply, () => (QUEUE_FAILURES.has(body.QueueResult) ? apologyTwiml() : emptyTwiml())),
      signed,
    );

    serve(
      app,
      hooks.room,
      async ({ query, req, reply }) =>
        twiml(req, reply, () =>
          roomTwiml({
            room: query.room,
            label: query.label,
            conferenceStatusUrl: url("conferenceStatus", { callId: query.callId }),
            waitUrl: url("hold", { music: "hold" }),
          }),
        ),
      signed,
    );

    serve(
      app,
      hooks.desk,
      async ({ query, req, reply }) =>
        twiml(req, reply, async () => {
          // The desk phone answered (decision 0041): the person's claim, then the room as their browser would join it.
          twilio().deskAnswered(query.callId, query.userId);
          const call = await entry.answerFromDesk({ callId: query.callId, userId: query.userId });
          if (!call) return hangupTwiml();
          return staffJoinTwiml({
            room: call.room,
            userId: query.userId,
            conferenceStatusUrl: url("conferenceStatus", { callId: call.id }),
            waitUrl: url("hold", { music: "hold" }),
          });
        }),
      signed,
    );

    serve(app, hooks.hold, async ({ query, req, reply }) => twiml(req, reply, () => holdTwiml(twilio().musicUrl(query.music))), signed);

    serve(
      app,
      hooks.status,
      async ({ query, body, req, reply }) =>
        twiml(req, reply, async () => {
          await applyOnce(fromCallStatus(body, query, now()));
          return emptyTwiml();
        }),
      signed,
    );

    serve(
      app,
      hooks.conferenceStatus,
      async ({ query, body, req, reply }) =>
        twiml(req, reply, async () => {
          await applyOnce(fromConferenceStatus(body, query.callId, now()));
          return emptyTwiml();
        }),
      signed,
    );

    serve(
      app,
      hooks.recording,
      async ({ query, body, req, reply }) =>
        twiml(req, reply, async () => {
          if (query.step === "action") return sayThenHangupTwiml("voice-prompt.goodbye");
          await applyOnce(fromRecordingStatus(body, query.callId, now()));
          return emptyTwiml();
        }),
      signed,
    );
  };
}

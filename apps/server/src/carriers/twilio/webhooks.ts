import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { endpoints, type twilioInboundForm, type twilioStatusForm } from "@relais/shared";
import { serve } from "../../platform/http/serve.ts";
import type { Carrier, InboundMedia } from "../carrier.ts";
import { AppError } from "../../platform/errors.ts";
import { TwilioCarrier, twilioReason } from "./twilio-carrier.ts";

/** A MediaUrl{N} of the inbound webhook: an address of Twilio's REST API. */
const mediaUrl = z.url({ protocol: /^https$/ }).max(500);

/**
 * The files of an inbound MMS (NumMedia, MediaUrl0…): each is downloaded by the carrier only when
 * the messaging service stores it. The declared MediaContentType{N} is not used: the type is read
 * from the bytes. Twilio sends 10 at most.
 */
function inboundMediaOf(carrier: TwilioCarrier, form: z.infer<typeof twilioInboundForm>): InboundMedia[] {
  const count = Math.min(Number(form.NumMedia ?? "0"), 10);
  const media: InboundMedia[] = [];
  for (let i = 0; i < count; i++) {
    const url = mediaUrl.safeParse(form[`MediaUrl${i}`]);
    if (url.success) media.push({ filename: null, read: () => carrier.fetchMedia(url.data) });
  }
  return media;
}

/** Form bodies are small: Twilio's webhooks are a few hundred bytes. */
const FORM_LIMIT = 65_536;

/** Our status for Twilio's; null for the intermediate ones Relais does not show (queued, sending…). */
export function statusFromTwilio(status: z.infer<typeof twilioStatusForm>["MessageStatus"]): "sent" | "delivered" | "failed" | null {
  switch (status) {
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
    case "failed":
      return "failed";
    default:
      return null;
  }
}

/**
 * Twilio's webhooks (DESIGN §6): public routes, form bodies, every request checked against its
 * X-Twilio-Signature over PUBLIC_URL + path + query and the POST params (403
 * error.invalid-signature otherwise, before anything is read or written). They are always served
 * so the route list is the same everywhere; without the Twilio carrier no signature can be valid.
 * The inbound text is answered (empty TwiML) only after the messaging service's durable insert,
 * so Twilio's retry of an unanswered webhook finds it recorded and changes nothing.
 */
export function twilioWebhookRoutes(carrier: Carrier): FastifyPluginAsyncZod {
  const twilioCarrier = carrier instanceof TwilioCarrier ? carrier : null;
  return async (app) => {
    // Only these routes read forms, and only forms: a JSON body is a 415.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_LIMIT }, (_req, body, done) => {
      const params: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) params[k] = v;
      done(null, params);
    });

    const checkSignature = async (req: FastifyRequest, _reply: FastifyReply) => {
      const signature = req.headers["x-twilio-signature"];
      const params = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {};
      if (!twilioCarrier || typeof signature !== "string" || !twilioCarrier.validSignature(signature, req.url, params)) {
        throw new AppError("error.invalid-signature", 403);
      }
    };

    serve(
      app,
      endpoints.twilio.inboundSms,
      async ({ body: b, reply }) => {
        if (!twilioCarrier) throw new AppError("error.invalid-signature", 403);
        const media = inboundMediaOf(twilioCarrier, b);
        await twilioCarrier.receive({ carrierMessageId: b.MessageSid, from: b.From, to: b.To, body: b.Body, media });
        return reply.status(200).type("text/xml").send('<?xml version="1.0" encoding="UTF-8"?><Response/>');
      },
      { preValidation: checkSignature },
    );

    serve(
      app,
      endpoints.twilio.messageStatus,
      async ({ query, body: b, reply }) => {
        if (!twilioCarrier) throw new AppError("error.invalid-signature", 403);
        const status = statusFromTwilio(b.MessageStatus);
        if (status) {
          await twilioCarrier.status({
            carrierMessageId: b.MessageSid,
            idempotencyKey: query.key ?? null,
            status,
            failureReason: status === "failed" ? twilioReason(b.ErrorCode, b.ErrorMessage) : null,
          });
        }
        return reply.status(204).send();
      },
      { preValidation: checkSignature },
    );
  };
}

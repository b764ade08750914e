import { z } from "zod";

/** Twilio's SMS webhook (the fields Relais reads; Twilio sends many more, all signed, all kept for the signature). */
export const twilioInboundForm = z.looseObject({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/i),
  AccountSid: z.string().min(1).max(64),
  From: z.string().min(1).max(32),
  To: z.string().min(1).max(32),
  Body: z.string().max(10_000).default(""),
  NumMedia: z
    .string()
    .regex(/^\d{1,2}$/)
    .optional(),
});

/** Twilio's status callback of an outbound message. */
export const twilioStatusForm = z.looseObject({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/i),
  AccountSid: z.string().min(1).max(64),
  MessageStatus: z.enum(["accepted", "scheduled", "queued", "sending", "sent", "delivered", "undelivered", "failed", "read", "canceled"]),
  ErrorCode: z.string().max(16).optional(),
  ErrorMessage: z.string().max(500).optional(),
});

/** The idempotency key the carrier put in the status callback URL. */
export const twilioStatusQuery = z.object({ key: z.string().min(1).max(64, { message: "validation.max-length" }).optional() });

import { z } from "zod";
import { E164_PATTERN } from "../rules/phone.ts";
import { MESSAGE_STATUSES } from "./messaging.ts";

/**
 * The phone simulator's side of the sandbox network (development and tests only, DESIGN §6):
 * the network's settings, the clinic numbers a simulated phone can text, and one phone's
 * conversation with one clinic number. Served under /api/sandbox; inbound and outbox are in
 * messaging.ts.
 */

/** The longest delay between two simulated statuses the settings accept: a minute. */
export const SANDBOX_DELAY_MAX_MS = 60_000;

const phone = z.string().regex(E164_PATTERN, { message: "error.phone-invalid" });

/** GET and PUT sandbox/settings: how the simulated network behaves for the texts that follow. */
export const sandboxSettings = z
  .object({
    /** Between two simulated statuses: sending → sent after one delay, → delivered (or failed) after two. */
    deliveryMs: z
      .number({ message: "simulator.error.delay-range" })
      .int({ message: "simulator.error.delay-range" })
      .min(0, { message: "simulator.error.delay-range" })
      .max(SANDBOX_DELAY_MAX_MS, { message: "simulator.error.delay-range" }),
    /** Share of the clinic's texts that fail, from 0 (none) to 1 (all), drawn per text. */
    failureRate: z
      .number({ message: "simulator.error.failure-rate-range" })
      .min(0, { message: "simulator.error.failure-rate-range" })
      .max(1, { message: "simulator.error.failure-rate-range" }),
  })
  .strict();
export type SandboxSettings = z.infer<typeof sandboxSettings>;

/** GET sandbox/numbers: one clinic number a simulated phone can text, with whose it is. */
export const sandboxNumber = z.object({
  number: z.string(),
  organizationName: z.object({ "fr-CA": z.string(), "en-CA": z.string() }),
  teamLabel: z.string(),
});
export type SandboxNumber = z.infer<typeof sandboxNumber>;
export const sandboxNumbers = z.array(sandboxNumber);

/** GET sandbox/conversation: the simulated phone `phone` and the clinic number `with`. */
export const sandboxConversationQuery = z.object({ phone, with: phone }).strict();
export type SandboxConversationQuery = z.infer<typeof sandboxConversationQuery>;

export const SANDBOX_DIRECTIONS = ["sent", "received"] as const;

/** A file of a simulated text: its type and a link the simulator can show. */
export const sandboxMediaLink = z.object({ contentType: z.string(), url: z.string() });
export type SandboxMediaLink = z.infer<typeof sandboxMediaLink>;

/** One text of the conversation, as the simulated phone sees it. */
export const sandboxConversationItem = z.object({
  /** The carrier's message id: stable across polls. */
  id: z.string(),
  /** "sent" by the phone to the clinic, "received" from the clinic. */
  direction: z.enum(SANDBOX_DIRECTIONS),
  body: z.string(),
  media: z.array(sandboxMediaLink),
  /** A text the phone sent is delivered once Relais accepted it; the clinic's move as simulated. */
  status: z.enum(MESSAGE_STATUSES),
  failureReason: z.string().nullable(),
  at: z.string(),
});
export type SandboxConversationItem = z.infer<typeof sandboxConversationItem>;

/** Oldest first. */
export const sandboxConversation = z.object({ items: z.array(sandboxConversationItem) });
export type SandboxConversation = z.infer<typeof sandboxConversation>;

/** GET sandbox/phone-media/{id}: a file a simulated phone sent, kept in memory by the sandbox. */
export const sandboxPhoneMediaParams = z.object({ id: z.string().regex(/^[a-f0-9]{32}$/, { message: "validation.invalid" }) }).strict();

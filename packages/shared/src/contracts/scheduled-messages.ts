import { z } from "zod";
import { uuid } from "./common.ts";
import { MESSAGE_BODY_MAX, threadContact } from "./messaging.ts";
import { TIME_PATTERN } from "../rules/schedule.ts";
import { isAnonymousNumber, isEmergencyNumber } from "../rules/calls.ts";

/**
 * Scheduled messages (spec part 2 §3, §5; issue 5 §2): a text to one number at a date and time of
 * the organisation's time zone, with optional reminders before it. Served under
 * /api/scheduled-messages.
 */

/** How far ahead the planned time must be (spec part 2 §5). */
export const SCHEDULED_MIN_LEAD_MINUTES = 5;
export const SCHEDULED_TITLE_MAX = 200;

/** Reminders: 24 hours, 48 hours or 7 days before the planned time. */
export const SCHEDULED_REMINDERS = ["24h", "48h", "7d"] as const;
export type ScheduledReminder = (typeof SCHEDULED_REMINDERS)[number];
export const REMINDER_OFFSET_MINUTES: Record<ScheduledReminder, number> = { "24h": 24 * 60, "48h": 48 * 60, "7d": 7 * 24 * 60 };

/**
 * set: waiting for its time; sending: handed to the network; sent: accepted or delivered;
 * failed: not sent, with `failureReason`.
 */
export const SCHEDULED_STATUSES = ["scheduled", "sending", "sent", "failed"] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

/**
 * Numbers for which no scheduled message is looked up (spec part 1 §7, part 2 §4): emergency
 * services and callers who hide their number.
 */
export function skipsScheduledLookup(phone: string): boolean {
  return isEmergencyNumber(phone) || isAnonymousNumber(phone);
}

const HHMM = z.string({ message: "validation.time-format" }).regex(TIME_PATTERN, { message: "validation.time-format" });
const ISO_DATE = z.iso.date({ message: "validation.date-format" });

/** POST scheduled-messages, PUT scheduled-messages/{id}: the whole message, replaced on edit. */
export const scheduledMessageRequest = z
  .object({
    title: z
      .string({ message: "validation.scheduled-title-required" })
      .trim()
      .min(1, { message: "validation.scheduled-title-required" })
      .max(SCHEDULED_TITLE_MAX, { message: "validation.max-length" }),
    message: z
      .string({ message: "validation.scheduled-message-required" })
      .trim()
      .min(1, { message: "validation.scheduled-message-required" })
      .max(MESSAGE_BODY_MAX, { message: "validation.max-length" }),
    /** YYYY-MM-DD, in the organisation's time zone. */
    date: ISO_DATE,
    /**
     * HH:mm, in the organisation's time zone; optional (spec part 2 §3): without it (absent,
     * null or empty) the message goes at the office's opening time that day (decision 0034).
     */
    time: z
      .union([HHMM, z.literal("")])
      .nullish()
      .transform((v) => v || null),
    /** The recipient, as typed; checked as a phone number by the server. */
    toPhoneNumber: z.string().max(40, { message: "validation.max-length" }),
    /** The team whose number sends it; the caller's current team when omitted. */
    teamId: uuid.optional(),
    /** The quick message the text came from: refused when it carries a file (text only here, spec part 2 §5). */
    textBlockId: uuid.optional(),
    reminders: z
      .array(z.enum(SCHEDULED_REMINDERS, { message: "validation.invalid" }))
      .max(3)
      .default([]),
  })
  .strict();
export type ScheduledMessageRequest = z.input<typeof scheduledMessageRequest>;

export const scheduledMessage = z.object({
  id: uuid,
  teamId: uuid,
  title: z.string(),
  message: z.string(),
  date: z.string(),
  /** The time asked for; null: none was, and it goes at the office's opening time (`scheduledAt` says when). */
  time: z.string().nullable(),
  /** The planned instant, in UTC. */
  scheduledAt: z.string(),
  toPhoneNumber: z.string(),
  /** The organisation's contact of that number, when there is one (the team list names them). */
  contact: threadContact.nullable(),
  reminders: z.array(z.enum(SCHEDULED_REMINDERS)),
  /** Reminders already sent. */
  remindersSent: z.array(z.enum(SCHEDULED_REMINDERS)),
  status: z.enum(SCHEDULED_STATUSES),
  failureReason: z.string().nullable(),
  /** The text in the conversation once sent; null before, or once its conversation was deleted. */
  messageId: uuid.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessage>;

export const scheduledMessagesQuery = z
  .object({
    teamId: uuid.optional(),
    status: z.enum(SCHEDULED_STATUSES).optional(),
  })
  .strict();
export type ScheduledMessagesQuery = z.infer<typeof scheduledMessagesQuery>;

export const scheduledMessagesResponse = z.object({ scheduledMessages: z.array(scheduledMessage) });
export type ScheduledMessagesResponse = z.infer<typeof scheduledMessagesResponse>;

/**
 * GET scheduled-messages/phone/{phone}: a number in any formatting (digits, spaces, +, brackets,
 * dashes, dots), or a caller's hidden-number word (anonymous, restricted…), answered empty.
 */
export const scheduledPhoneParams = z
  .object({ phone: z.string().regex(/^([\d\s+().-]{1,40}|[A-Za-z]{1,20})$/, { message: "error.phone-invalid" }) })
  .strict();

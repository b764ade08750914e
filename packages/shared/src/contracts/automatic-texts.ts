import { z } from "zod";
import { uuid } from "./common.ts";

/**
 * Automatic texts of a team (spec part 1 §6, part 2 §2 "automations", §5): the reply to a text
 * received while the team is closed and the reply to a missed call. A contact gets at most one
 * automatic text per period, whichever kind. Served under /api/teams/{id}/automatic-texts.
 */

/** Four SMS segments: an automatic reply stays short. */
export const AUTOMATIC_TEXT_MAX = 640;
export const AUTOMATIC_REPLY_PERIOD_MIN_HOURS = 1;
/** Thirty days. */
export const AUTOMATIC_REPLY_PERIOD_MAX_HOURS = 720;
export const AUTOMATIC_REPLY_PERIOD_DEFAULT_HOURS = 24;
/** The periods the configuration screen offers, in hours. */
export const AUTOMATIC_REPLY_PERIOD_CHOICES = [1, 2, 4, 8, 12, 24, 48, 72] as const;

export const AUTOMATIC_TEXT_KINDS = ["outside-hours", "missed-call"] as const;
export type AutomaticTextKind = (typeof AUTOMATIC_TEXT_KINDS)[number];

export const automaticText = z.object({ enabled: z.boolean(), text: z.string() });
export type AutomaticText = z.infer<typeof automaticText>;

/** A team's automatic texts; never set: both disabled with empty texts and the default period. */
export const automaticTexts = z.object({
  teamId: uuid,
  outsideHours: automaticText,
  missedCall: automaticText,
  periodHours: z.number().int(),
  /** Null until an administrator first saves them. */
  updatedAt: z.string().nullable(),
  abilities: z.object({ update: z.boolean() }),
});
export type AutomaticTexts = z.infer<typeof automaticTexts>;

/**
 * One automatic text as sent: trimmed; an enabled text is never empty or only white space
 * (spec part 2 §5), a disabled one may be, so an administrator can switch a text off and clear it.
 */
const automaticTextInput = z
  .object({
    enabled: z.boolean(),
    text: z.string().trim().max(AUTOMATIC_TEXT_MAX, { message: "validation.max-length" }),
    /** The quick message the text came from: refused when it carries a file (text only here, spec part 2 §5). */
    textBlockId: uuid.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.enabled && value.text === "") {
      ctx.addIssue({ code: "custom", path: ["text"], message: "validation.automatic-message-required" });
    }
  });

const periodHours = z
  .number({ message: "validation.number" })
  .int({ message: "validation.number" })
  .min(AUTOMATIC_REPLY_PERIOD_MIN_HOURS, { message: "validation.invalid" })
  .max(AUTOMATIC_REPLY_PERIOD_MAX_HOURS, { message: "validation.invalid" });

/** PUT teams/{id}/automatic-texts: the whole setting, replaced (administrators only). */
export const updateAutomaticTextsRequest = z
  .object({
    outsideHours: automaticTextInput,
    missedCall: automaticTextInput,
    periodHours: periodHours.default(AUTOMATIC_REPLY_PERIOD_DEFAULT_HOURS),
  })
  .strict();
export type UpdateAutomaticTextsRequest = z.infer<typeof updateAutomaticTextsRequest>;

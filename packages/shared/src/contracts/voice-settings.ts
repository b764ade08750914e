import { z } from "zod";
import { CALL_PERIODS, GREETING_KINDS } from "../rules/calls.ts";
import {
  GREETING_AUDIO_TYPES,
  GREETING_LANGUAGES,
  GREETING_TEXT_MAX,
  greetingProblem,
  isTransferExtensionDigits,
  transferExtensionNumber,
} from "../rules/greetings.ts";
import { requiredText, uuid } from "./common.ts";

/**
 * Voice settings (issue 13 §2, §3; spec part 1 §3, part 2 §3 Voicemail and Transfer extension):
 * the outside numbers a call can be passed to, and each team's greeting per period.
 */

// ---- Transfer extensions ----------------------------------------------------------------------

export const TRANSFER_EXTENSION_NAME_MAX = 80;

/** An outside number a call can be transferred to; `extension` is "" when none is dialled. */
export const transferExtension = z.object({
  id: uuid,
  name: z.string(),
  phoneNumber: z.string(),
  extension: z.string(),
});
export type TransferExtension = z.infer<typeof transferExtension>;

export const transferExtensionList = z.array(transferExtension);

/** Create or change: the number in any formatting (stored in E.164), 0 to 3 extension digits. */
export const transferExtensionRequest = z
  .object({
    name: requiredText(TRANSFER_EXTENSION_NAME_MAX),
    phoneNumber: z
      .string({ message: "validation.required" })
      .trim()
      .min(1, { message: "validation.required" })
      .max(40, { message: "validation.max-length" })
      .refine((v) => transferExtensionNumber(v) !== null, { message: "validation.phone" }),
    extension: z
      .string()
      .trim()
      .max(10, { message: "validation.max-length" })
      .refine(isTransferExtensionDigits, { message: "validation.extension" }),
  })
  .strict();
export type TransferExtensionRequest = z.infer<typeof transferExtensionRequest>;

// ---- Recordings (audio of greetings) ----------------------------------------------------------

/** A stored audio file: mp3 or wav, its length computed by the server from the bytes. */
export const audioRecording = z.object({
  id: uuid,
  contentType: z.enum(GREETING_AUDIO_TYPES),
  size: z.number().int().nonnegative(),
  /** Seconds, to the millisecond. */
  duration: z.number().nonnegative(),
});
export type AudioRecording = z.infer<typeof audioRecording>;

/** GET voice/v1/recordings?url: the spec names the reference `url`; in Relais it is the recording's id. */
export const recordingFileQuery = z.object({ url: uuid }).strict();
export const recordingLengthQuery = z.object({ recordingId: uuid }).strict();
export const recordingLength = z.object({ duration: z.number().nonnegative() });
export const signedRecordingParams = z.object({ id: uuid }).strict();
export const signedRecordingQuery = z
  .object({ exp: z.coerce.number().int().min(0).max(99_999_999_999), sig: z.string().regex(/^[\w-]{43}$/) })
  .strict();

// ---- Greetings --------------------------------------------------------------------------------

export const greetingPeriod = z.enum(CALL_PERIODS);
export const greetingKind = z.enum(GREETING_KINDS);
export const greetingLanguage = z.enum(GREETING_LANGUAGES);

/** One period's greeting as stored: text and language kept for TTS, audio for FILE and RECORDING. */
export const greeting = z.object({
  period: greetingPeriod,
  kind: greetingKind,
  enabled: z.boolean(),
  text: z.string().nullable(),
  language: greetingLanguage.nullable(),
  audio: audioRecording.nullable(),
  updatedAt: z.string(),
});
export type Greeting = z.infer<typeof greeting>;

/** `teamId` absent: the organisation's default greetings, heard by a team that has none for the period. */
export const greetingsQuery = z.object({ teamId: uuid.optional() }).strict();

export const greetingSet = z.object({
  teamId: uuid.nullable(),
  /** The periods configured, in OPEN, CLOSE, BREAK, VACATION order; a period missing has none. */
  greetings: z.array(greeting),
  abilities: z.object({ update: z.boolean() }),
});
export type GreetingSet = z.infer<typeof greetingSet>;

export const greetingParams = z.object({ period: greetingPeriod }).strict();

export const saveGreetingRequest = z
  .object({
    teamId: uuid.nullable(),
    kind: greetingKind,
    enabled: z.boolean(),
    text: z.string().trim().max(GREETING_TEXT_MAX, { message: "validation.max-length" }).nullable().optional(),
    language: greetingLanguage.nullable().optional(),
    audioId: uuid.nullable().optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problem = greetingProblem(value);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.code });
  });
export type SaveGreetingRequest = z.infer<typeof saveGreetingRequest>;

import { z } from "zod";
import { DYNAMIC_FIELDS, SIGNATURE_MODES } from "../rules/dynamic-fields.ts";
import { LOCALES } from "../rules/locale.ts";
import { requiredText, uuid } from "./common.ts";
import { mediaRef } from "./messaging.ts";
import { SECTORS } from "./organizations.ts";

/**
 * Quick messages (text blocks), SMS templates, dynamic-field tokens and signatures (spec part 2
 * §3, §5, §6, §7). Text blocks belong to the organisation and a locale; templates belong to a
 * user. Served under /api/organizations/{id}/text-blocks, /api/communication-templates and
 * /api/organizations/{id}/signature.
 */

export const TEXT_BLOCK_LIMITS = { title: 100, body: 1600, signature: 300 } as const;

const maxLength = { message: "validation.max-length" };
const title = requiredText(TEXT_BLOCK_LIMITS.title);
const body = z
  .string({ message: "validation.required" })
  .trim()
  .min(1, { message: "validation.text-block-body-required" })
  .max(TEXT_BLOCK_LIMITS.body, maxLength);
const locale = z.enum(LOCALES, { message: "validation.invalid" });

/**
 * One line of the quick-message list: an organisation text block, or (for marketing and devops,
 * spec part 2 §6) one of the caller's own SMS templates, which they edit on the template screen.
 */
export const textBlock = z.object({
  id: uuid,
  kind: z.enum(["text-block", "template"]),
  locale,
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  /** The file sent with it (spec part 2 §3), its "document"; null when none (always for a template). */
  attachment: mediaRef.nullable(),
  updatedAt: z.string(),
});
export type TextBlock = z.infer<typeof textBlock>;

export const textBlockList = z.object({
  items: z.array(textBlock),
  /** May the caller create, change, pin and delete the organisation's text blocks? */
  abilities: z.object({ edit: z.boolean() }),
});
export type TextBlockList = z.infer<typeof textBlockList>;

export const textBlocksQuery = z.object({ locale: locale.optional() }).strict();
export const textBlockParams = z.object({ id: uuid, blockId: uuid }).strict();
export const hasOwnTextBlocks = z.object({ hasOwn: z.boolean() });

/**
 * `attachmentId`: an upload of the caller (POST messaging/v1/media) the quick message keeps as its
 * file; null removes the file; omitted on update leaves it as it is.
 */
const attachmentId = uuid.nullable().optional();
export const createTextBlockRequest = z.object({ locale, title, body, pinned: z.boolean().default(false), attachmentId }).strict();
export type CreateTextBlockRequest = z.infer<typeof createTextBlockRequest>;
export const updateTextBlockRequest = z.object({ title, body, pinned: z.boolean().optional(), attachmentId }).strict();
export type UpdateTextBlockRequest = z.infer<typeof updateTextBlockRequest>;
export const pinRequest = z.object({ pinned: z.boolean() }).strict();

// ---- Templates -------------------------------------------------------------------------------

export const TEMPLATE_TYPES = ["sms"] as const;

export const communicationTemplate = z.object({
  id: uuid,
  type: z.enum(TEMPLATE_TYPES),
  userId: uuid,
  locale,
  title: z.string(),
  content: z.string(),
  pinned: z.boolean(),
  updatedAt: z.string(),
});
export type CommunicationTemplate = z.infer<typeof communicationTemplate>;

/** `userId` defaults to the caller; someone else's list is for administrators. */
export const templatesQuery = z
  .object({ type: z.enum(TEMPLATE_TYPES).default("sms"), userId: uuid.optional(), locale: locale.optional() })
  .strict();
export type TemplatesQuery = z.infer<typeof templatesQuery>;

export const createTemplateRequest = z
  .object({ type: z.enum(TEMPLATE_TYPES).default("sms"), locale, title, content: body, pinned: z.boolean().default(false) })
  .strict();
export type CreateTemplateRequest = z.infer<typeof createTemplateRequest>;
export const updateTemplateRequest = z.object({ title, content: body, pinned: z.boolean() }).strict();
export type UpdateTemplateRequest = z.infer<typeof updateTemplateRequest>;

// ---- Dynamic-field tokens ---------------------------------------------------------------------

export const tokensQuery = z.object({ sector: z.enum(SECTORS).optional() }).strict();
/** `token` is what is written in the text, e.g. `{{firstName}}`. */
export const dynamicFieldToken = z.object({ field: z.enum(DYNAMIC_FIELDS), token: z.string() });
export type DynamicFieldToken = z.infer<typeof dynamicFieldToken>;

// ---- Signature --------------------------------------------------------------------------------

const signatureText = z.string().trim().max(TEXT_BLOCK_LIMITS.signature, maxLength);

export const signatureSettings = z.object({
  mode: z.enum(SIGNATURE_MODES),
  personalizedText: z.string(),
  /** The caller's own signature (mode "user"); empty means their name. */
  userSignature: z.string(),
  /** The line appended to the caller's texts now, or null when none. */
  effective: z.string().nullable(),
  abilities: z.object({ update: z.boolean() }),
});
export type SignatureSettings = z.infer<typeof signatureSettings>;

export const updateSignatureRequest = z
  .object({ mode: z.enum(SIGNATURE_MODES), personalizedText: signatureText.default("") })
  .strict()
  .superRefine((value, ctx) => {
    if (value.mode === "personalized-signature" && value.personalizedText === "") {
      ctx.addIssue({ code: "custom", path: ["personalizedText"], message: "validation.required" });
    }
  });
export type UpdateSignatureRequest = z.infer<typeof updateSignatureRequest>;
export const updateUserSignatureRequest = z.object({ text: signatureText }).strict();
export type UpdateUserSignatureRequest = z.infer<typeof updateUserSignatureRequest>;

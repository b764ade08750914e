import { z } from "zod";
import { email } from "./common.ts";
import { EMAIL_PROVIDERS } from "./teams.ts";

/**
 * Team email (spec part 2 §3 Email connection, §7 /oauth2/* and /email-sync/*, EMAIL.md).
 * The wire keeps the spec's names: `inboxEmail`, `type` (Gmail or Outlook).
 */

export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** The `{type}` of /oauth2/{type}: the provider, as POST /oauth2/type answers it. */
export const oauthTypeParams = z.object({ type: z.enum(EMAIL_PROVIDERS, { message: "validation.invalid" }) }).strict();

/** The body of every /oauth2 call: the mailbox's address. */
export const inboxEmailRequest = z.object({ inboxEmail: email }).strict();
export type InboxEmailRequest = z.infer<typeof inboxEmailRequest>;

export const providerTypeResponse = z.object({ type: z.enum(EMAIL_PROVIDERS) });
export type ProviderTypeResponse = z.infer<typeof providerTypeResponse>;

/** Where the 800 × 600 popup goes: the provider's authorisation page. */
export const authorizationUrlResponse = z.object({ url: z.string() });
export type AuthorizationUrlResponse = z.infer<typeof authorizationUrlResponse>;

/** The provider's redirect back: a code and the state, or an error; the provider may add more. */
const callbackValue = z.string().max(4096, { message: "validation.max-length" });
export const oauthCallbackQuery = z.looseObject({
  code: callbackValue.optional(),
  state: callbackValue.optional(),
  error: callbackValue.optional(),
  error_description: callbackValue.optional(),
});

/** Why a mailbox stopped working: a refresh refused (invalid_grant), a login refused with a fresh token. */
export const MAILBOX_INVALID_REASONS = ["invalid-grant", "login-refused", "scopes-missing"] as const;

/** The current team's mailbox, polled by the Configuration page while the popup is open. */
export const mailboxStatus = z.object({
  teamId: z.string(),
  email: z.string().nullable(),
  provider: z.enum(EMAIL_PROVIDERS).nullable(),
  connected: z.boolean(),
  valid: z.boolean(),
  invalidReason: z.enum(MAILBOX_INVALID_REASONS).nullable(),
  /** Only a team administrator connects or disconnects it. */
  abilities: z.object({ manage: z.boolean() }),
});
export type MailboxStatus = z.infer<typeof mailboxStatus>;

/** A file of an email, served by GET /email-sync/attachments/{id} to the team's staff. */
export const emailAttachmentRef = z.object({
  id: z.string(),
  filename: z.string(),
  /** Read from the bytes, not from what the sender declared. */
  contentType: z.string(),
  size: z.number().int(),
  /** Set for an image the HTML shows in place (`cid:`); the thread lists the others. */
  contentId: z.string().nullable(),
  url: z.string(),
});
export type EmailAttachmentRef = z.infer<typeof emailAttachmentRef>;

/** What a thread's message shows of an email (the spec's attributes.type = email). */
export const messageEmail = z.object({
  emailId: z.string(),
  subject: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  /** The sanitised HTML is read with GET /email-sync/emails/{id} when the email is opened. */
  hasHtml: z.boolean(),
  attachments: z.array(emailAttachmentRef),
});
export type MessageEmail = z.infer<typeof messageEmail>;

/** GET /email-sync/emails/{id}: the email as the sandboxed frame shows it. */
export const emailContent = messageEmail.extend({
  /** Sanitised on the server: no script, no handler, remote images only as `data-remote-src` until asked. */
  html: z.string().nullable(),
  text: z.string(),
  messageId: z.string().nullable(),
  threadId: z.string().nullable(),
});
export type EmailContent = z.infer<typeof emailContent>;

/** An email from an address that is no contact's: listed for the team, never dropped. */
export const unknownSenderEmail = z.object({
  emailId: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  receivedAt: z.string(),
});
export const unknownSendersPage = z.object({ emails: z.array(unknownSenderEmail) });
export type UnknownSendersPage = z.infer<typeof unknownSendersPage>;

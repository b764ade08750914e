import { z } from "zod";
import { email, requiredText, uuid } from "./common.ts";
import { EMAIL_PROVIDERS, MAILBOX_PROVIDERS } from "./teams.ts";

/**
 * Team email (spec part 2 §3 Email connection, §7 /oauth2/* and /email-sync/*, EMAIL.md).
 * The wire keeps the spec's names: `inboxEmail`, `type` (Gmail or Outlook).
 */

export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** The `{type}` of /oauth2/{type}: the provider, as POST /oauth2/type answers it. */
export const oauthTypeParams = z.object({ type: z.enum(EMAIL_PROVIDERS, { message: "validation.invalid" }) }).strict();

/**
 * A connected mailbox's kind: Gmail or Outlook, or the sandbox mailbox of development and tests
 * (connected without OAuth, only where the sandbox network is on; decision 0031).
 */
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number];

/** The `{type}` of /oauth2/{type}/logout and /email-sync/{type}/send: the mailbox's provider, sandbox included. */
export const mailboxTypeParams = z.object({ type: z.enum(MAILBOX_PROVIDERS, { message: "validation.invalid" }) }).strict();

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
  provider: z.enum(MAILBOX_PROVIDERS).nullable(),
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
  /**
   * An outbound email the mail server refused for good (a 5xx answer, or retries spent): `code`
   * is a catalogue key, `serverText` the server's own words, shown after it. Absent otherwise.
   */
  failure: z.object({ code: z.string(), serverText: z.string() }).optional(),
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

// ---- Sending (POST /email-sync/{type}/send/{id}) ---------------------------------------------

/** What one email may carry (spec part 2 §5 and §9: attachments together under 20 MB). */
export const EMAIL_SEND_LIMITS = {
  subjectLength: 255,
  bodyLength: 100_000,
  /** "Under" 20 MB for the files of one email together, counted on their bytes. */
  attachmentsBytesUnder: 20_000_000,
  attachments: 10,
} as const;

/** `{type}`: the team's mailbox provider; `{id}`: the contact's thread the email goes to (decision 0031). */
export const sendEmailParams = z.object({ type: z.enum(MAILBOX_PROVIDERS, { message: "validation.invalid" }), id: uuid }).strict();

/**
 * The text fields of the multipart send; the files come as parts named `attachments`. The body
 * arrives filled by the composer (signature, dynamic fields): a raw `{{token}}` is refused with
 * `error.unfilled-dynamic-field`. A subject never spans lines (no header injection).
 */
export const sendEmailFields = z
  .object({
    inboxEmail: email,
    subject: requiredText(EMAIL_SEND_LIMITS.subjectLength).refine((s) => !/[\r\n]/.test(s), { message: "validation.invalid" }),
    body: requiredText(EMAIL_SEND_LIMITS.bodyLength),
  })
  .strict();
export type SendEmailFields = z.infer<typeof sendEmailFields>;

// ---- The sandbox mailbox (development and tests; decision 0031) -----------------------------

/** POST /email-sync/sandbox/connect: the current team's sandbox mailbox, at this address. */
export const sandboxConnectRequest = z.object({ inboxEmail: email }).strict();

/** The simulator writes to a team as a contact: from any address, to a team's sandbox mailbox. */
export const sandboxEmailInboundRequest = z
  .object({
    from: email,
    to: email,
    subject: requiredText(EMAIL_SEND_LIMITS.subjectLength).refine((s) => !/[\r\n]/.test(s), { message: "validation.invalid" }),
    body: requiredText(EMAIL_SEND_LIMITS.bodyLength),
    /** The Message-ID of the team's email this answers, when it is a reply (threads it like a mail program does). */
    inReplyTo: z.string().max(998, { message: "validation.max-length" }).optional(),
  })
  .strict();
export type SandboxEmailInboundRequest = z.infer<typeof sandboxEmailInboundRequest>;
export const sandboxEmailInboundResponse = z.object({ messageId: z.string() });

/** GET /sandbox/email/mailbox?address=: what one contact address sent and received in the sandbox. */
export const sandboxEmailMailboxQuery = z.object({ address: email }).strict();
export const sandboxEmail = z.object({
  /** The email's Message-ID header, `<…>`: give it as `inReplyTo` to answer it. */
  messageId: z.string(),
  direction: z.enum(["received", "sent"]),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  inReplyTo: z.string().nullable(),
  references: z.array(z.string()),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  date: z.string(),
});
export type SandboxEmail = z.infer<typeof sandboxEmail>;
export const sandboxEmailMailbox = z.object({ address: z.string(), emails: z.array(sandboxEmail) });
export type SandboxEmailMailbox = z.infer<typeof sandboxEmailMailbox>;

/** GET /sandbox/email/mailboxes: every team's sandbox mailbox, for the simulator to write to. */
export const sandboxEmailMailboxes = z.object({
  mailboxes: z.array(z.object({ address: z.string(), organizationName: z.string(), teamLabel: z.string() })),
});

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

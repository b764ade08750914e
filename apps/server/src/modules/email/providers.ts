import type { EmailProvider } from "@relais/shared";
import type { Config } from "../../config.ts";

/** Where a mail server is: host, port, and whether the connection starts in TLS. */
export type MailEndpoint = { host: string; port: number; secure: boolean };

/**
 * One provider's settings (EMAIL.md §1): its OpenID issuer, the OAuth app Relais is registered
 * as, the scopes IMAP and SMTP need, and its IMAP and SMTP servers. The defaults are the real
 * Gmail and Outlook ones (config.ts); tests override them by environment only.
 */
export type ProviderSettings = {
  name: EmailProvider;
  clientId: string;
  clientSecret: string;
  issuer: string;
  scopes: string[];
  /** Scopes without which the mailbox cannot be read and written: the callback refuses a grant lacking one. */
  requiredScopes: string[];
  /** Extra authorisation parameters: Google gives a refresh token only with offline access and consent. */
  authParams: Record<string, string>;
  imap: MailEndpoint;
  smtp: MailEndpoint;
};

const GOOGLE_MAIL_SCOPE = "https://mail.google.com/";
const OUTLOOK_IMAP_SCOPE = "https://outlook.office.com/IMAP.AccessAsUser.All";
const OUTLOOK_SMTP_SCOPE = "https://outlook.office.com/SMTP.Send";

/** imap://, imaps://, smtp:// (STARTTLS when offered), smtps:// → host, port and TLS. */
export function parseMailUrl(url: string): MailEndpoint {
  const u = new URL(url);
  const secure = u.protocol === "imaps:" || u.protocol === "smtps:";
  const fallback = { "imap:": 143, "imaps:": 993, "smtp:": 587, "smtps:": 465 }[u.protocol];
  if (!fallback) throw new Error(`not a mail server URL: ${url}`);
  return { host: u.hostname, port: u.port ? Number(u.port) : fallback, secure };
}

/** The settings of `name`, or null when this server has no OAuth app for it. */
export function providerSettings(config: Config, name: EmailProvider): ProviderSettings | null {
  if (name === "Gmail") {
    if (!config.GMAIL_CLIENT_ID || !config.GMAIL_CLIENT_SECRET) return null;
    return {
      name,
      clientId: config.GMAIL_CLIENT_ID,
      clientSecret: config.GMAIL_CLIENT_SECRET,
      issuer: config.GMAIL_ISSUER,
      scopes: ["openid", "email", GOOGLE_MAIL_SCOPE],
      requiredScopes: [GOOGLE_MAIL_SCOPE],
      authParams: { access_type: "offline", prompt: "consent" },
      imap: parseMailUrl(config.GMAIL_IMAP_URL),
      smtp: parseMailUrl(config.GMAIL_SMTP_URL),
    };
  }
  if (!config.OUTLOOK_CLIENT_ID || !config.OUTLOOK_CLIENT_SECRET) return null;
  return {
    name,
    clientId: config.OUTLOOK_CLIENT_ID,
    clientSecret: config.OUTLOOK_CLIENT_SECRET,
    issuer: config.OUTLOOK_ISSUER,
    scopes: ["openid", "email", "offline_access", OUTLOOK_IMAP_SCOPE, OUTLOOK_SMTP_SCOPE],
    requiredScopes: [OUTLOOK_IMAP_SCOPE, OUTLOOK_SMTP_SCOPE],
    authParams: { prompt: "select_account" },
    imap: parseMailUrl(config.OUTLOOK_IMAP_URL),
    smtp: parseMailUrl(config.OUTLOOK_SMTP_URL),
  };
}

/** The MX look-up, injected so that tests need no DNS (node:dns/promises resolveMx in production). */
export type MxResolver = (domain: string) => Promise<{ exchange: string; priority: number }[]>;

const GMAIL_DOMAINS = /^(gmail\.com|googlemail\.com)$/;
const OUTLOOK_DOMAINS = /^(outlook\.[a-z.]+|hotmail\.[a-z.]+|live\.[a-z.]+|msn\.com)$/;

/**
 * Gmail or Outlook for an address (EMAIL.md §2): from its domain, else from its MX records
 * (Google Workspace: *.google.com / *.googlemail.com; Microsoft 365:
 * *.mail.protection.outlook.com). Null when neither: the person chooses. A failed look-up is
 * treated as "unknown", never as an error.
 */
export async function detectProvider(address: string, resolveMx: MxResolver): Promise<EmailProvider | null> {
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  if (GMAIL_DOMAINS.test(domain)) return "Gmail";
  if (OUTLOOK_DOMAINS.test(domain)) return "Outlook";
  const records = await resolveMx(domain).catch(() => []);
  const hosts = [...records].sort((a, b) => a.priority - b.priority).map((r) => r.exchange.toLowerCase().replace(/\.$/, ""));
  if (hosts.some((h) => h === "google.com" || h.endsWith(".google.com") || h.endsWith(".googlemail.com"))) return "Gmail";
  if (hosts.some((h) => h.endsWith(".mail.protection.outlook.com") || h.endsWith(".olc.protection.outlook.com"))) return "Outlook";
  return null;
}

import { randomUUID } from "node:crypto";
import MailComposer from "nodemailer/lib/mail-composer/index.js";

/**
 * The largest email, once MIME-encoded, that Relais hands to a provider: below what Gmail
 * (35 882 577 bytes) and Outlook (36 MiB) announce in SMTP SIZE, so a send is refused here with
 * a reason the person can act on, not by the provider after queueing (decision 0031).
 */
export const EMAIL_ENCODED_MAX_BYTES = 35_000_000;

/** References kept on a reply: the thread's root and its latest emails, as mail programs trim them. */
const REFERENCES_KEPT = 20;

export type OutgoingEmail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** `<id@domain>`, fixed before the send: a retry sends the same message, and the sync recognises its copy. */
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  date: Date;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** A new Message-ID on the domain of the mailbox that sends it (RFC 5322 §3.6.4). */
export function newMessageId(mailbox: string): string {
  const domain = mailbox.slice(mailbox.lastIndexOf("@") + 1) || "relais.invalid";
  return `<${randomUUID()}@${domain}>`;
}

/**
 * The headers that thread a reply in the contact's mail program: In-Reply-To names the thread's
 * latest email, References its references followed by it (the oldest kept first).
 */
export function replyHeaders(last: { header_message_id: string; references: string[] } | undefined): {
  inReplyTo: string | null;
  references: string[];
} {
  if (!last) return { inReplyTo: null, references: [] };
  const chain = [...last.references.filter((r) => r !== last.header_message_id), last.header_message_id];
  const kept = chain.length > REFERENCES_KEPT ? [chain[0] as string, ...chain.slice(-(REFERENCES_KEPT - 1))] : chain;
  return { inReplyTo: last.header_message_id, references: kept };
}

/** The raw message (RFC 5322, MIME) built by nodemailer's composer, the same bytes every transport sends. */
export function composeEmail(email: OutgoingEmail): Promise<Buffer> {
  const composer = new MailComposer({
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    messageId: email.messageId,
    date: email.date,
    ...(email.inReplyTo ? { inReplyTo: email.inReplyTo } : {}),
    ...(email.references.length ? { references: email.references } : {}),
    attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    // Plain text only: the composer's body is text; no HTML means nothing to sanitise on the way back.
    textEncoding: "quoted-printable",
  });
  return new Promise((resolve, reject) => {
    composer.compile().build((err, raw) => (err ? reject(err) : resolve(raw)));
  });
}

import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import type { MailEndpoint } from "./providers.ts";

/** The IMAP or SMTP server refused the token (as opposed to a network failure). */
class MailLoginRefusedError extends Error {
  constructor(readonly protocol: "IMAP" | "SMTP") {
    super(`${protocol} login refused`);
  }
}

/** An IMAP client logging in with XOAUTH2; its errors come through the awaited calls, not as events. */
export function imapClient(server: MailEndpoint, user: string, accessToken: string): ImapFlow {
  const client = new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: { user, accessToken },
    logger: false,
    // No endless waits in a job: a server that stops answering is a network failure.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 120_000,
  });
  client.on("error", () => undefined);
  return client;
}

const loopback = (host: string) => host === "127.0.0.1" || host === "localhost" || host === "::1";

/** An SMTP transport with XOAUTH2; STARTTLS is required except on loopback (the tests' server). */
function smtpTransport(server: MailEndpoint, user: string, accessToken: string) {
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    requireTLS: !server.secure && !loopback(server.host),
    ignoreTLS: loopback(server.host) && !server.secure,
    auth: { type: "OAuth2", user, accessToken },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/** Logs in to IMAP once (then out); MailLoginRefusedError when the token is refused. */
export async function checkImapLogin(server: MailEndpoint, user: string, accessToken: string): Promise<void> {
  const client = imapClient(server, user, accessToken);
  try {
    await client.connect();
  } catch (err) {
    if ((err as { authenticationFailed?: boolean }).authenticationFailed) throw new MailLoginRefusedError("IMAP");
    throw err;
  }
  await client.logout().catch(() => undefined);
}

/** Logs in to SMTP once (nothing sent); MailLoginRefusedError when the token is refused. */
export async function checkSmtpLogin(server: MailEndpoint, user: string, accessToken: string): Promise<void> {
  const transport = smtpTransport(server, user, accessToken);
  try {
    await transport.verify();
  } catch (err) {
    if ((err as { code?: string }).code === "EAUTH") throw new MailLoginRefusedError("SMTP");
    throw err;
  } finally {
    transport.close();
  }
}

/** What the SMTP server answered a message it accepted. */
export type SmtpAccepted = { response: string };

/**
 * Sends one raw message over SMTP with XOAUTH2 (the bytes as composed: the Message-ID and the
 * threading headers are already in them). The server's refusal comes back as nodemailer's error,
 * with `responseCode` (4xx: try later, 5xx: refused) and `response` (its words); a refused token
 * is `code: "EAUTH"`.
 */
export async function smtpSend(
  server: MailEndpoint,
  user: string,
  accessToken: string,
  raw: Buffer,
  envelope: { from: string; to: string[] },
): Promise<SmtpAccepted> {
  const transport = smtpTransport(server, user, accessToken);
  try {
    const info = (await transport.sendMail({ envelope, raw })) as { response?: string };
    return { response: info.response ?? "" };
  } finally {
    transport.close();
  }
}

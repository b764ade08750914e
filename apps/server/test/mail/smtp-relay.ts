import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from "smtp-server";
import nodemailer from "nodemailer";
import { freePort, waitForPort } from "./free-port.ts";

type RelayedMail = { from: string; to: string[]; raw: Buffer };

export type SmtpRelay = {
  port: number;
  /** Every message accepted, in order. */
  received: RelayedMail[];
  /** The next `count` messages are answered `code message` at the end of DATA (421 retry, 550 refuse). */
  failNext: (code: number, message: string, count?: number) => void;
  stop: () => Promise<void>;
};

/**
 * An SMTP submission server for the email tests (smtp-server): XOAUTH2 only, the token checked
 * by `check` (the test's OAuth server: signature, expiry, revocation) and its email compared
 * with the user named; each accepted message is delivered over LMTP into the test dovecot, to
 * every recipient, so a reply can be read back from the receiving mailbox over IMAP.
 */
export async function startSmtpRelay(check: (accessToken: string) => string | null, lmtpPort: number): Promise<SmtpRelay> {
  const received: RelayedMail[] = [];
  let failures: { code: number; message: string; left: number } | null = null;
  const lmtp = nodemailer.createTransport({ host: "127.0.0.1", port: lmtpPort, lmtp: true, secure: false, ignoreTLS: true });
  const server = new SMTPServer({
    authMethods: ["XOAUTH2"],
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    size: 40 * 1024 * 1024,
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session: SMTPServerSession, callback) {
      const email = auth.accessToken ? check(auth.accessToken) : null;
      if (auth.method === "XOAUTH2" && email && email === auth.username?.toLowerCase()) return callback(null, { user: email });
      // RFC 7628 failure: the client sends an empty line and gets 535.
      return callback(null, { data: { status: "401", schemes: "bearer", scope: "mail" } });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures && failures.left > 0) {
          failures.left -= 1;
          const err = new Error(failures.message) as Error & { responseCode: number };
          err.responseCode = failures.code;
          return callback(err);
        }
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({ from, to, raw });
        lmtp.sendMail({ envelope: { from, to }, raw }).then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  await waitForPort(port, 5000, "smtp relay");
  return {
    port,
    received,
    failNext: (code, message, count = 1) => void (failures = { code, message, left: count }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { renameSync, writeFileSync } from "node:fs";
import nodemailer from "nodemailer";
import { ImapFlow } from "imapflow";
import { startMailServers } from "./mail-servers.ts";

/**
 * The local mail servers of the browser journeys (scripts/e2e-server.mjs), the same three the API
 * tests start (mail-servers.ts), plus a small HTTP door on loopback through which a Playwright
 * journey plays the other side: it chooses who signs in at the provider, forces `invalid_grant`,
 * delivers an email into a mailbox over LMTP, and reads a mailbox back over IMAP (XOAUTH2).
 *
 *   tsx apps/server/test/mail/e2e-mail-control.ts <control port> <file for the server's settings>
 *
 * The settings that point Gmail and Outlook at these servers are written as JSON to the file;
 * the process runs until it is sent SIGTERM.
 */

type Json = Record<string, unknown>;

async function readJson(req: IncomingMessage): Promise<Json> {
  let body = "";
  for await (const chunk of req) body += String(chunk);
  return body ? (JSON.parse(body) as Json) : {};
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");

async function main(): Promise<void> {
  const [portArg, settingsFile] = process.argv.slice(2);
  if (!portArg || !settingsFile) throw new Error("usage: e2e-mail-control.ts <control port> <settings file>");
  const servers = await startMailServers();
  const lmtp = nodemailer.createTransport({ host: "127.0.0.1", port: servers.dovecot.lmtpPort, lmtp: true, ignoreTLS: true });

  /** Every message of `email`'s INBOX: its headers that threading reads, and its files' names. */
  async function readInbox(email: string): Promise<Json[]> {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: servers.dovecot.imapPort,
      secure: false,
      auth: { user: email, accessToken: await servers.oauth.tokenFor(email) },
      logger: false,
    });
    await client.connect();
    const out: Json[] = [];
    try {
      // A mailbox that never received anything has no INBOX yet: it is simply empty.
      const lock = await client.getMailboxLock("INBOX").catch(() => null);
      if (!lock) return out;
      try {
        const mailbox = client.mailbox;
        if (mailbox && mailbox.exists === 0) return out;
        for await (const msg of client.fetch("1:*", { envelope: true, bodyStructure: true, source: true })) {
          const files: string[] = [];
          const walk = (node: { disposition?: string; dispositionParameters?: Record<string, string>; childNodes?: unknown[] }) => {
            const name = node.dispositionParameters?.filename;
            if (node.disposition === "attachment" && name) files.push(name);
            for (const child of node.childNodes ?? []) walk(child as typeof node);
          };
          if (msg.bodyStructure) walk(msg.bodyStructure);
          out.push({
            subject: msg.envelope?.subject ?? "",
            from: msg.envelope?.from?.[0]?.address ?? "",
            messageId: msg.envelope?.messageId ?? "",
            inReplyTo: msg.envelope?.inReplyTo ?? "",
            attachments: files,
            source: msg.source?.toString("utf8") ?? "",
          });
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => undefined);
    }
    return out;
  }

  const routes: Record<string, (body: Json, url: URL) => Promise<unknown>> = {
    "POST /sign-in-as": async (body) => servers.oauth.signInAs(text(body.email)),
    "POST /fail-refresh": async (body) => {
      // The provider took the grant back: refreshes answer invalid_grant and the current tokens stop working.
      servers.oauth.failRefresh(text(body.email));
      servers.oauth.refuseTokensOf(text(body.email));
    },
    "POST /deliver": async (body) => {
      await lmtp.sendMail({ envelope: { from: text(body.from) || "sender@elsewhere.test", to: [text(body.to)] }, raw: text(body.raw) });
    },
    "GET /inbox": async (_body, url) => ({ messages: await readInbox(url.searchParams.get("email") ?? "") }),
  };

  const control = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const route = routes[`${req.method ?? "GET"} ${url.pathname}`];
    if (!route) return send(res, 404, { error: "no such route" });
    readJson(req)
      .then((body) => route(body, url))
      .then(
        (answer) => send(res, 200, answer ?? { ok: true }),
        (err: unknown) => send(res, 500, { error: String(err) }),
      );
  });
  await new Promise<void>((resolve) => control.listen(Number(portArg), "127.0.0.1", resolve));
  // Written whole, then renamed: the starter reads the file as soon as it appears.
  writeFileSync(`${settingsFile}.part`, JSON.stringify(servers.config));
  renameSync(`${settingsFile}.part`, settingsFile);

  const stop = (): void => {
    control.close();
    void servers.stop().finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

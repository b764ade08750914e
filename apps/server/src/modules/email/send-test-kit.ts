import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { ImapFlow } from "imapflow";
import { sql } from "kysely";
import type { Message } from "@relais/shared";
import type { LightMyRequestResponse } from "fastify";
import type { EmailTestBed } from "./email-test-kit.ts";

/** Steps of the send tests: the multipart form as a browser sends it, the job run by hand, a mailbox read over IMAP. */

export type FormFile = { name?: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body: text fields first, then the files (parts `attachments`). */
export function multipartForm(
  fields: Record<string, string>,
  files: FormFile[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----relais${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? "attachments"}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** POST /email-sync/{type}/send/{threadId} with the form. */
export function sendEmail(
  bed: EmailTestBed,
  token: string,
  threadId: string,
  fields: Record<string, string>,
  opts: { type?: string; files?: FormFile[] } = {},
): Promise<LightMyRequestResponse> {
  const form = multipartForm(fields, opts.files);
  return bed.t.request({ method: "POST", url: `/api/email-sync/${opts.type ?? "Gmail"}/send/${threadId}`, token, ...form });
}

/** The queued send jobs of an email, oldest first, as graphile-worker holds them. */
export async function sendJobsOf(bed: EmailTestBed, emailId: string): Promise<{ attempt: number; runAt: Date }[]> {
  const { rows } = await sql<{ payload: { attempt: number }; run_at: Date }>`
    select j.payload, j.run_at from graphile_worker._private_jobs j
    join graphile_worker._private_tasks k on k.id = j.task_id
    where k.identifier = 'email-send' and j.payload->>'emailId' = ${emailId}
    order by j.id
  `.execute(bed.t.db.owner);
  return rows.map((r) => ({ attempt: r.payload.attempt, runAt: new Date(r.run_at) }));
}

/** The email row of a thread message. */
export async function emailOfMessage(bed: EmailTestBed, messageId: string) {
  return bed.t.db.owner.selectFrom("email_messages").selectAll().where("message_id", "=", messageId).executeTakeFirstOrThrow();
}

/** A thread message as the API answers it. */
export async function messageById(bed: EmailTestBed, token: string, threadId: string, messageId: string): Promise<Message> {
  const res = await bed.t.request({ method: "GET", url: `/api/messaging/v1/threads/${threadId}/messages?limit=200`, token });
  expect(res.statusCode, res.body).toBe(200);
  const found = res.json<{ messages: Message[] }>().messages.find((m) => m.id === messageId);
  if (!found) throw new Error(`message ${messageId} not in thread ${threadId}`);
  return found;
}

/** Every raw message in `address`'s INBOX on the test dovecot, read over IMAP as the mailbox's owner would. */
export async function inboxOf(bed: EmailTestBed, address: string): Promise<Buffer[]> {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: bed.servers.dovecot.imapPort,
    secure: false,
    logger: false,
    auth: { user: address, accessToken: await bed.servers.oauth.tokenFor(address) },
  });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const box = await client.mailboxOpen("INBOX");
    if (box.exists === 0) return [];
    const raws: Buffer[] = [];
    for await (const msg of client.fetch("1:*", { source: true })) if (msg.source) raws.push(msg.source);
    return raws;
  } finally {
    await client.logout().catch(() => undefined);
  }
}

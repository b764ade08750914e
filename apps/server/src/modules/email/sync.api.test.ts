import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { ImapFlow } from "imapflow";
import type { MailboxStatus, Message } from "@relais/shared";
import { uniquePhone, type Tenant } from "../../../test/helpers.ts";
import { createContact } from "../contacts/contacts-test-kit.ts";
import { connectMailbox, startEmailTestBed, type EmailTestBed } from "./email-test-kit.ts";
import { sql } from "kysely";
import { syncMailbox } from "./sync.ts";

/** Step 4 of issue 14: the sync against the real local dovecot, OAuth server and LMTP delivery. */

let bed: EmailTestBed;
let org: Tenant;
let adminToken: string;
let n = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  // No job worker: each test runs the sync itself, so no cron minute races it.
  bed = await startEmailTestBed({ jobs: false });
  org = await bed.t.tenant();
  adminToken = await bed.t.as(org.users.admin);
});
afterAll(() => bed?.close());

/** Delivers `raw` into `to`'s mailbox over LMTP, as a mail server would. */
async function deliver(to: string, raw: string): Promise<void> {
  const lmtp = nodemailer.createTransport({ host: "127.0.0.1", port: bed.servers.dovecot.lmtpPort, lmtp: true, ignoreTLS: true });
  await lmtp.sendMail({ envelope: { from: "sender@elsewhere.test", to: [to] }, raw });
}

function email(
  h: { from: string; to: string; id: string; subject?: string; inReplyTo?: string; references?: string },
  body: string,
  html?: string,
): string {
  const head = [
    `From: ${h.from}`,
    `To: ${h.to}`,
    `Subject: ${h.subject ?? "Rendez-vous"}`,
    `Message-ID: ${h.id}`,
    `Date: ${new Date().toUTCString()}`,
    ...(h.inReplyTo ? [`In-Reply-To: ${h.inReplyTo}`] : []),
    ...(h.references ? [`References: ${h.references}`] : []),
    "MIME-Version: 1.0",
  ];
  if (!html) return [...head, "Content-Type: text/plain; charset=utf-8", "", body, ""].join("\r\n");
  return [
    ...head,
    'Content-Type: multipart/alternative; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    body,
    "--b1",
    "Content-Type: text/html; charset=utf-8",
    "",
    html,
    "--b1--",
    "",
  ].join("\r\n");
}

type Setup = { inbox: string; accountId: string; contactEmail: string; contactPhone: string };

async function connectedTeam(): Promise<Setup> {
  const inbox = `${unique("accueil")}@clinique.test`;
  expect(await connectMailbox(bed, adminToken, inbox)).toBe("/verification/success");
  const account = await bed.t.db.owner.selectFrom("email_accounts").select("id").where("address", "=", inbox).executeTakeFirstOrThrow();
  const contactEmail = `${unique("patient")}@patients.test`;
  const contactPhone = uniquePhone();
  await createContact(bed.t, adminToken, { firstname: "Léa", lastname: "Martin", phone: contactPhone, email: contactEmail });
  return { inbox, accountId: account.id, contactEmail, contactPhone };
}

const sync = (s: Setup) => syncMailbox(bed.email, org.orgId, s.accountId);

async function emailsOf(inbox: string) {
  return bed.t.db.owner.selectFrom("email_messages").selectAll().where("mailbox", "=", inbox).orderBy("created_at").execute();
}

async function messagesOf(threadId: string): Promise<Message[]> {
  const res = await bed.t.request({ method: "GET", url: `/api/messaging/v1/threads/${threadId}/messages`, token: adminToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ messages: Message[] }>().messages;
}

async function threadOfEmail(headerId: string): Promise<string> {
  const row = await bed.t.db.owner
    .selectFrom("email_messages as e")
    .innerJoin("messages as m", "m.id", "e.message_id")
    .select("m.thread_id")
    .where("e.header_message_id", "=", headerId)
    .executeTakeFirstOrThrow();
  return row.thread_id;
}

describe("the mailbox sync", () => {
  it("reads a contact's email into the contact's thread with an event, and marks nothing read in the mailbox", async () => {
    const s = await connectedTeam();
    await deliver(s.inbox, email({ from: s.contactEmail, to: s.inbox, id: "<first@patients.test>" }, "Bonjour, je confirme."));
    await sync(s);

    const [row] = await emailsOf(s.inbox);
    expect(row).toMatchObject({
      direction: "inbound",
      from_address: s.contactEmail,
      subject: "Rendez-vous",
      text_body: "Bonjour, je confirme.",
    });
    const threadId = await threadOfEmail("<first@patients.test>");
    const thread = await bed.t.db.owner.selectFrom("threads").selectAll().where("id", "=", threadId).executeTakeFirstOrThrow();
    expect(thread).toMatchObject({ contact_phone: s.contactPhone, team_id: org.teams.main, has_notification: true });
    const [message] = await messagesOf(threadId);
    expect(message).toMatchObject({
      direction: "inbound",
      body: "Bonjour, je confirme.",
      email: { subject: "Rendez-vous", from: s.contactEmail },
    });
    const events = await bed.t.db.owner
      .selectFrom("events")
      .select(["type", "payload"])
      .where("organization_id", "=", org.orgId)
      .where("type", "=", "message.created")
      .execute();
    expect(events.some((e) => (e.payload as Message).id === message?.id)).toBe(true);

    // BODY.PEEK: the message is still unread in the mailbox.
    const client = new ImapFlow({
      host: "127.0.0.1",
      port: bed.servers.dovecot.imapPort,
      secure: false,
      logger: false,
      auth: { user: s.inbox, accessToken: await bed.servers.oauth.tokenFor(s.inbox) },
    });
    client.on("error", () => undefined);
    await client.connect();
    await client.mailboxOpen("INBOX");
    const found = await client.fetchOne("*", { flags: true });
    expect(found && [...(found.flags ?? [])]).not.toContain("\\Seen");
    await client.logout();

    const account = await bed.t.db.owner.selectFrom("email_accounts").selectAll().where("id", "=", s.accountId).executeTakeFirstOrThrow();
    expect(Number(account.last_uid)).toBe(1);
    expect(account.uid_validity).not.toBeNull();
    // The next sync starts after the cursor: nothing new, nothing stored again.
    await sync(s);
    expect(await emailsOf(s.inbox)).toHaveLength(1);
  });

  it("threads a reply by In-Reply-To, then References, even from another address, and ignores a duplicate delivery", async () => {
    const s = await connectedTeam();
    await deliver(s.inbox, email({ from: s.contactEmail, to: s.inbox, id: "<a1@patients.test>" }, "Premier"));
    await sync(s);
    const threadId = await threadOfEmail("<a1@patients.test>");
    const stranger = `${unique("autre")}@ailleurs.test`;
    await deliver(s.inbox, email({ from: stranger, to: s.inbox, id: "<a2@ailleurs.test>", inReplyTo: "<a1@patients.test>" }, "Réponse"));
    await deliver(
      s.inbox,
      email({ from: stranger, to: s.inbox, id: "<a3@ailleurs.test>", references: "<a1@patients.test> <unknown@x.test>" }, "Suite"),
    );
    // The same message delivered twice (a forward, a retried delivery): stored once.
    await deliver(s.inbox, email({ from: stranger, to: s.inbox, id: "<a2@ailleurs.test>", inReplyTo: "<a1@patients.test>" }, "Réponse"));
    await sync(s);
    expect(await threadOfEmail("<a2@ailleurs.test>")).toBe(threadId);
    expect(await threadOfEmail("<a3@ailleurs.test>")).toBe(threadId);
    expect((await emailsOf(s.inbox)).map((e) => e.header_message_id)).toEqual([
      "<a1@patients.test>",
      "<a2@ailleurs.test>",
      "<a3@ailleurs.test>",
    ]);
    expect((await messagesOf(threadId)).map((m) => m.body).sort()).toEqual(["Premier", "Réponse", "Suite"]);
  });

  it("lists an unknown sender's email for the team instead of dropping it", async () => {
    const s = await connectedTeam();
    const stranger = `${unique("inconnu")}@ailleurs.test`;
    await deliver(s.inbox, email({ from: stranger, to: s.inbox, id: "<u1@ailleurs.test>", subject: "Question" }, "Qui êtes-vous ?"));
    await sync(s);
    const [row] = await emailsOf(s.inbox);
    expect(row).toMatchObject({ from_address: stranger, message_id: null, subject: "Question" });
    const res = await bed.t.request({ method: "GET", url: "/api/email-sync/unknown-senders", token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().emails.some((e: { from: string }) => e.from === stranger)).toBe(true);
  });

  it("runs one sync of a mailbox at a time, whichever node holds it", async () => {
    const s = await connectedTeam();
    const stranger = `${unique("inconnu")}@ailleurs.test`;
    await deliver(s.inbox, email({ from: stranger, to: s.inbox, id: `<${unique("lock")}@ailleurs.test>`, subject: "Un" }, "Un."));
    await deliver(s.inbox, email({ from: stranger, to: s.inbox, id: `<${unique("lock")}@ailleurs.test>`, subject: "Deux" }, "Deux."));
    // Another node's sync of this mailbox holds its lock: this one does nothing.
    const other = await bed.t.db.owner.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      await sql`select pg_advisory_xact_lock(hashtextextended(${`email-sync:${s.accountId}`}, 0))`.execute(conn);
      await sync(s);
      const during = await emailsOf(s.inbox);
      await sql`rollback`.execute(conn);
      return during;
    });
    expect(other).toEqual([]);
    // Once it is released, the next run reads both, in order, the cursor past the last.
    await sync(s);
    expect((await emailsOf(s.inbox)).map((e) => e.subject)).toEqual(["Un", "Deux"]);
    const account = await bed.t.db.owner
      .selectFrom("email_accounts")
      .select("last_uid")
      .where("id", "=", s.accountId)
      .executeTakeFirstOrThrow();
    expect(Number(account.last_uid)).toBe(2);
  });

  it("stores the HTML without scripts or remote images", async () => {
    const s = await connectedTeam();
    const html = `<p onmouseover="x()">Bonjour</p><script>alert(1)</script><img src="https://tracker.test/p.gif">`;
    await deliver(s.inbox, email({ from: s.contactEmail, to: s.inbox, id: "<h1@patients.test>" }, "Bonjour", html));
    await sync(s);
    const [row] = await emailsOf(s.inbox);
    expect(row?.html).toContain("Bonjour");
    expect(row?.html).not.toMatch(/script|onmouseover| src="https/);
    expect(row?.html).toContain('data-remote-src="https://tracker.test/p.gif"');
  });

  it("reads the recent days again after a UIDVALIDITY change, without storing an email twice", async () => {
    const s = await connectedTeam();
    await deliver(s.inbox, email({ from: s.contactEmail, to: s.inbox, id: "<v1@patients.test>" }, "Avant"));
    await sync(s);
    await bed.servers.dovecot.setUidValidity(s.inbox, 4242);
    await deliver(s.inbox, email({ from: s.contactEmail, to: s.inbox, id: "<v2@patients.test>" }, "Après"));
    await sync(s);
    expect((await emailsOf(s.inbox)).map((e) => e.header_message_id)).toEqual(["<v1@patients.test>", "<v2@patients.test>"]);
    const account = await bed.t.db.owner.selectFrom("email_accounts").selectAll().where("id", "=", s.accountId).executeTakeFirstOrThrow();
    expect(String(account.uid_validity)).toBe("4242");
  });

  it("marks the mailbox not valid when the provider answers invalid_grant, and a network failure only backs off", async () => {
    const s = await connectedTeam();
    // A network failure: the IMAP server is unreachable for this sync only.
    const offline = { ...bed.email, config: { ...bed.email.config, GMAIL_IMAP_URL: "imap://127.0.0.1:1" } };
    await syncMailbox(offline, org.orgId, s.accountId);
    let account = await bed.t.db.owner.selectFrom("email_accounts").selectAll().where("id", "=", s.accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ valid: true, failures: 1 });
    expect(account.retry_after).not.toBeNull();

    // The token expires and its refresh is refused: not valid, with the reason.
    await bed.t.db.owner.updateTable("email_accounts").set({ retry_after: null }).where("id", "=", s.accountId).execute();
    bed.servers.oauth.failRefresh(s.inbox);
    bed.servers.oauth.refuseTokensOf(s.inbox);
    await sync(s);
    account = await bed.t.db.owner.selectFrom("email_accounts").selectAll().where("id", "=", s.accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ valid: false, invalid_reason: "invalid-grant" });
    const res = await bed.t.request({ method: "GET", url: "/api/email-sync/mailbox", token: adminToken });
    expect(res.json<MailboxStatus>()).toMatchObject({ valid: false, invalidReason: "invalid-grant" });
  });
});

describe("an email's files", () => {
  // The smallest PNG: its bytes say PNG whatever the name and the declared type say.
  const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

  function withFiles(h: { from: string; to: string; id: string }): string {
    return [
      `From: ${h.from}`,
      `To: ${h.to}`,
      "Subject: Ordonnance",
      `Message-ID: ${h.id}`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/related; boundary="r1"',
      "",
      "--r1",
      "Content-Type: text/html; charset=utf-8",
      "",
      '<p>Voir le logo <img src="cid:logo@patients.test"></p>',
      "--r1",
      "Content-Type: image/png",
      "Content-ID: <logo@patients.test>",
      "Content-Transfer-Encoding: base64",
      "",
      PNG.toString("base64"),
      "--r1",
      'Content-Type: application/pdf; name="ordonnance.pdf"',
      'Content-Disposition: attachment; filename="ordonnance.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      PNG.toString("base64"),
      "--r1--",
      "",
    ].join("\r\n");
  }

  it("types them by their bytes with their hash, serves them to the team only, and only while the contact keeps the address", async () => {
    const s = await connectedTeam();
    await deliver(s.inbox, withFiles({ from: s.contactEmail, to: s.inbox, id: "<f1@patients.test>" }));
    await sync(s);
    const [row] = await emailsOf(s.inbox);
    if (!row) throw new Error("no email stored");
    const files = await bed.t.db.owner
      .selectFrom("email_attachments")
      .selectAll()
      .where("email_id", "=", row.id)
      .orderBy("position")
      .execute();
    expect(files.map((f) => [f.content_type, f.declared_type, f.filename])).toEqual([
      ["image/png", "image/png", "piece-jointe-1.png"],
      ["image/png", "application/pdf", "ordonnance.png"],
    ]);
    expect(files[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The cid: image points at its file in the stored HTML.
    expect(row.html).toContain(`src="/api/email-sync/attachments/${files[0]?.id}"`);

    const url = `/api/email-sync/attachments/${files[1]?.id}`;
    const own = await bed.t.request({ method: "GET", url, token: adminToken });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const content = await bed.t.request({ method: "GET", url: `/api/email-sync/emails/${row.id}`, token: adminToken });
    expect(content.statusCode).toBe(200);
    expect(content.json()).toMatchObject({
      subject: "Ordonnance",
      attachments: [{ contentId: "logo@patients.test" }, { filename: "ordonnance.png" }],
    });

    // Staff of another team, another organisation: as if it did not exist.
    const otherTeam = await bed.t.request({ method: "GET", url, token: await bed.t.as(org.users.other) });
    expect(otherTeam.statusCode).toBe(404);
    const otherOrg = await bed.t.tenant();
    const stranger = await bed.t.request({ method: "GET", url, token: await bed.t.as(otherOrg.users.admin) });
    expect(stranger.statusCode).toBe(404);
    expect(
      (await bed.t.request({ method: "GET", url: `/api/email-sync/emails/${row.id}`, token: await bed.t.as(otherOrg.users.admin) }))
        .statusCode,
    ).toBe(404);

    // The contact's email changes: the files from the old address are no longer served.
    await bed.t.db.owner
      .updateTable("contacts")
      .set({ email: `${unique("nouveau")}@patients.test` })
      .where("phone", "=", s.contactPhone)
      .execute();
    expect((await bed.t.request({ method: "GET", url, token: adminToken })).statusCode).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import nodemailer from "nodemailer";
import { simpleParser } from "mailparser";
import type { Message } from "@relais/shared";
import { uniquePhone, type Tenant } from "../../../test/helpers.ts";
import { createContact } from "../contacts/contacts-test-kit.ts";
import { createThread, givePhones } from "../messaging/messaging-test-kit.ts";
import { connectMailbox, startEmailTestBed, type EmailTestBed } from "./email-test-kit.ts";
import { emailOfMessage, inboxOf, messageById, sendEmail, sendJobsOf } from "./send-test-kit.ts";
import { runSendEmailJob } from "./send-service.ts";
import { syncMailbox } from "./sync.ts";

/** Issue 14 §3: sending from a team's mailbox through the real local SMTP server into dovecot. */

let bed: EmailTestBed;
let org: Tenant;
let adminToken: string;
let n = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${n++}`;

beforeAll(async () => {
  // No job worker: each test runs the send job itself, so a retry's timing is the test's.
  bed = await startEmailTestBed({ jobs: false });
  org = await bed.t.tenant();
  await givePhones(bed.t, org);
  adminToken = await bed.t.as(org.users.admin);
});
afterAll(() => bed?.close());

type Setup = { inbox: string; accountId: string; contactEmail: string; threadId: string };

/** The main team's Gmail connected, a contact with an email address, and their thread (one text in it). */
async function connectedThread(): Promise<Setup> {
  const inbox = `${unique("accueil")}@clinique.test`;
  expect(await connectMailbox(bed, adminToken, inbox)).toBe("/verification/success");
  const account = await bed.t.db.owner.selectFrom("email_accounts").select("id").where("address", "=", inbox).executeTakeFirstOrThrow();
  const contactEmail = `${unique("patient")}@patients.test`;
  const phone = uniquePhone();
  await createContact(bed.t, adminToken, { firstname: "Léa", lastname: "Martin", phone, email: contactEmail });
  const { thread } = await createThread(bed.t, adminToken, phone);
  return { inbox, accountId: account.id, contactEmail, threadId: thread.id };
}

const fields = (s: Setup, over: Record<string, string> = {}) => ({
  inboxEmail: s.inbox,
  subject: "Votre rendez-vous",
  body: "Bonjour Léa, à mardi.",
  ...over,
});

async function sent(s: Setup, over: Record<string, string> = {}): Promise<Message> {
  const res = await sendEmail(bed, adminToken, s.threadId, fields(s, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Message>();
}

async function runJob(messageId: string, attempt = 0): Promise<string> {
  const email = await emailOfMessage(bed, messageId);
  await runSendEmailJob(bed.email, { orgId: org.orgId, emailId: email.id, attempt });
  return email.id;
}

/** Delivers `raw` into `to`'s mailbox over LMTP, as a mail server would. */
async function deliver(to: string, raw: Buffer | string): Promise<void> {
  const lmtp = nodemailer.createTransport({ host: "127.0.0.1", port: bed.servers.dovecot.lmtpPort, lmtp: true, ignoreTLS: true });
  await lmtp.sendMail({ envelope: { from: "sender@elsewhere.test", to: [to] }, raw });
}

async function eventsOf(messageId: string): Promise<{ type: string; status: string }[]> {
  const rows = await bed.t.db.owner
    .selectFrom("events")
    .select(["type", "payload"])
    .where("organization_id", "=", org.orgId)
    .where("type", "in", ["message.created", "message.updated"])
    .orderBy("position")
    .execute();
  return rows.filter((r) => (r.payload as Message).id === messageId).map((r) => ({ type: r.type, status: (r.payload as Message).status }));
}

describe("sending an email from a contact's thread", () => {
  it("shows it at once, sends it over SMTP with its Message-ID, threads the contact's reply, and never imports the team's own copy", async () => {
    const s = await connectedThread();
    const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const res = await sendEmail(bed, adminToken, s.threadId, fields(s), {
      files: [{ filename: "plan.pdf", contentType: "application/octet-stream", bytes: PDF }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json<Message>();
    expect(queued).toMatchObject({
      direction: "outbound",
      status: "sending",
      authorId: org.users.admin.id,
      from: s.inbox,
      to: s.contactEmail,
      body: "Bonjour Léa, à mardi.",
      email: { subject: "Votre rendez-vous", from: s.inbox, to: [s.contactEmail], hasHtml: false },
    });
    expect(queued.email?.attachments.map((a) => [a.filename, a.contentType])).toEqual([["plan.pdf", "application/pdf"]]);

    const emailId = await runJob(queued.id);
    expect(await messageById(bed, adminToken, s.threadId, queued.id)).toMatchObject({ status: "sent", failureReason: null });
    expect(await eventsOf(queued.id)).toEqual([
      { type: "message.created", status: "sending" },
      { type: "message.updated", status: "sent" },
    ]);

    // In the contact's mailbox, read over IMAP: the Message-ID fixed before the send, the file.
    const email = await emailOfMessage(bed, queued.id);
    expect(email.id).toBe(emailId);
    expect(email.header_message_id).toMatch(/^<[0-9a-f-]{36}@clinique\.test>$/);
    const [raw] = await inboxOf(bed, s.contactEmail);
    if (!raw) throw new Error("nothing delivered to the contact");
    const received = await simpleParser(raw);
    expect(received.messageId).toBe(email.header_message_id);
    expect(received.subject).toBe("Votre rendez-vous");
    expect(received.from?.value[0]?.address).toBe(s.inbox);
    expect(received.inReplyTo).toBeUndefined();
    expect(received.attachments.map((a) => [a.filename, a.content.equals(PDF)])).toEqual([["plan.pdf", true]]);

    // The contact answers from their mail program: In-Reply-To our Message-ID.
    const replyId = `<${unique("reponse")}@patients.test>`;
    await deliver(
      s.inbox,
      [
        `From: ${s.contactEmail}`,
        `To: ${s.inbox}`,
        "Subject: Re: Votre rendez-vous",
        `Message-ID: ${replyId}`,
        `In-Reply-To: ${email.header_message_id}`,
        `References: ${email.header_message_id}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Parfait, merci.",
        "",
      ].join("\r\n"),
    );
    // The team's own sent copy lands in its INBOX too (a rule, a Bcc to itself): same Message-ID.
    await deliver(s.inbox, raw);
    await syncMailbox(bed.email, org.orgId, s.accountId);
    const stored = await bed.t.db.owner
      .selectFrom("email_messages")
      .selectAll()
      .where("mailbox", "=", s.inbox)
      .orderBy("created_at")
      .execute();
    expect(stored.map((e) => [e.direction, e.header_message_id])).toEqual([
      ["outbound", email.header_message_id],
      ["inbound", replyId],
    ]);
    const res2 = await bed.t.request({ method: "GET", url: `/api/messaging/v1/threads/${s.threadId}/messages`, token: adminToken });
    const bodies = res2.json<{ messages: Message[] }>().messages.map((m) => m.body);
    expect(bodies.filter((b) => b === "Bonjour Léa, à mardi.")).toHaveLength(1);
    expect(bodies).toContain("Parfait, merci.");

    // The next email answers the reply, with the whole chain in References.
    const second = await sent(s, { subject: "Re: Votre rendez-vous", body: "Avec plaisir." });
    await runJob(second.id);
    const raws = await inboxOf(bed, s.contactEmail);
    const last = await simpleParser(raws.at(-1) ?? Buffer.alloc(0));
    expect(last.inReplyTo).toBe(replyId);
    expect(last.references).toEqual([email.header_message_id, replyId]);
    expect(last.messageId).toBe((await emailOfMessage(bed, second.id)).header_message_id);
  });

  it("tries again after a 4xx answer, then sends the same message", async () => {
    const s = await connectedThread();
    const queued = await sent(s);
    bed.servers.smtp.failNext(421, "4.7.0 Try again later");
    const before = bed.servers.smtp.received.length;
    const emailId = await runJob(queued.id);
    expect(await messageById(bed, adminToken, s.threadId, queued.id)).toMatchObject({ status: "sending", failureReason: null });
    const jobs = await sendJobsOf(bed, emailId);
    expect(jobs.map((j) => j.attempt)).toEqual([0, 1]);
    expect(jobs[1]?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await runSendEmailJob(bed.email, { orgId: org.orgId, emailId, attempt: 1 });
    expect(await messageById(bed, adminToken, s.threadId, queued.id)).toMatchObject({ status: "sent" });
    expect(bed.servers.smtp.received.length).toBe(before + 1);
    // A late run of the same job sends nothing twice.
    await runSendEmailJob(bed.email, { orgId: org.orgId, emailId, attempt: 1 });
    expect(bed.servers.smtp.received.length).toBe(before + 1);
  });

  it("tries again after a network failure, and gives up after the last try with the server's words", async () => {
    const s = await connectedThread();
    const queued = await sent(s);
    // The SMTP server is unreachable for this run only.
    const offline = { ...bed.email, config: { ...bed.email.config, GMAIL_SMTP_URL: "smtp://127.0.0.1:1" } };
    const { id: emailId } = await emailOfMessage(bed, queued.id);
    await runSendEmailJob(offline, { orgId: org.orgId, emailId, attempt: 0 });
    expect(await messageById(bed, adminToken, s.threadId, queued.id)).toMatchObject({ status: "sending" });
    expect((await sendJobsOf(bed, emailId)).map((j) => j.attempt)).toEqual([0, 1]);

    // The eighth try meets a 4xx again: no ninth, the email fails.
    bed.servers.smtp.failNext(451, "4.3.0 Mail server temporarily rejected message");
    await runSendEmailJob(bed.email, { orgId: org.orgId, emailId, attempt: 7 });
    const failed = await messageById(bed, adminToken, s.threadId, queued.id);
    expect(failed).toMatchObject({ status: "failed", failureReason: "error.email-send-gave-up" });
    expect(failed.email?.failure?.serverText).toContain("4.3.0 Mail server temporarily rejected message");
    expect((await sendJobsOf(bed, emailId)).map((j) => j.attempt)).toEqual([0, 1]);
  });

  it("fails with the reason and the server's words after a 5xx answer", async () => {
    const s = await connectedThread();
    const queued = await sent(s);
    bed.servers.smtp.failNext(550, "5.7.1 Message refused by policy");
    const emailId = await runJob(queued.id);
    const failed = await messageById(bed, adminToken, s.threadId, queued.id);
    expect(failed).toMatchObject({ status: "failed", failureReason: "error.email-send-refused" });
    expect(failed.email?.failure?.code).toBe("error.email-send-refused");
    expect(failed.email?.failure?.serverText).toContain("5.7.1 Message refused by policy");
    expect((await sendJobsOf(bed, emailId)).map((j) => j.attempt)).toEqual([0]);
    expect((await eventsOf(queued.id)).at(-1)).toEqual({ type: "message.updated", status: "failed" });
  });

  it("fails, without trying again, once the mailbox's refresh is refused", async () => {
    const s = await connectedThread();
    const queued = await sent(s);
    bed.servers.oauth.failRefresh(s.inbox);
    bed.servers.oauth.refuseTokensOf(s.inbox);
    await runJob(queued.id);
    expect(await messageById(bed, adminToken, s.threadId, queued.id)).toMatchObject({
      status: "failed",
      failureReason: "error.email-mailbox-not-valid",
    });
    const account = await bed.t.db.owner.selectFrom("email_accounts").selectAll().where("id", "=", s.accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ valid: false });
  });
});

describe("who may send, and what", () => {
  it("answers 404 to another organisation and 403 to staff of another team", async () => {
    const s = await connectedThread();
    const otherOrg = await bed.t.tenant();
    const stranger = await sendEmail(bed, await bed.t.as(otherOrg.users.admin), s.threadId, fields(s));
    expect(stranger.statusCode, stranger.body).toBe(404);
    const otherTeam = await sendEmail(bed, await bed.t.as(org.users.other), s.threadId, fields(s));
    expect(otherTeam.statusCode, otherTeam.body).toBe(403);
    expect(otherTeam.json().error.code).toBe("error.forbidden");
    // A plain user of the team may.
    const user = await sendEmail(bed, await bed.t.as(org.users.user), s.threadId, fields(s));
    expect(user.statusCode, user.body).toBe(201);
  });

  it("needs the team's valid mailbox, at the address and of the type given, and a contact with an email address", async () => {
    const s = await connectedThread();
    const wrongAddress = await sendEmail(bed, adminToken, s.threadId, fields(s, { inboxEmail: "autre@clinique.test" }));
    expect([wrongAddress.statusCode, wrongAddress.json().error.code]).toEqual([409, "error.email-not-connected"]);
    const wrongType = await sendEmail(bed, adminToken, s.threadId, fields(s), { type: "Outlook" });
    expect([wrongType.statusCode, wrongType.json().error.code]).toEqual([409, "error.email-not-connected"]);

    const phone = uniquePhone();
    await createContact(bed.t, adminToken, { firstname: "Sans", lastname: "Courriel", phone });
    const { thread } = await createThread(bed.t, adminToken, phone);
    const noAddress = await sendEmail(bed, adminToken, thread.id, fields(s));
    expect([noAddress.statusCode, noAddress.json().error.code]).toEqual([409, "error.email-contact-no-address"]);

    await bed.t.db.owner
      .updateTable("email_accounts")
      .set({ valid: false, invalid_reason: "invalid-grant" })
      .where("id", "=", s.accountId)
      .execute();
    const invalid = await sendEmail(bed, adminToken, s.threadId, fields(s));
    expect([invalid.statusCode, invalid.json().error.code]).toEqual([409, "error.email-mailbox-not-valid"]);
    await bed.t.db.owner.deleteFrom("email_accounts").where("id", "=", s.accountId).execute();
    const none = await sendEmail(bed, adminToken, s.threadId, fields(s));
    expect([none.statusCode, none.json().error.code]).toEqual([409, "error.email-not-connected"]);
  });

  it("refuses hostile bodies with a catalogue key and stores nothing", async () => {
    const s = await connectedThread();
    const cases: [Record<string, string>, number, string][] = [
      [fields(s, { body: "Bonjour {{firstName}}," }), 400, "error.unfilled-dynamic-field"],
      [fields(s, { subject: "Rappel {{date}}" }), 400, "error.unfilled-dynamic-field"],
      [fields(s, { body: "   " }), 400, "validation.required"],
      // A subject over two lines would write a header of its own: the subject is named as invalid.
      [fields(s, { subject: "Objet\r\nBcc: victime@ailleurs.test" }), 400, "error.validation"],
      [fields(s, { subject: "x".repeat(256) }), 400, "validation.max-length"],
      [fields(s, { inboxEmail: "pas une adresse" }), 400, "validation.email"],
      // A fourth field passes the form's limit of fields.
      [{ ...fields(s), extra: "champ" }, 400, "error.bad-request"],
    ];
    for (const [form, status, code] of cases) {
      const res = await sendEmail(bed, adminToken, s.threadId, form);
      expect([res.statusCode, res.json().error.code], JSON.stringify(form).slice(0, 120)).toEqual([status, code]);
      // Every placeholder filled (the unfilled-field message quotes the tokens themselves).
      if (code !== "error.unfilled-dynamic-field") expect(res.json().error.message).not.toMatch(/[{}]/);
      if (form["subject"]?.includes("\n")) expect(res.json().error.fields).toEqual([{ path: "subject", code: "validation.invalid" }]);
    }
    const json = await bed.t.request({
      method: "POST",
      url: `/api/email-sync/Gmail/send/${s.threadId}`,
      token: adminToken,
      payload: fields(s),
    });
    expect(json.statusCode).toBe(415);
    const badType = await sendEmail(bed, adminToken, s.threadId, fields(s), { type: "Yahoo" });
    expect(badType.statusCode).toBe(400);
    expect(await bed.t.db.owner.selectFrom("email_messages").select("id").where("mailbox", "=", s.inbox).execute()).toEqual([]);
  });

  it("refuses files of 20 MB or more together, and more than ten files", async () => {
    const s = await connectedThread();
    const half = Buffer.alloc(10_000_000, 7);
    const big = await sendEmail(bed, adminToken, s.threadId, fields(s), {
      files: [
        { filename: "a.bin", contentType: "application/octet-stream", bytes: half },
        { filename: "b.bin", contentType: "application/octet-stream", bytes: half },
      ],
    });
    expect([big.statusCode, big.json().error.code]).toEqual([413, "error.limit-size"]);
    const many = await sendEmail(bed, adminToken, s.threadId, fields(s), {
      files: Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.txt`, contentType: "text/plain", bytes: Buffer.from("x") })),
    });
    expect([many.statusCode, many.json().error.code]).toEqual([413, "error.limit-size"]);
    // Just under the limit goes.
    const under = await sendEmail(bed, adminToken, s.threadId, fields(s), {
      files: [{ filename: "a.bin", contentType: "application/octet-stream", bytes: Buffer.alloc(19_999_000, 7) }],
    });
    expect(under.statusCode, under.body).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailboxStatus, Message, SandboxEmailMailbox } from "@relais/shared";
import { loadConfig } from "../../config.ts";
import { createTestApp, uniquePhone, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { createContact } from "../contacts/contacts-test-kit.ts";
import { messagesOf, until } from "../messaging/messaging-test-kit.ts";
import { createEmailDeps, type EmailDeps } from "./email-deps.ts";
import { multipartForm } from "./send-test-kit.ts";
import { syncMailbox } from "./sync.ts";

/**
 * Issue 14 §4: the sandbox mailbox, with no mail server at all. A team connects it without
 * OAuth; the simulator writes as a contact and reads the team's replies; the same sync, parser,
 * threading and send job carry it, the job run by the app's own worker.
 */

let t: TestApp;
let org: Tenant;
let adminToken: string;
let email: EmailDeps;
let n = 0;
const unique = (what: string) => `${what}-${Date.now().toString(36)}-${n++}`;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
  org = await t.tenant();
  adminToken = await t.as(org.users.admin);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", DEV_TOOLS: "false" });
  email = createEmailDeps(t.db.app, config, t.files, quiet, { sandbox: true });
});
afterAll(() => t?.close());

async function connectSandbox(token: string, inboxEmail: string) {
  return t.request({ method: "POST", url: "/api/email-sync/sandbox/connect", token, payload: { inboxEmail } });
}

async function accountOf(address: string) {
  return t.db.owner.selectFrom("email_accounts").selectAll().where("address", "=", address).executeTakeFirstOrThrow();
}

async function mailboxOf(address: string): Promise<SandboxEmailMailbox> {
  const res = await t.request({ method: "GET", url: `/api/sandbox/email/mailbox?address=${encodeURIComponent(address)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SandboxEmailMailbox>();
}

async function write(from: string, to: string, body: string, inReplyTo?: string): Promise<string> {
  const res = await t.request({
    method: "POST",
    url: "/api/sandbox/email/inbound",
    payload: { from, to, subject: "Question", body, ...(inReplyTo ? { inReplyTo } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ messageId: string }>().messageId;
}

describe("the sandbox mailbox", () => {
  it("carries a contact's email into their thread, the team's reply back to the contact, and the next reply into the same thread", async () => {
    const inbox = `${unique("reception")}@sandbox.test`;
    const connected = await connectSandbox(adminToken, inbox);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json<MailboxStatus>()).toMatchObject({ email: inbox, provider: "Sandbox", connected: true, valid: true });
    const team = await t.request({ method: "GET", url: `/api/user-groups/${org.teams.main}`, token: adminToken });
    expect(team.json()).toMatchObject({ email: inbox, emailProvider: "Sandbox", valid: true });
    const listed = await t.request({ method: "GET", url: "/api/sandbox/email/mailboxes" });
    expect(listed.json().mailboxes).toContainEqual(expect.objectContaining({ address: inbox, teamLabel: expect.any(String) }));

    const contactEmail = `${unique("patient")}@exemple.test`;
    const phone = uniquePhone();
    await createContact(t, adminToken, { firstname: "Léa", lastname: "Martin", phone, email: contactEmail });
    const first = await write(contactEmail, inbox, "Puis-je déplacer mon rendez-vous ?");
    const account = await accountOf(inbox);
    await syncMailbox(email, org.orgId, account.id);
    const thread = await t.db.owner.selectFrom("threads").selectAll().where("contact_phone", "=", phone).executeTakeFirstOrThrow();
    expect(thread).toMatchObject({ team_id: org.teams.main, has_notification: true });
    const [inbound] = await messagesOf(t, adminToken, thread.id);
    expect(inbound).toMatchObject({ direction: "inbound", body: "Puis-je déplacer mon rendez-vous ?", email: { from: contactEmail } });
    // The cursor moved: the next sync reads nothing again.
    await syncMailbox(email, org.orgId, account.id);
    expect(await messagesOf(t, adminToken, thread.id)).toHaveLength(1);

    const form = multipartForm({ inboxEmail: inbox, subject: "Re: Question", body: "Bien sûr, jeudi 10 h ?" });
    const sent = await t.request({ method: "POST", url: `/api/email-sync/Sandbox/send/${thread.id}`, token: adminToken, ...form });
    expect(sent.statusCode, sent.body).toBe(201);
    const reply = sent.json<Message>();
    // The app's own job worker sends it.
    await until(
      async () => (await messagesOf(t, adminToken, thread.id)).find((m) => m.id === reply.id && m.status === "sent"),
      "reply sent",
    );
    const box = await mailboxOf(contactEmail);
    expect(box.emails.map((e) => [e.direction, e.subject])).toEqual([
      ["sent", "Question"],
      ["received", "Re: Question"],
    ]);
    const received = box.emails[1];
    expect(received).toMatchObject({
      from: inbox,
      to: [contactEmail],
      text: "Bien sûr, jeudi 10 h ?",
      inReplyTo: first,
      references: [first],
    });

    // The contact answers the reply from the simulator: the same thread, by In-Reply-To.
    await write(contactEmail, inbox, "Parfait.", received?.messageId);
    await syncMailbox(email, org.orgId, account.id);
    expect((await messagesOf(t, adminToken, thread.id)).map((m) => m.body)).toEqual(
      expect.arrayContaining(["Puis-je déplacer mon rendez-vous ?", "Bien sûr, jeudi 10 h ?", "Parfait."]),
    );
    const last = (await mailboxOf(contactEmail)).emails.at(-1);
    expect(last).toMatchObject({ direction: "sent", inReplyTo: received?.messageId, references: [first, received?.messageId] });
  });

  it("is connected by a team administrator only, at an address no other team holds, and sends only as Sandbox", async () => {
    const inbox = `${unique("hygiene")}@sandbox.test`;
    const byUser = await connectSandbox(await t.as(org.users.user), inbox);
    expect(byUser.statusCode, byUser.body).toBe(403);
    expect((await connectSandbox(adminToken, inbox)).statusCode).toBe(200);
    const otherOrg = await t.tenant();
    const taken = await connectSandbox(await t.as(otherOrg.users.admin), inbox);
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, "error.email-address-taken"]);
    const nobody = await t.request({
      method: "POST",
      url: "/api/sandbox/email/inbound",
      payload: { from: "x@exemple.test", to: `${unique("personne")}@sandbox.test`, subject: "Allô", body: "Allô" },
    });
    expect(nobody.statusCode).toBe(404);

    const phone = uniquePhone();
    const contactEmail = `${unique("patient")}@exemple.test`;
    await createContact(t, adminToken, { firstname: "Paul", lastname: "Roy", phone, email: contactEmail });
    await write(contactEmail, inbox, "Bonjour");
    await syncMailbox(email, org.orgId, (await accountOf(inbox)).id);
    const thread = await t.db.owner.selectFrom("threads").select("id").where("contact_phone", "=", phone).executeTakeFirstOrThrow();
    const form = multipartForm({ inboxEmail: inbox, subject: "Re", body: "Bonjour Paul." });
    const asGmail = await t.request({ method: "POST", url: `/api/email-sync/Gmail/send/${thread.id}`, token: adminToken, ...form });
    expect([asGmail.statusCode, asGmail.json().error.code]).toEqual([409, "error.email-not-connected"]);

    // Disconnected like any mailbox.
    const out = await t.request({ method: "POST", url: "/api/oauth2/Sandbox/logout", token: adminToken, payload: { inboxEmail: inbox } });
    expect(out.statusCode, out.body).toBe(200);
    const status = await t.request({ method: "GET", url: "/api/email-sync/mailbox", token: adminToken });
    expect(status.json<MailboxStatus>()).toMatchObject({ connected: false, provider: null });
  });
});

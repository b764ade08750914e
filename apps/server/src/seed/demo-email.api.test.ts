import { expect, it } from "vitest";
import { sql } from "kysely";
import type { MailboxStatus, Message, SandboxEmailMailbox } from "@relais/shared";
import { loadConfig } from "../config.ts";
import { apiSuite } from "../../test/helpers.ts";
import { withTenant } from "../db/database.ts";
import { createEmailDeps, syncMailbox } from "../modules/email/email-test-kit.ts";
import { DEMO_CLINIC_ID, DEMO_PASSWORD, seedDemo } from "./demo.ts";

/** The demo clinic's team email (issue 14 §4): its sandbox mailbox and one conversation, added once. */

const { t } = apiSuite({ config: { jobs: false }, tenants: 0 });

/** Everything the email seed writes, as counts and the conversation's rows. */
async function state() {
  return withTenant(t.db.owner, DEMO_CLINIC_ID, async (tx) => ({
    accounts: await tx.selectFrom("email_accounts").select(["address", "provider", "valid"]).execute(),
    emails: await tx
      .selectFrom("email_messages")
      .select(["direction", "header_message_id", "in_reply_to", "subject", "message_id"])
      .orderBy("created_at")
      .execute(),
    sandbox: Number(
      (await sql<{ n: number }>`select count(*)::int as n from email_sandbox_mail where mailbox = 'helene.tremblay@exemple.ca'`.execute(tx))
        .rows[0]?.n,
    ),
    messages: Number((await sql<{ n: number }>`select count(*)::int as n from messages where email is not null`.execute(tx)).rows[0]?.n),
  }));
}

it("connects the Réception's sandbox mailbox with one conversation with Hélène Tremblay, once, and keeps a person's change", async () => {
  await seedDemo(t.db.owner, t.media, () => undefined);
  const first = await state();
  expect(first.accounts).toEqual([{ address: "reception@clinique-demo.ca", provider: "Sandbox", valid: true }]);
  expect(first.emails.map((e) => [e.direction, e.subject, e.in_reply_to])).toEqual([
    ["inbound", "Reçu pour mes assurances", null],
    ["outbound", "Re: Reçu pour mes assurances", "<demo-question-0001@exemple.ca>"],
  ]);
  expect(first.messages).toBe(2);

  // As the receptionist sees it: both emails in Hélène's thread, Marc's answer sent.
  const marc = await t.login("user@clinique-demo.ca", DEMO_PASSWORD);
  const status = await t.request({ method: "GET", url: "/api/email-sync/mailbox", token: marc.jwt });
  expect(status.json<MailboxStatus>()).toMatchObject({ provider: "Sandbox", connected: true, valid: true });
  const messageIds = first.emails.map((e) => e.message_id);
  const thread = await withTenant(t.db.owner, DEMO_CLINIC_ID, (tx) =>
    tx
      .selectFrom("messages")
      .select("thread_id")
      .where("id", "=", messageIds[0] ?? "")
      .executeTakeFirstOrThrow(),
  );
  const res = await t.request({ method: "GET", url: `/api/messaging/v1/threads/${thread.thread_id}/messages`, token: marc.jwt });
  const emails = res
    .json<{ messages: Message[] }>()
    .messages.filter((m) => m.email)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  expect(emails.map((m) => [m.direction, m.status, m.authorId === marc.user.id])).toEqual([
    ["inbound", "delivered", false],
    ["outbound", "sent", true],
  ]);
  // In Hélène's own sandbox mailbox (the simulator): her question sent, the answer received.
  const box = await t.request({ method: "GET", url: "/api/sandbox/email/mailbox?address=helene.tremblay%40exemple.ca" });
  expect(box.json<SandboxEmailMailbox>().emails.map((e) => [e.direction, e.subject])).toEqual([
    ["sent", "Reçu pour mes assurances"],
    ["received", "Re: Reçu pour mes assurances"],
  ]);

  // The mailbox's first sync finds the question already there: nothing twice.
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", DEV_TOOLS: "false" });
  const email = createEmailDeps(t.db.app, config, t.files, { info: () => undefined, warn: () => undefined }, { sandbox: true });
  const account = await withTenant(t.db.owner, DEMO_CLINIC_ID, (tx) =>
    tx.selectFrom("email_accounts").select("id").executeTakeFirstOrThrow(),
  );
  await syncMailbox(email, DEMO_CLINIC_ID, account.id);
  expect((await state()).emails).toHaveLength(2);

  // A second start adds nothing and changes nothing.
  await seedDemo(t.db.owner, t.media, () => undefined);
  expect(await state()).toEqual(first);

  // A person disconnects the mailbox: the next start leaves it disconnected.
  const admin = await t.login("admin@clinique-demo.ca", DEMO_PASSWORD);
  const out = await t.request({
    method: "POST",
    url: "/api/oauth2/Sandbox/logout",
    token: admin.jwt,
    payload: { inboxEmail: "reception@clinique-demo.ca" },
  });
  expect(out.statusCode, out.body).toBe(200);
  await seedDemo(t.db.owner, t.media, () => undefined);
  expect((await state()).accounts).toEqual([]);
});

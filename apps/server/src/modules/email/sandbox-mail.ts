import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { MailboxStatus, SandboxEmail, SandboxEmailInboundRequest } from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, forbidden, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { setTeamMailbox } from "../teams/index.ts";
import { mailboxStatus } from "./connect-service.ts";
import type { EmailDeps } from "./email-deps.ts";
import { composeEmail, newMessageId } from "./mail-compose.ts";
import { parseEmail } from "./mail-parse.ts";
import type { MailboxReader } from "./mail-reader.ts";
import { canManageMailbox } from "./policy.ts";
import * as repo from "./repo.ts";
import type { AccountRow } from "./repo.ts";

/**
 * The sandbox mailbox (issue 14 §4, decision 0031): as texts have the sandbox network, email has a
 * simulated mail network in the database (email_sandbox_mail). Sending files the raw message,
 * composed as for SMTP, in each recipient's INBOX; reading is the sync's own code over a reader
 * of that table instead of IMAP. Only where the sandbox network is on (deps.sandbox).
 */

export const SANDBOX_PROVIDER = "Sandbox";
/** The network's UIDs never restart: one UIDVALIDITY for every sandbox mailbox. */
const SANDBOX_UID_VALIDITY = "1";
/** What the simulator lists of one address: its latest emails. */
const MAILBOX_PAGE = 100;

/**
 * Files one raw message in the recipients' INBOX and the sender's Sent folder, as a mail network
 * would; answers the UID it took in each recipient's INBOX.
 */
export async function deliverSandbox(db: Db, raw: Buffer, envelope: { from: string; to: string[] }): Promise<Map<string, number>> {
  const rows = [
    ...[...new Set(envelope.to.map((a) => a.toLowerCase()))].map((mailbox) => ({ mailbox, folder: "INBOX", raw })),
    { mailbox: envelope.from.toLowerCase(), folder: "Sent", raw },
  ];
  const filed = await db.insertInto("email_sandbox_mail").values(rows).returning(["uid", "mailbox", "folder"]).execute();
  return new Map(filed.filter((r) => r.folder === "INBOX").map((r) => [r.mailbox, Number(r.uid)]));
}

/**
 * Makes `address` the team's mailbox, the sandbox one, in the caller's transaction: no token
 * (the row keeps empty bytes where a provider's would be sealed); a mailbox the team had is
 * replaced. Answers the new row.
 */
export async function saveSandboxAccount(
  tx: Tx,
  orgId: string,
  teamId: string,
  address: string,
  userId: string | null,
): Promise<AccountRow> {
  await repo.saveAccount(tx, {
    id: randomUUID(),
    organization_id: orgId,
    team_id: teamId,
    provider: SANDBOX_PROVIDER,
    address,
    key_id: "sandbox",
    wrapped_key: Buffer.alloc(0),
    sealed_tokens: Buffer.alloc(0),
    scopes: "",
    access_expires_at: null,
    connected_by: userId,
  });
  await setTeamMailbox(tx, orgId, teamId, { email: address, emailProvider: SANDBOX_PROVIDER, valid: true });
  const account = await repo.findAccountOfTeam(tx, orgId, teamId);
  if (!account) throw new Error("saveSandboxAccount: not saved");
  return account;
}

/** The sync's reader of a sandbox mailbox's INBOX; null when the sandbox network is off (nothing is read). */
export function sandboxReaderFor(deps: EmailDeps, address: string): MailboxReader | null {
  if (!deps.sandbox) return null;
  const inbox = () => deps.db.selectFrom("email_sandbox_mail").where("mailbox", "=", address).where("folder", "=", "INBOX");
  return {
    async openInbox() {
      const last = await inbox()
        .select(sql<string | null>`max(uid)`.as("uid"))
        .executeTakeFirst();
      return { uidValidity: SANDBOX_UID_VALIDITY, uidNext: Number(last?.uid ?? 0) + 1 };
    },
    async search(query) {
      const rows = await (
        "since" in query ? inbox().where("created_at", ">=", query.since) : inbox().where("uid", ">", String(query.afterUid))
      )
        .select("uid")
        .orderBy("uid")
        .execute();
      return rows.map((r) => Number(r.uid));
    },
    async fetchRaw(uids) {
      if (uids.length === 0) return [];
      const rows = await inbox().where("uid", "in", uids.map(String)).select(["uid", "raw"]).execute();
      return rows.map((r) => ({ uid: Number(r.uid), source: r.raw }));
    },
    close: () => Promise.resolve(),
  };
}

/**
 * POST /email-sync/sandbox/connect: the current team's mailbox becomes the sandbox one at this
 * address, with no token (nothing to seal: the row keeps empty bytes). An address another team
 * holds, here or in another organisation (one sandbox network), is refused.
 */
export async function connectSandboxMailbox(deps: EmailDeps, ctx: Ctx, inboxEmail: string): Promise<MailboxStatus> {
  const teamId = ctx.currentTeamId;
  if (!teamId) throw new AppError("error.email-team-required", 409);
  if (!canManageMailbox(ctx, teamId)) throw forbidden();
  try {
    await withTenant(deps.db, ctx.orgId, async (tx) => {
      const holder = await repo.findAccountByAddress(tx, ctx.orgId, inboxEmail);
      if (holder && holder.team_id !== teamId) throw new AppError("error.email-address-taken", 409);
      await saveSandboxAccount(tx, ctx.orgId, teamId, inboxEmail, ctx.userId);
      await recordAudit(tx, ctx, "connect", "mailbox", teamId, { provider: SANDBOX_PROVIDER });
    });
  } catch (err) {
    if (uniqueViolation(err) === "email_accounts_sandbox_address_key") throw new AppError("error.email-address-taken", 409);
    throw err;
  }
  return mailboxStatus(deps, ctx);
}

/** Every team's sandbox mailbox (the simulator's list); crosses tenants by design, through the owner pool. */
export async function unsafeListSandboxMailboxes(owner: Db) {
  const rows = await owner
    .selectFrom("email_accounts as a")
    .innerJoin("teams as t", "t.id", "a.team_id")
    .innerJoin("organizations as o", "o.id", "a.organization_id")
    .select(["a.address", "t.label", "o.name_fr"])
    .where("a.provider", "=", SANDBOX_PROVIDER)
    .orderBy("o.name_fr")
    .orderBy("a.address")
    .execute();
  return { mailboxes: rows.map((r) => ({ address: r.address, organizationName: r.name_fr, teamLabel: r.label })) };
}

/**
 * POST /sandbox/email/inbound: the contact address `from` writes to a team's sandbox mailbox,
 * composed as a mail program would (its own Message-ID; In-Reply-To and References when it
 * answers). The team's next sync reads it. 404 when no team has that sandbox mailbox.
 */
export async function unsafeSandboxInbound(owner: Db, input: SandboxEmailInboundRequest): Promise<{ messageId: string }> {
  const team = await owner
    .selectFrom("email_accounts")
    .select("id")
    .where("provider", "=", SANDBOX_PROVIDER)
    .where("address", "=", input.to)
    .executeTakeFirst();
  if (!team) throw notFound();
  const messageId = newMessageId(input.from);
  const raw = await composeEmail({
    from: input.from,
    to: [input.to],
    subject: input.subject,
    text: input.body,
    messageId,
    inReplyTo: input.inReplyTo ?? null,
    references: await referencesOf(owner, input.from, input.inReplyTo),
    date: new Date(),
    attachments: [],
  });
  await deliverSandbox(owner, raw, { from: input.from, to: [input.to] });
  return { messageId };
}

/** A reply's References: those of the email it answers, found in the writer's INBOX, then that email. */
async function referencesOf(owner: Db, address: string, inReplyTo: string | undefined): Promise<string[]> {
  if (!inReplyTo) return [];
  for (const email of await readMailbox(owner, address)) {
    if (email.direction === "received" && email.messageId === inReplyTo) return [...email.references, inReplyTo];
  }
  return [inReplyTo];
}

async function readMailbox(owner: Db, address: string): Promise<SandboxEmail[]> {
  const rows = await owner
    .selectFrom("email_sandbox_mail")
    .select(["uid", "folder", "raw", "created_at"])
    .where("mailbox", "=", address)
    .orderBy("uid", "desc")
    .limit(MAILBOX_PAGE)
    .execute();
  const emails: SandboxEmail[] = [];
  for (const row of rows.reverse()) {
    // The same parser as the sync: what the simulator shows is what Relais would read.
    const parsed = await parseEmail(row.raw, () => "");
    emails.push({
      messageId: parsed.headerMessageId,
      direction: row.folder === "Sent" ? "sent" : "received",
      from: parsed.from,
      to: parsed.to,
      subject: parsed.subject,
      text: parsed.text,
      inReplyTo: parsed.inReplyTo,
      references: parsed.references,
      attachments: parsed.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.bytes.length })),
      date: (parsed.date ?? row.created_at).toISOString(),
    });
  }
  return emails;
}

/** GET /sandbox/email/mailbox: what one address sent and received in the sandbox, oldest first. */
export async function unsafeSandboxMailbox(owner: Db, address: string): Promise<{ address: string; emails: SandboxEmail[] }> {
  return { address, emails: await readMailbox(owner, address) };
}

import { demoReception } from "./demo-reception.ts";
import { withTenant, type Db, type Tx } from "../db/database.ts";
import { backdateMessage, settleEmailMessage } from "../modules/messaging/index.ts";
import {
  attachmentPath,
  composeEmail,
  deliverSandbox,
  parseEmail,
  replyHeaders,
  SANDBOX_PROVIDER,
  saveSandboxAccount,
  storeInbound,
  storeOutbound,
} from "../modules/email/index.ts";

/**
 * The demo clinic's team email (issue 14 §4): its Réception team has the sandbox mailbox
 * connected, and one conversation with Hélène Tremblay: her question, Marc's answer. Both go
 * through the real path: composed as mail programs do, filed in the sandbox network (so the
 * simulator shows them in her mailbox), her email parsed and threaded as the sync does, his
 * stored as a sent email. Idempotent: the conversation's fixed Message-ID marks it done, so a
 * mailbox a person disconnected or replaced stays as they left it.
 */

const MAILBOX = "reception@clinique-demo.ca";
const CONTACT_EMAIL = "helene.tremblay@exemple.ca";
const HOUR = 3_600_000;

/** Fixed so that a restart finds them. */
const QUESTION_ID = "<demo-question-0001@exemple.ca>";
const ANSWER_ID = "<demo-reponse-0001@clinique-demo.ca>";
const ANSWER_EMAIL_ID = "0b1e2d3c-4a5b-4c6d-8e7f-00000000e001";

/** The demo's emails happened yesterday: their thread messages are dated when they were written. */
async function backdate(tx: Tx, orgId: string, headerMessageId: string, at: Date): Promise<void> {
  const email = await tx
    .selectFrom("email_messages")
    .select("message_id")
    .where("organization_id", "=", orgId)
    .where("header_message_id", "=", headerMessageId)
    .executeTakeFirst();
  if (email?.message_id) await backdateMessage(tx, orgId, email.message_id, at);
}

/** Adds the demo mailbox and conversation once; true when they were added now. */
export async function seedDemoEmail(owner: Db, orgId: string): Promise<boolean> {
  return withTenant(owner, orgId, async (tx) => {
    const seeded = await tx
      .selectFrom("email_messages")
      .select("id")
      .where("organization_id", "=", orgId)
      .where("header_message_id", "in", [QUESTION_ID, ANSWER_ID])
      .executeTakeFirst();
    if (seeded) return false;
    const reception = await demoReception(tx, orgId);
    const contact = await tx
      .selectFrom("contacts")
      .select("phone")
      .where("organization_id", "=", orgId)
      .where("email", "=", CONTACT_EMAIL)
      .executeTakeFirst();
    const contactPhone = contact?.phone;
    if (!reception || !contactPhone) return false;
    const team = { id: reception.teamId };
    const receptionist = { id: reception.receptionistId };
    const existing = await tx
      .selectFrom("email_accounts")
      .selectAll()
      .where("organization_id", "=", orgId)
      .where("team_id", "=", team.id)
      .executeTakeFirst();
    // A mailbox a person connected (Gmail, Outlook) is theirs: no demo in it.
    if (existing && existing.provider !== SANDBOX_PROVIDER) return false;
    const account = existing ?? (await saveSandboxAccount(tx, orgId, team.id, MAILBOX, null));

    const now = Date.now();
    const question = await composeEmail({
      from: CONTACT_EMAIL,
      to: [account.address],
      subject: "Reçu pour mes assurances",
      text: "Bonjour,\n\nPourriez-vous m'envoyer le reçu de mon nettoyage du mois dernier ? Mon assureur me le demande.\n\nMerci,\nHélène Tremblay",
      messageId: QUESTION_ID,
      inReplyTo: null,
      references: [],
      date: new Date(now - 20 * HOUR),
      attachments: [],
    });
    const uids = await deliverSandbox(tx, question, { from: CONTACT_EMAIL, to: [account.address] });
    await storeInbound(tx, account, uids.get(account.address) ?? 0, await parseEmail(question, attachmentPath), new Map());

    const thread = await tx
      .selectFrom("threads")
      .select("id")
      .where("organization_id", "=", orgId)
      .where("team_id", "=", team.id)
      .where("contact_phone", "=", contactPhone)
      .executeTakeFirstOrThrow();
    const reply = replyHeaders({ header_message_id: QUESTION_ID, references: [] });
    const answer = {
      subject: "Re: Reçu pour mes assurances",
      text: "Bonjour Madame Tremblay,\n\nVotre reçu vous sera envoyé aujourd'hui par la poste et par courriel.\n\nBonne journée,\nMarc Gagnon\nClinique dentaire des Érables",
      date: new Date(now - 19 * HOUR),
    };
    const raw = await composeEmail({
      from: account.address,
      to: [CONTACT_EMAIL],
      messageId: ANSWER_ID,
      attachments: [],
      ...reply,
      ...answer,
    });
    await deliverSandbox(tx, raw, { from: account.address, to: [CONTACT_EMAIL] });
    const message = await storeOutbound(tx, {
      id: ANSWER_EMAIL_ID,
      account,
      threadId: thread.id,
      to: CONTACT_EMAIL,
      headerMessageId: ANSWER_ID,
      files: [],
      authorId: receptionist.id,
      ...reply,
      ...answer,
    });
    await settleEmailMessage(tx, orgId, message.id, { status: "sent" });
    await backdate(tx, orgId, QUESTION_ID, new Date(now - 20 * HOUR));
    await backdate(tx, orgId, ANSWER_ID, answer.date);
    return true;
  });
}

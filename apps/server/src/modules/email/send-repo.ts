import type { Tx } from "../../db/database.ts";

/** SQL of sending a team's email; every query is scoped by the organisation (RLS backs it up). */

/** The thread an email is sent in: its team and its contact's number (no team check here: the service's). */
export async function threadOf(
  tx: Tx,
  orgId: string,
  threadId: string,
): Promise<{ id: string; team_id: string; contact_phone: string } | undefined> {
  return tx
    .selectFrom("threads")
    .select(["id", "team_id", "contact_phone"])
    .where("organization_id", "=", orgId)
    .where("id", "=", threadId)
    .executeTakeFirst();
}

/** The thread's latest email, read or sent: the one a new email answers (In-Reply-To, References). */
export async function lastEmailOfThread(
  tx: Tx,
  orgId: string,
  threadId: string,
): Promise<{ header_message_id: string; references: string[] } | undefined> {
  return tx
    .selectFrom("email_messages as e")
    .innerJoin("messages as m", (j) => j.onRef("m.id", "=", "e.message_id").onRef("m.organization_id", "=", "e.organization_id"))
    .select(["e.header_message_id", "e.references"])
    .where("e.organization_id", "=", orgId)
    .where("m.thread_id", "=", threadId)
    .orderBy("m.created_at", "desc")
    .orderBy("e.created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The thread message of an outbound email, with its status and what the thread shows of it. */
export async function messageOfEmail(
  tx: Tx,
  orgId: string,
  messageId: string,
): Promise<{ id: string; status: string; email: unknown } | undefined> {
  return tx
    .selectFrom("messages")
    .select(["id", "status", "email"])
    .where("organization_id", "=", orgId)
    .where("id", "=", messageId)
    .executeTakeFirst();
}

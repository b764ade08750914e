import type { Tx } from "../../db/database.ts";
import type { MessageRow } from "./repo.ts";

/** An email as a message of its contact's thread (migration 0021): `email` holds what the thread shows. */
export async function insertEmailMessage(
  tx: Tx,
  m: {
    orgId: string;
    threadId: string;
    direction: "inbound" | "outbound";
    from: string;
    to: string;
    body: string;
    status: "sending" | "delivered";
    idempotencyKey: string | null;
    authorId: string | null;
    email: string;
  },
): Promise<MessageRow> {
  return tx
    .insertInto("messages")
    .values({
      organization_id: m.orgId,
      thread_id: m.threadId,
      direction: m.direction,
      from_phone: m.from,
      to_phone: m.to,
      body: m.body,
      status: m.status,
      failure_reason: null,
      carrier_message_id: null,
      idempotency_key: m.idempotencyKey,
      author_id: m.authorId,
      email: m.email,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces what the thread shows of an email (its failure added); answers the row as it is now. */
export async function setMessageEmail(tx: Tx, orgId: string, messageId: string, email: string): Promise<MessageRow | undefined> {
  return tx
    .updateTable("messages")
    .set({ email })
    .where("organization_id", "=", orgId)
    .where("id", "=", messageId)
    .returningAll()
    .executeTakeFirst();
}

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Tx } from "../../db/database.ts";
import { recordInboundMedia } from "./media.ts";
import type { NewMedia } from "./media-repo.ts";
import * as repo from "./repo.ts";
import { threadSentimentNow } from "./sentiment.ts";

/** A file already stored (storeInboundMedia), to attach to a past text. */
export type PastMedia = NewMedia;

/** A text that was exchanged in the past, as the demo seed writes it: delivered, dated when it happened. */
export type PastText = {
  direction: "inbound" | "outbound";
  body: string;
  at: Date;
  /** The staff member who wrote an outbound text; null for the contact's or an automatic one. */
  authorId: string | null;
  /** Files already stored (storeInboundMedia), attached in this order. */
  media?: readonly PastMedia[];
};

export type PastConversation = {
  teamId: string;
  teamPhone: string;
  contactPhone: string;
  state: "active" | "inactive";
  /** Still unread by the team (the contact wrote last and nobody opened it since). */
  unread: boolean;
  pinned?: boolean;
  texts: readonly PastText[];
};

/**
 * Writes a conversation that already happened (the demo seed's history, like the calls module's
 * storePastCall): the thread (created if missing, kept if a call made it already), each text
 * delivered and dated when it was written, the thread ordered by its latest message and scored
 * from its contact's texts. Nothing is sent and nothing is announced: it is history.
 */
export async function storePastConversation(
  tx: Tx,
  orgId: string,
  conv: PastConversation,
): Promise<{ threadId: string; messageIds: string[] }> {
  const { row: thread } = await repo.ensureThread(tx, orgId, conv.teamId, conv.contactPhone);
  const messageIds: string[] = [];
  for (const text of conv.texts) {
    const inbound = text.direction === "inbound";
    const msg = await repo.insertMessage(tx, {
      orgId,
      threadId: thread.id,
      direction: text.direction,
      from: inbound ? conv.contactPhone : conv.teamPhone,
      to: inbound ? conv.teamPhone : conv.contactPhone,
      body: text.body,
      status: "delivered",
      carrierMessageId: null,
      // Every outbound text carries one (the table's rule); this one was never handed to a carrier.
      idempotencyKey: inbound ? null : `past:${randomUUID()}`,
      authorId: text.authorId,
    });
    if (!msg) throw new Error("storePastConversation: a message without a carrier id was refused");
    await tx
      .updateTable("messages")
      .set({ created_at: text.at, updated_at: text.at })
      .where("organization_id", "=", orgId)
      .where("id", "=", msg.id)
      .execute();
    if (text.media?.length) await recordInboundMedia(tx, msg.id, text.media);
    messageIds.push(msg.id);
  }
  const latest = await latestMessageOf(tx, orgId, thread.id);
  await tx
    .updateTable("threads")
    .set({
      state: conv.state,
      pinned: conv.pinned ?? false,
      has_notification: conv.unread,
      sentiment: await threadSentimentNow(tx, orgId, thread.id),
      ...(latest ? { last_message_id: latest.id, updated_at: latest.created_at } : {}),
    })
    .where("organization_id", "=", orgId)
    .where("id", "=", thread.id)
    .execute();
  return { threadId: thread.id, messageIds };
}

/**
 * Dates a message written now as when it happened (a past call, a demo email) and orders its
 * thread by its latest message again, so history never jumps to the top of the inbox.
 */
export async function backdateMessage(tx: Tx, orgId: string, messageId: string, at: Date): Promise<void> {
  const moved = await tx
    .updateTable("messages")
    .set({ created_at: at, updated_at: at })
    .where("organization_id", "=", orgId)
    .where("id", "=", messageId)
    .returning("thread_id")
    .executeTakeFirst();
  if (!moved) return;
  const latest = await latestMessageOf(tx, orgId, moved.thread_id);
  if (!latest) return;
  await tx
    .updateTable("threads")
    .set({ last_message_id: latest.id, updated_at: latest.created_at })
    .where("organization_id", "=", orgId)
    .where("id", "=", moved.thread_id)
    .execute();
}

/** Whether the organisation has any text yet (calls and emails aside): the demo's conversations are added to none. */
export async function hasTexts(tx: Tx, orgId: string): Promise<boolean> {
  const row = await tx
    .selectFrom("messages")
    .select(sql<number>`1`.as("one"))
    .where("organization_id", "=", orgId)
    .where("call", "is", null)
    .where("email", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The thread's latest message by date: what orders the thread in the inbox. */
function latestMessageOf(tx: Tx, orgId: string, threadId: string) {
  return tx
    .selectFrom("messages")
    .select(["id", "created_at"])
    .where("organization_id", "=", orgId)
    .where("thread_id", "=", threadId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

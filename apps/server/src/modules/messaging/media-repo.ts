import { sql, type Selectable } from "kysely";
import type { Db, Tx } from "../../db/database.ts";
import type { MediaFilesTable } from "../../db/schema.ts";

/** Media files of the text inbox. Every query takes the organisation id; row-level security backs it up. */

export type MediaRow = Selectable<MediaFilesTable>;

export type NewMedia = {
  id: string;
  orgId: string;
  uploadedBy: string | null;
  contentType: string;
  size: number;
  filename: string;
  sha256: string;
  storageKey: string;
};

export async function insertMedia(tx: Tx, m: NewMedia, attach: { messageId: string; position: number } | null = null): Promise<MediaRow> {
  return tx
    .insertInto("media_files")
    .values({
      id: m.id,
      organization_id: m.orgId,
      uploaded_by: m.uploadedBy,
      message_id: attach?.messageId ?? null,
      position: attach?.position ?? null,
      content_type: m.contentType,
      size: m.size,
      filename: m.filename,
      sha256: m.sha256,
      storage_key: m.storageKey,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A file with the team of the thread it was sent or received in (null while not attached). */
export async function findMediaWithTeam(tx: Tx, orgId: string, id: string): Promise<(MediaRow & { team_id: string | null }) | undefined> {
  return tx
    .selectFrom("media_files as f")
    .leftJoin("messages as m", (j) => j.onRef("m.id", "=", "f.message_id").on("m.organization_id", "=", orgId))
    .leftJoin("threads as t", (j) => j.onRef("t.id", "=", "m.thread_id").on("t.organization_id", "=", orgId))
    .selectAll("f")
    .select("t.team_id")
    .where("f.organization_id", "=", orgId)
    .where("f.id", "=", id)
    .executeTakeFirst();
}

export async function findMedia(tx: Tx, orgId: string, id: string): Promise<MediaRow | undefined> {
  return tx.selectFrom("media_files").selectAll().where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

/** The files `ids` of the organisation, locked until the transaction ends (two sends cannot both attach one). */
export async function lockMedia(tx: Tx, orgId: string, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return tx.selectFrom("media_files").selectAll().where("organization_id", "=", orgId).where("id", "in", ids).forUpdate().execute();
}

/** Attaches `ids` to `messageId` in this order (position 0, 1, …), in one statement. */
export async function attachMedia(tx: Tx, orgId: string, messageId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update media_files f set message_id = ${messageId}, position = v.ord - 1
      from unnest(${ids}::uuid[]) with ordinality as v(id, ord)
     where f.organization_id = ${orgId} and f.id = v.id and f.message_id is null
  `.execute(tx);
}

/** The files of several messages at once, in message order: one query for a whole page. */
export async function mediaOfMessages(tx: Tx, orgId: string, messageIds: string[]): Promise<MediaRow[]> {
  if (messageIds.length === 0) return [];
  return tx
    .selectFrom("media_files")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("message_id", "in", messageIds)
    .orderBy("message_id")
    .orderBy("position")
    .execute();
}

/** The files kept by quick messages `blockIds` (migration 0012), one per block at most. */
export async function mediaOfTextBlocks(tx: Tx, orgId: string, blockIds: string[]): Promise<MediaRow[]> {
  if (blockIds.length === 0) return [];
  return tx.selectFrom("media_files").selectAll().where("organization_id", "=", orgId).where("text_block_id", "in", blockIds).execute();
}

/** Makes the upload `id` the file of quick message `blockId`: the sweep of unsent uploads then leaves it. */
export async function keepForTextBlock(tx: Tx, orgId: string, id: string, blockId: string): Promise<void> {
  await tx.updateTable("media_files").set({ text_block_id: blockId }).where("organization_id", "=", orgId).where("id", "=", id).execute();
}

/** Deletes the file of quick message `blockId` (but `keepId`), answering where its bytes are. */
export async function deleteTextBlockMedia(tx: Tx, orgId: string, blockId: string, keepId: string | null): Promise<string[]> {
  let q = tx.deleteFrom("media_files").where("organization_id", "=", orgId).where("text_block_id", "=", blockId);
  if (keepId) q = q.where("id", "<>", keepId);
  return (await q.returning("storage_key").execute()).map((r) => r.storage_key);
}

/** Where the files of a thread's messages are stored: what to remove once the thread is deleted. */
export async function storageKeysOfThread(tx: Tx, orgId: string, threadId: string): Promise<string[]> {
  const rows = await tx
    .selectFrom("media_files as f")
    .innerJoin("messages as m", "m.id", "f.message_id")
    .select("f.storage_key")
    .where("f.organization_id", "=", orgId)
    .where("m.organization_id", "=", orgId)
    .where("m.thread_id", "=", threadId)
    .execute();
  return rows.map((r) => r.storage_key);
}

/**
 * Deletes up to `limit` uploads of the organisation never sent and older than `olderThanSeconds`,
 * answering where their bytes are so the caller removes them once the deletion commits.
 */
export async function deleteAbandonedUploads(tx: Tx, orgId: string, olderThanSeconds: number, limit: number): Promise<string[]> {
  const rows = await sql<{ storage_key: string }>`
    delete from media_files where id in (
      select id from media_files
       where organization_id = ${orgId} and message_id is null and text_block_id is null
         and created_at < now() - make_interval(secs => ${olderThanSeconds})
       order by created_at
       limit ${limit}
       for update skip locked
    ) and organization_id = ${orgId}
    returning storage_key
  `.execute(tx);
  return rows.rows.map((r) => r.storage_key);
}

/**
 * Which organisation owns a media file. Not scoped by organisation: the signed public link names
 * none. It reads only through relais_media_owner (migration 0004), which answers that id alone.
 */
export async function unsafeFindMediaOwner(db: Db, id: string): Promise<string | undefined> {
  const r = await sql<{ organization_id: string }>`select organization_id from relais_media_owner(${id}::uuid)`.execute(db);
  return r.rows[0]?.organization_id;
}

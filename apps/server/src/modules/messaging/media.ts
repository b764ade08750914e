import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { MEDIA_UPLOAD_MAX_BYTES, isAcceptedMediaType, mediaFileProblem, mediaSetProblem, type MediaRef } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import type { InboundMedia, OutboundMedia } from "../../carriers/carrier.ts";
import { afterCommit, withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { AppError, badRequest, conflict, notFound } from "../../platform/errors.ts";
import { FileMissingError, type FileStore } from "../../platform/storage/file-store.ts";
import { storedFilename } from "../../platform/storage/file-names.ts";
import type { LinkSigner } from "../../platform/storage/signed-links.ts";
import { sniffContentType } from "../../platform/storage/sniff.ts";
import * as mediaRepo from "./media-repo.ts";
import type { MediaRow } from "./media-repo.ts";
import { canReadMedia } from "./policy.ts";
import { presentMedia } from "./presenter.ts";

/**
 * Media (MMS) of the text inbox: files staff upload then send, files contacts send, and how both
 * are served. The type of every file is read from its bytes; the limits are those of
 * packages/shared rules/media.ts.
 */

/** Where files go and how the network reaches them. */
export type MediaDeps = {
  files: FileStore;
  links: LinkSigner;
  /** The base of public links (PUBLIC_URL): Twilio fetches MediaUrl from outside. */
  publicUrl: string;
};

/** The media deps of the app: its file store, its link signer, and PUBLIC_URL (else http://localhost:PORT). */
export function mediaDepsOf(deps: Pick<AppDeps, "files" | "mediaLinks" | "config">): MediaDeps {
  const base = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
  return { files: deps.files, links: deps.mediaLinks, publicUrl: base.replace(/\/+$/, "") };
}

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/** What these functions need of the messaging service. */
export type MediaHost = { db: Db; media: MediaDeps; log: Log };

/** An upload not sent within a day is dropped, a few at a time, by the uploads that follow. */
const ABANDONED_AFTER_SECONDS = 24 * 60 * 60;
const SWEEP_BATCH = 20;

/** The files of several messages, per message in order: one query for a page. */
export async function mediaByMessage(tx: Tx, orgId: string, messageIds: string[]): Promise<Map<string, MediaRow[]>> {
  const out = new Map<string, MediaRow[]>();
  for (const row of await mediaRepo.mediaOfMessages(tx, orgId, messageIds)) {
    if (!row.message_id) continue;
    const list = out.get(row.message_id);
    if (list) list.push(row);
    else out.set(row.message_id, [row]);
  }
  return out;
}

/** A public link to one file, signed and time-limited: what a carrier fetches. */
function publicMediaLink(store: MediaDeps, id: string): string {
  const { exp, sig } = store.links.sign(id);
  return `${store.publicUrl}/api/media/${id}?exp=${exp}&sig=${sig}`;
}

/** The files of an outbound message as the carrier sends them: type and public link, in order. */
export async function outboundMediaOf(store: MediaDeps, tx: Tx, orgId: string, messageId: string): Promise<OutboundMedia[]> {
  const rows = await mediaRepo.mediaOfMessages(tx, orgId, [messageId]);
  return rows.map((r) => ({ contentType: r.content_type, url: publicMediaLink(store, r.id) }));
}

// ---- Storing ----------------------------------------------------------------------------------

type Stored = mediaRepo.NewMedia;

/** Writes the bytes under a key of the server's choosing; the row is the caller's to insert. */
async function storeBytes(
  store: MediaDeps,
  orgId: string,
  uploadedBy: string | null,
  bytes: Buffer,
  file: { contentType: string; filename: string },
): Promise<Stored> {
  const id = randomUUID();
  const storageKey = `${orgId}/${id}`;
  await store.files.write(storageKey, bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { id, orgId, uploadedBy, contentType: file.contentType, size: bytes.length, filename: file.filename, sha256, storageKey };
}

/** Removes stored bytes whose row never landed or is gone; a failure is logged, never thrown. */
export function discardFiles(deps: MediaHost, keys: readonly string[]): Promise<void> {
  return Promise.all(
    keys.map((key) => deps.media.files.remove(key).catch((err: unknown) => deps.log.error({ err, key }, "removing a stored file failed"))),
  ).then(() => undefined);
}

/** Removes `keys` once `tx` commits (a deleted thread, swept uploads): a rollback keeps them. */
export function discardFilesAfterCommit(deps: MediaHost, tx: Tx, keys: readonly string[]): void {
  if (keys.length) afterCommit(tx, () => void discardFiles(deps, keys));
}

export type Upload = {
  /** The first bytes of the file, at most MEDIA_UPLOAD_MAX_BYTES. */
  bytes: Buffer;
  /** The file went on past MEDIA_UPLOAD_MAX_BYTES: it was not read further. */
  truncated: boolean;
  /** The name the browser gave; it never decides the type. */
  filename: string;
};

/**
 * POST media: checks the file by its content (error.media-type when not an accepted type, the
 * kind's size error when too large), stores it, and records it as the caller's unsent upload.
 */
export async function uploadMedia(deps: MediaHost, ctx: Ctx, upload: Upload): Promise<MediaRef> {
  // Enough of the head to recognise the type even of a file cut short at the limit.
  const sniffed = await sniffContentType(upload.bytes);
  if (!sniffed || !isAcceptedMediaType(sniffed.contentType)) throw badRequest("error.media-type");
  const problem = mediaFileProblem(sniffed.contentType, upload.truncated ? MEDIA_UPLOAD_MAX_BYTES + 1 : upload.bytes.length);
  if (problem) throw badRequest(problem);
  const filename = storedFilename(upload.filename, sniffed.ext, "fichier");
  const stored = await storeBytes(deps.media, ctx.orgId, ctx.userId, upload.bytes, { contentType: sniffed.contentType, filename });
  try {
    return await withTenant(deps.db, ctx.orgId, async (tx) => {
      const row = await mediaRepo.insertMedia(tx, stored);
      discardFilesAfterCommit(deps, tx, await mediaRepo.deleteAbandonedUploads(tx, ctx.orgId, ABANDONED_AFTER_SECONDS, SWEEP_BATCH));
      return presentMedia(row);
    });
  } catch (err) {
    await discardFiles(deps, [stored.storageKey]);
    throw err;
  }
}

/**
 * Attaches the caller's uploads `ids` to the outbound message `messageId`, in order, inside the
 * sending transaction. Unknown ids, another organisation's, or a colleague's unsent upload are
 * 404 as if they did not exist; an upload already sent is 409 error.media-already-sent; the set
 * must pass the limits of one message (error.too-many, error.limit-size).
 */
export async function attachOutboundMedia(
  tx: Tx,
  author: Pick<Ctx, "orgId"> & { userId: string | null },
  messageId: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) throw badRequest("error.bad-request");
  const rows = await mediaRepo.lockMedia(tx, author.orgId, [...ids]);
  const mine = rows.filter((r) => r.uploaded_by !== null && r.uploaded_by === author.userId);
  if (rows.length !== ids.length || mine.length !== rows.length) throw notFound();
  if (rows.some((r) => r.message_id !== null)) throw conflict("error.media-already-sent");
  const problem = mediaSetProblem(rows.map((r) => r.size));
  if (problem) throw badRequest(problem);
  await mediaRepo.attachMedia(tx, author.orgId, messageId, [...ids]);
}

// ---- Files of quick messages (migration 0012) ---------------------------------------------------

/** The file of each quick message of `blockIds` that has one, by block id. */
export async function textBlockMedia(tx: Tx, orgId: string, blockIds: readonly string[]): Promise<Map<string, MediaRef>> {
  const rows = await mediaRepo.mediaOfTextBlocks(tx, orgId, [...blockIds]);
  return new Map(rows.flatMap((r) => (r.text_block_id ? [[r.text_block_id, presentMedia(r)] as const] : [])));
}

/**
 * Makes quick message `blockId` carry `mediaId` (null: no file), inside the block's transaction.
 * The file must be the caller's own unsent upload (404 otherwise, as for a message); one already
 * sent or kept by another block is 409 error.media-already-sent. The file it replaces, or the
 * one removed, is deleted with its bytes once the transaction commits: nothing is left behind.
 */
export async function setTextBlockMedia(
  deps: MediaHost,
  tx: Tx,
  author: Pick<Ctx, "orgId" | "userId">,
  blockId: string,
  mediaId: string | null,
): Promise<void> {
  if (mediaId) {
    const [row] = await mediaRepo.lockMedia(tx, author.orgId, [mediaId]);
    if (!row) throw notFound();
    if (row.text_block_id !== blockId) {
      if (row.uploaded_by !== author.userId) throw notFound();
      if (row.message_id !== null || row.text_block_id !== null) throw conflict("error.media-already-sent");
    }
  }
  discardFilesAfterCommit(deps, tx, await mediaRepo.deleteTextBlockMedia(tx, author.orgId, blockId, mediaId));
  if (mediaId) await mediaRepo.keepForTextBlock(tx, author.orgId, mediaId, blockId);
}

/** Removes the file of a quick message being deleted, its bytes once the deletion commits. */
export async function dropTextBlockMedia(deps: MediaHost, tx: Tx, orgId: string, blockId: string): Promise<void> {
  discardFilesAfterCommit(deps, tx, await mediaRepo.deleteTextBlockMedia(tx, orgId, blockId, null));
}

/**
 * A copy of quick message `blockId`'s file as a new unsent upload of the caller, to send with a
 * message like any upload: the sent message then owns its own bytes, and changing or deleting the
 * quick message later never touches it. An upload the send does not take is swept like any other.
 * Null when the block has no file (or is not the organisation's).
 */
export async function copyTextBlockMedia(deps: MediaHost, ctx: Ctx, blockId: string): Promise<string | null> {
  const row = await withTenant(deps.db, ctx.orgId, async (tx) => (await mediaRepo.mediaOfTextBlocks(tx, ctx.orgId, [blockId]))[0]);
  if (!row) return null;
  const { stream } = await openStored(deps, row);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const stored = await storeBytes(deps.media, ctx.orgId, ctx.userId, Buffer.concat(chunks), {
    contentType: row.content_type,
    filename: row.filename,
  });
  try {
    return await withTenant(deps.db, ctx.orgId, async (tx) => (await mediaRepo.insertMedia(tx, stored)).id);
  } catch (err) {
    await discardFiles(deps, [stored.storageKey]);
    throw err;
  }
}

/**
 * Stores the files of an inbound text before its transaction, so no download holds a database
 * connection. Their type is read from the content; a type the inbox does not show inline is kept
 * all the same (a contact card, a HEIC photo) and offered as a download, and a file whose content
 * matches no known format is kept as application/octet-stream. A file that cannot be read is
 * left out and logged: the text itself is what must not be lost.
 */
export async function storeInboundMedia(deps: MediaHost, orgId: string, sources: readonly InboundMedia[], ref: object): Promise<Stored[]> {
  const stored: Stored[] = [];
  try {
    for (const [i, source] of sources.entries()) {
      let bytes: Buffer;
      try {
        bytes = await source.read();
      } catch (err) {
        deps.log.error({ ...ref, err, position: i }, "an inbound media file could not be read; the text is recorded without it");
        continue;
      }
      const sniffed = await sniffContentType(bytes);
      const filename = storedFilename(source.filename, sniffed?.ext ?? null, sniffed ? `media-${i + 1}` : `media-${i + 1}.bin`);
      stored.push(
        await storeBytes(deps.media, orgId, null, bytes, { contentType: sniffed?.contentType ?? "application/octet-stream", filename }),
      );
    }
    return stored;
  } catch (err) {
    await discardFiles(
      deps,
      stored.map((s) => s.storageKey),
    );
    throw err;
  }
}

/** Records stored inbound files as the media of `messageId`, in their order. */
export async function recordInboundMedia(tx: Tx, messageId: string, stored: readonly Stored[]): Promise<void> {
  for (const [position, file] of stored.entries()) await mediaRepo.insertMedia(tx, file, { messageId, position });
}

// ---- Serving ----------------------------------------------------------------------------------

export type OpenedMedia = { row: MediaRow; stream: Readable };

async function openStored(deps: MediaHost, row: MediaRow): Promise<OpenedMedia> {
  try {
    return { row, stream: await deps.media.files.read(row.storage_key) };
  } catch (err) {
    if (err instanceof FileMissingError) {
      deps.log.error({ mediaId: row.id, key: row.storage_key }, "a media row has no stored file");
      throw notFound();
    }
    throw err;
  }
}

/**
 * GET media/{id}: the bytes for staff who may see the thread the file belongs to, for its
 * uploader while it is not sent, for every staff member when it is a quick message's file;
 * anyone else, and any other organisation, gets 404.
 */
export async function openMedia(deps: MediaHost, ctx: Ctx, id: string): Promise<OpenedMedia> {
  const row = await withTenant(deps.db, ctx.orgId, (tx) => mediaRepo.findMediaWithTeam(tx, ctx.orgId, id));
  if (!row) throw notFound();
  const file = { uploadedBy: row.uploaded_by, messageId: row.message_id, teamId: row.team_id, textBlockId: row.text_block_id };
  if (!canReadMedia(ctx, file)) throw notFound();
  return openStored(deps, row);
}

/**
 * GET /api/media/{id}?exp&sig: the public link a carrier fetches. A forged or altered link is 403
 * error.invalid-signature, an expired one 403 error.link-expired; the signature is checked before
 * anything is read, so a guessed id learns nothing.
 */
export async function openSignedMedia(deps: MediaHost, id: string, exp: number, sig: string): Promise<OpenedMedia> {
  const verdict = deps.media.links.verify(id, exp, sig);
  if (verdict === "invalid") throw new AppError("error.invalid-signature", 403);
  if (verdict === "expired") throw new AppError("error.link-expired", 403);
  const orgId = await mediaRepo.unsafeFindMediaOwner(deps.db, id);
  if (!orgId) throw notFound();
  const row = await withTenant(deps.db, orgId, (tx) => mediaRepo.findMedia(tx, orgId, id));
  if (!row) throw notFound();
  return openStored(deps, row);
}

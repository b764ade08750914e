import { withTenant, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { badRequest } from "../../platform/errors.ts";
import { assertQuickMessage, type QuickMessageFiles } from "../text-blocks/index.ts";
import { copyTextBlockMedia, dropTextBlockMedia, setTextBlockMedia, textBlockMedia, type MediaHost } from "./media.ts";

/**
 * A quick message's file when a text is sent (docs/decisions/0011). The file lives in this
 * module's media with every other file; the quick message itself is text-blocks'. So messaging
 * reads text-blocks (through its index.ts), and hands text-blocks its files through
 * `quickMessageFilesOf` (app.ts), never the other way round.
 */

/** The files of quick messages as text-blocks keeps them, stored by this media host. */
export function quickMessageFilesOf(deps: MediaHost): QuickMessageFiles {
  return {
    filesOf: textBlockMedia,
    set: (tx, author, blockId, mediaId) => setTextBlockMedia(deps, tx, author, blockId, mediaId),
    drop: (tx, orgId, blockId) => dropTextBlockMedia(deps, tx, orgId, blockId),
  };
}

/**
 * The files to send with a message from the composer: its attachments, or the document of the
 * quick message `textBlockId` copied for it (docs/decisions/0011). Both together are 400
 * error.document-and-attachment (spec part 2 §5). A quick message of another organisation is 404;
 * one without a file adds nothing.
 */
export async function filesForMessage(
  deps: MediaHost,
  ctx: Ctx,
  input: { mediaIds?: string[] | undefined; textBlockId?: string | undefined },
): Promise<string[]> {
  const attachments = input.mediaIds ?? [];
  if (!input.textBlockId) return attachments;
  const blockId = input.textBlockId;
  const hasDocument = await withTenant(deps.db, ctx.orgId, (tx) => blockHasFile(tx, ctx.orgId, blockId));
  if (!hasDocument) return attachments;
  if (attachments.length > 0) throw badRequest("error.document-and-attachment");
  const copy = await copyTextBlockMedia(deps, ctx, blockId);
  return copy ? [copy] : [];
}

/**
 * Where only text is sent (a scheduled message, an automatic text): a quick message that comes
 * with a file is 400 error.quick-message-with-attachment (spec part 2 §5); another organisation's is 404.
 */
export async function refuseQuickMessageWithFile(tx: Tx, orgId: string, textBlockId: string | undefined): Promise<void> {
  if (textBlockId && (await blockHasFile(tx, orgId, textBlockId))) throw badRequest("error.quick-message-with-attachment");
}

/** Whether quick message `id` comes with a file; 404 when it is not the organisation's. */
async function blockHasFile(tx: Tx, orgId: string, id: string): Promise<boolean> {
  await assertQuickMessage(tx, orgId, id);
  return (await textBlockMedia(tx, orgId, [id])).has(id);
}

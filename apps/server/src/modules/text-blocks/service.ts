import {
  unfilledFieldsOf,
  type CreateTextBlockRequest,
  type Locale,
  type TextBlock,
  type TextBlockList,
  type UpdateTextBlockRequest,
} from "@relais/shared";
import { withTenant, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { copyTextBlockMedia, dropTextBlockMedia, setTextBlockMedia, textBlockMedia, type MediaHost } from "../messaging/media.ts";
import { canEditTextBlocks, seesTemplatesInTextBlocks } from "./policy.ts";
import { presentTextBlock, templateAsTextBlock } from "./presenter.ts";
import * as repo from "./repo.ts";

/**
 * Quick messages (text blocks) of the organisation, under organizations/{id}/text-blocks. A block's
 * file lives with every other file, in messaging's media (docs/decisions/0011): `host` is the
 * messaging service, whose pool, file store and log these use.
 */

/** Only the caller's own organisation exists for them: any other id is not found. */
function assertOwnOrganization(ctx: Ctx, orgId: string): void {
  if (orgId !== ctx.orgId) throw notFound();
}

function assertEditor(ctx: Ctx): void {
  if (!canEditTextBlocks(ctx)) throw forbidden();
}

async function presentOne(tx: Tx, orgId: string, row: repo.TextBlockRow): Promise<TextBlock> {
  return presentTextBlock(row, (await textBlockMedia(tx, orgId, [row.id])).get(row.id) ?? null);
}

/**
 * GET organizations/{id}/text-blocks?locale: every staff member. Marketing and devops also get
 * their own SMS templates of that locale after the organisation's blocks (spec part 2 §6).
 */
export async function listTextBlocks(host: MediaHost, ctx: Ctx, orgId: string, locale: Locale | undefined): Promise<TextBlockList> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(host.db, ctx.orgId, async (tx) => {
    const rows = await repo.listTextBlocks(tx, ctx.orgId, locale);
    const files = await textBlockMedia(
      tx,
      ctx.orgId,
      rows.map((r) => r.id),
    );
    const items: TextBlock[] = rows.map((row) => presentTextBlock(row, files.get(row.id) ?? null));
    if (seesTemplatesInTextBlocks(ctx)) {
      for (const row of await repo.listTemplates(tx, ctx.orgId, ctx.userId, "sms", locale)) items.push(templateAsTextBlock(row));
    }
    return { items, abilities: { edit: canEditTextBlocks(ctx) } };
  });
}

/** GET organizations/{id}/text-blocks/has-own: has the organisation written any quick message yet? */
export async function hasOwnTextBlocks(host: MediaHost, ctx: Ctx, orgId: string): Promise<{ hasOwn: boolean }> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(host.db, ctx.orgId, async (tx) => ({ hasOwn: await repo.hasTextBlocks(tx, ctx.orgId) }));
}

/** POST organizations/{id}/text-blocks: with `attachmentId`, the caller's upload becomes the block's file. */
export async function createTextBlock(host: MediaHost, ctx: Ctx, orgId: string, input: CreateTextBlockRequest): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  const { attachmentId, ...fields } = input;
  return withTenant(host.db, ctx.orgId, async (tx) => {
    const row = await repo.insertTextBlock(tx, ctx.orgId, ctx.userId, fields);
    if (attachmentId) await setTextBlockMedia(host, tx, ctx, row.id, attachmentId);
    await recordAudit(tx, ctx, "create", "text-block", row.id, { locale: row.locale, attachment: Boolean(attachmentId) });
    return presentOne(tx, ctx.orgId, row);
  });
}

/**
 * PUT organizations/{id}/text-blocks/{blockId}: `attachmentId` replaces the file (null removes it,
 * omitted keeps it); a replaced or removed file is deleted with its bytes.
 */
export async function updateTextBlock(
  host: MediaHost,
  ctx: Ctx,
  orgId: string,
  id: string,
  input: UpdateTextBlockRequest,
): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  const { attachmentId, ...fields } = input;
  return withTenant(host.db, ctx.orgId, async (tx) => {
    const row = await repo.updateTextBlock(tx, ctx.orgId, id, ctx.userId, fields);
    if (!row) throw notFound();
    if (attachmentId !== undefined) await setTextBlockMedia(host, tx, ctx, id, attachmentId);
    await recordAudit(tx, ctx, "update", "text-block", id);
    return presentOne(tx, ctx.orgId, row);
  });
}

/** PUT organizations/{id}/text-blocks/{blockId}/pin: pinning orders the list for everyone, so editors only. */
export async function pinTextBlock(host: MediaHost, ctx: Ctx, orgId: string, id: string, pinned: boolean): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  return withTenant(host.db, ctx.orgId, async (tx) => {
    const row = await repo.updateTextBlock(tx, ctx.orgId, id, ctx.userId, { pinned });
    if (!row) throw notFound();
    return presentOne(tx, ctx.orgId, row);
  });
}

/** DELETE organizations/{id}/text-blocks/{blockId}: the block and its file; messages already sent keep their own copy. */
export async function deleteTextBlock(host: MediaHost, ctx: Ctx, orgId: string, id: string): Promise<void> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  await withTenant(host.db, ctx.orgId, async (tx) => {
    await dropTextBlockMedia(host, tx, ctx.orgId, id);
    if (!(await repo.deleteTextBlock(tx, ctx.orgId, id))) throw notFound();
    await recordAudit(tx, ctx, "delete", "text-block", id);
  });
}

// ---- For the modules that send texts -----------------------------------------------------------

/**
 * A text is never sent with a raw `{{token}}` (spec part 2 §5): 400 error.unfilled-dynamic-field
 * naming the tokens left, the message the composer shows before sending.
 */
export function refuseUnfilledFields(body: string): void {
  const fields = unfilledFieldsOf(body);
  if (fields) throw badRequest("error.unfilled-dynamic-field", { fields });
}

/**
 * The files to send with a message from the composer: its attachments, or the document of the
 * quick message `textBlockId` copied for it (docs/decisions/0011). Both together are 400
 * error.document-and-attachment (spec part 2 §5). A quick message of another organisation is 404;
 * one without a file adds nothing.
 */
export async function filesForMessage(
  host: MediaHost,
  ctx: Ctx,
  input: { mediaIds?: string[] | undefined; textBlockId?: string | undefined },
): Promise<string[]> {
  const attachments = input.mediaIds ?? [];
  if (!input.textBlockId) return attachments;
  const blockId = input.textBlockId;
  const hasDocument = await withTenant(host.db, ctx.orgId, (tx) => blockHasFile(tx, ctx.orgId, blockId));
  if (!hasDocument) return attachments;
  if (attachments.length > 0) throw badRequest("error.document-and-attachment");
  const copy = await copyTextBlockMedia(host, ctx, blockId);
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
  if (!(await repo.findTextBlock(tx, orgId, id))) throw notFound();
  return (await textBlockMedia(tx, orgId, [id])).has(id);
}

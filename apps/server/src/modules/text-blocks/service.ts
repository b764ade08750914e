import {
  unfilledFieldsOf,
  type CreateTextBlockRequest,
  type Locale,
  type MediaRef,
  type TextBlock,
  type TextBlockList,
  type UpdateTextBlockRequest,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";
import { canEditTextBlocks, seesTemplatesInTextBlocks } from "./policy.ts";
import { presentTextBlock, templateAsTextBlock } from "./presenter.ts";
import * as repo from "./repo.ts";

/**
 * Quick messages (text blocks) of the organisation, under organizations/{id}/text-blocks. A block's
 * file lives with every other file, in messaging's media (docs/decisions/0011): app.ts hands these
 * functions messaging's `quickMessageFilesOf`, so that text-blocks imports nothing of messaging,
 * which itself reads quick messages when it sends one.
 */

/** The files of quick messages, as messaging's media keeps them. */
export type QuickMessageFiles = {
  /** The file of each quick message of `blockIds` that has one, by block id. */
  filesOf(tx: Tx, orgId: string, blockIds: readonly string[]): Promise<Map<string, MediaRef>>;
  /**
   * Makes quick message `blockId` carry the caller's unsent upload `mediaId` (null: no file), in
   * the block's transaction; the file it replaces goes once that commits.
   */
  set(tx: Tx, author: Pick<Ctx, "orgId" | "userId">, blockId: string, mediaId: string | null): Promise<void>;
  /** Removes the file of a quick message being deleted, its bytes once the deletion commits. */
  drop(tx: Tx, orgId: string, blockId: string): Promise<void>;
};

/** What these functions need: the pool, and where the blocks' files are kept. */
export type TextBlocksDeps = { db: Db; files: QuickMessageFiles };

/** Only the caller's own organisation exists for them: any other id is not found. */
function assertOwnOrganization(ctx: Ctx, orgId: string): void {
  if (orgId !== ctx.orgId) throw notFound();
}

function assertEditor(ctx: Ctx): void {
  if (!canEditTextBlocks(ctx)) throw forbidden();
}

async function presentOne(files: QuickMessageFiles, tx: Tx, orgId: string, row: repo.TextBlockRow): Promise<TextBlock> {
  return presentTextBlock(row, (await files.filesOf(tx, orgId, [row.id])).get(row.id) ?? null);
}

/**
 * GET organizations/{id}/text-blocks?locale: every staff member. Marketing and devops also get
 * their own SMS templates of that locale after the organisation's blocks (spec part 2 §6).
 */
export async function listTextBlocks(deps: TextBlocksDeps, ctx: Ctx, orgId: string, locale: Locale | undefined): Promise<TextBlockList> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const rows = await repo.listTextBlocks(tx, ctx.orgId, locale);
    const files = await deps.files.filesOf(
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
export async function hasOwnTextBlocks(deps: TextBlocksDeps, ctx: Ctx, orgId: string): Promise<{ hasOwn: boolean }> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(deps.db, ctx.orgId, async (tx) => ({ hasOwn: await repo.hasTextBlocks(tx, ctx.orgId) }));
}

/** POST organizations/{id}/text-blocks: with `attachmentId`, the caller's upload becomes the block's file. */
export async function createTextBlock(deps: TextBlocksDeps, ctx: Ctx, orgId: string, input: CreateTextBlockRequest): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  const { attachmentId, ...fields } = input;
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await repo.insertTextBlock(tx, ctx.orgId, ctx.userId, fields);
    if (attachmentId) await deps.files.set(tx, ctx, row.id, attachmentId);
    await recordAudit(tx, ctx, "create", "text-block", row.id, { locale: row.locale, attachment: Boolean(attachmentId) });
    return presentOne(deps.files, tx, ctx.orgId, row);
  });
}

/**
 * PUT organizations/{id}/text-blocks/{blockId}: `attachmentId` replaces the file (null removes it,
 * omitted keeps it); a replaced or removed file is deleted with its bytes.
 */
export async function updateTextBlock(
  deps: TextBlocksDeps,
  ctx: Ctx,
  orgId: string,
  id: string,
  input: UpdateTextBlockRequest,
): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  const { attachmentId, ...fields } = input;
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await repo.updateTextBlock(tx, ctx.orgId, id, ctx.userId, fields);
    if (!row) throw notFound();
    if (attachmentId !== undefined) await deps.files.set(tx, ctx, id, attachmentId);
    await recordAudit(tx, ctx, "update", "text-block", id);
    return presentOne(deps.files, tx, ctx.orgId, row);
  });
}

/** PUT organizations/{id}/text-blocks/{blockId}/pin: pinning orders the list for everyone, so editors only. */
export async function pinTextBlock(deps: TextBlocksDeps, ctx: Ctx, orgId: string, id: string, pinned: boolean): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await repo.updateTextBlock(tx, ctx.orgId, id, ctx.userId, { pinned });
    if (!row) throw notFound();
    return presentOne(deps.files, tx, ctx.orgId, row);
  });
}

/** DELETE organizations/{id}/text-blocks/{blockId}: the block and its file; messages already sent keep their own copy. */
export async function deleteTextBlock(deps: TextBlocksDeps, ctx: Ctx, orgId: string, id: string): Promise<void> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  await withTenant(deps.db, ctx.orgId, async (tx) => {
    await deps.files.drop(tx, ctx.orgId, id);
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
 * 404 unless quick message `id` is the organisation's: a message names it to take its text or file.
 * In the caller's transaction.
 */
export async function assertQuickMessage(tx: Tx, orgId: string, id: string): Promise<void> {
  if (!(await repo.findTextBlock(tx, orgId, id))) throw notFound();
}

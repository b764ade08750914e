import type { CreateTextBlockRequest, Locale, TextBlock, TextBlockList, UpdateTextBlockRequest } from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { canEditTextBlocks, seesTemplatesInTextBlocks } from "./policy.ts";
import { presentTextBlock, templateAsTextBlock } from "./presenter.ts";
import * as repo from "./repo.ts";

/** Quick messages (text blocks) of the organisation, under organizations/{id}/text-blocks. */

/** Only the caller's own organisation exists for them: any other id is not found. */
function assertOwnOrganization(ctx: Ctx, orgId: string): void {
  if (orgId !== ctx.orgId) throw notFound();
}

function assertEditor(ctx: Ctx): void {
  if (!canEditTextBlocks(ctx)) throw forbidden();
}

/**
 * GET organizations/{id}/text-blocks?locale: every staff member. Marketing and devops also get
 * their own SMS templates of that locale after the organisation's blocks (spec part 2 §6).
 */
export async function listTextBlocks(db: Db, ctx: Ctx, orgId: string, locale: Locale | undefined): Promise<TextBlockList> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(db, ctx.orgId, async (tx) => {
    const items: TextBlock[] = (await repo.listTextBlocks(tx, ctx.orgId, locale)).map(presentTextBlock);
    if (seesTemplatesInTextBlocks(ctx)) {
      for (const row of await repo.listTemplates(tx, ctx.orgId, ctx.userId, "sms", locale)) items.push(templateAsTextBlock(row));
    }
    return { items, abilities: { edit: canEditTextBlocks(ctx) } };
  });
}

/** GET organizations/{id}/text-blocks/has-own: has the organisation written any quick message yet? */
export async function hasOwnTextBlocks(db: Db, ctx: Ctx, orgId: string): Promise<{ hasOwn: boolean }> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(db, ctx.orgId, async (tx) => ({ hasOwn: await repo.hasTextBlocks(tx, ctx.orgId) }));
}

export async function createTextBlock(db: Db, ctx: Ctx, orgId: string, input: CreateTextBlockRequest): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.insertTextBlock(tx, ctx.orgId, ctx.userId, input);
    await recordAudit(tx, ctx, "create", "text-block", row.id, { locale: row.locale });
    return presentTextBlock(row);
  });
}

export async function updateTextBlock(db: Db, ctx: Ctx, orgId: string, id: string, input: UpdateTextBlockRequest): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.updateTextBlock(tx, ctx.orgId, id, ctx.userId, input);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, "update", "text-block", id);
    return presentTextBlock(row);
  });
}

/** PUT organizations/{id}/text-blocks/{blockId}/pin: pinning orders the list for everyone, so editors only. */
export async function pinTextBlock(db: Db, ctx: Ctx, orgId: string, id: string, pinned: boolean): Promise<TextBlock> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.updateTextBlock(tx, ctx.orgId, id, ctx.userId, { pinned });
    if (!row) throw notFound();
    return presentTextBlock(row);
  });
}

export async function deleteTextBlock(db: Db, ctx: Ctx, orgId: string, id: string): Promise<void> {
  assertOwnOrganization(ctx, orgId);
  assertEditor(ctx);
  await withTenant(db, ctx.orgId, async (tx) => {
    if (!(await repo.deleteTextBlock(tx, ctx.orgId, id))) throw notFound();
    await recordAudit(tx, ctx, "delete", "text-block", id);
  });
}

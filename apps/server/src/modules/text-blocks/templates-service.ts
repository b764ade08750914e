import {
  dynamicFieldsFor,
  tokenOf,
  type CommunicationTemplate,
  type CreateTemplateRequest,
  type DynamicFieldToken,
  type Organization,
  type TemplatesQuery,
  type UpdateTemplateRequest,
} from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { loadOrganization } from "../organizations/index.ts";
import { loadProfile } from "../users/index.ts";
import { canManageTemplatesOf } from "./policy.ts";
import { presentTemplate } from "./presenter.ts";
import * as repo from "./repo.ts";

/** A user's SMS templates under communication-templates, and the dynamic-field tokens. */

/**
 * GET communication-templates?type&userId&locale: the caller's own, or (administrators) another
 * user's of the organisation; a user of another organisation is not found.
 */
export async function listTemplates(db: Db, ctx: Ctx, query: TemplatesQuery): Promise<CommunicationTemplate[]> {
  const ownerId = query.userId ?? ctx.userId;
  if (!canManageTemplatesOf(ctx, ownerId)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    if (ownerId !== ctx.userId) await loadProfile(tx, ctx.orgId, ownerId);
    return (await repo.listTemplates(tx, ctx.orgId, ownerId, query.type, query.locale)).map(presentTemplate);
  });
}

/** A template the caller may manage; someone else's is forbidden, another organisation's not found. */
async function ownTemplate(tx: Parameters<typeof repo.findTemplate>[0], ctx: Ctx, id: string): Promise<repo.TemplateRow> {
  const row = await repo.findTemplate(tx, ctx.orgId, id);
  if (!row) throw notFound();
  if (!canManageTemplatesOf(ctx, row.user_id)) throw forbidden();
  return row;
}

export async function getTemplate(db: Db, ctx: Ctx, id: string): Promise<CommunicationTemplate> {
  return withTenant(db, ctx.orgId, async (tx) => presentTemplate(await ownTemplate(tx, ctx, id)));
}

/** POST communication-templates: every staff member keeps their own templates. */
export async function createTemplate(db: Db, ctx: Ctx, input: CreateTemplateRequest): Promise<CommunicationTemplate> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.insertTemplate(tx, ctx.orgId, ctx.userId, input);
    await recordAudit(tx, ctx, "create", "communication-template", row.id);
    return presentTemplate(row);
  });
}

export async function updateTemplate(db: Db, ctx: Ctx, id: string, input: UpdateTemplateRequest): Promise<CommunicationTemplate> {
  return withTenant(db, ctx.orgId, async (tx) => {
    await ownTemplate(tx, ctx, id);
    const row = await repo.updateTemplate(tx, ctx.orgId, id, input);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, "update", "communication-template", id);
    return presentTemplate(row);
  });
}

export async function deleteTemplate(db: Db, ctx: Ctx, id: string): Promise<void> {
  await withTenant(db, ctx.orgId, async (tx) => {
    await ownTemplate(tx, ctx, id);
    await repo.deleteTemplate(tx, ctx.orgId, id);
    await recordAudit(tx, ctx, "delete", "communication-template", id);
  });
}

/**
 * GET communication-templates/tokens?sector: the tokens of that sector (default: the
 * organisation's), filtered by the caller's organisation: no website, no link token; France
 * region, no questionnaire tokens (spec part 2 §5).
 */
export async function listTokens(db: Db, ctx: Ctx, sector: Organization["sector"] | undefined): Promise<DynamicFieldToken[]> {
  const org = await withTenant(db, ctx.orgId, (tx) => loadOrganization(tx, ctx.orgId));
  const fields = dynamicFieldsFor(sector ?? org.sector, { hasWebsite: Boolean(org.url?.trim()), franceRegion: org.franceRegion });
  return fields.map((field) => ({ field, token: tokenOf(field) }));
}

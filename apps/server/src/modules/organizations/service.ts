import { isAdministrator, type Organization, type UpdateOrganizationRequest } from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { optionsOf, presentOrganization } from "./presenter.ts";
import * as repo from "./repo.ts";

/** The caller's organisation inside an open tenant transaction (other modules use this). */
export async function loadOrganization(tx: Tx, orgId: string): Promise<Organization> {
  const row = await repo.findOrganization(tx, orgId);
  if (!row) throw notFound();
  return presentOrganization(row);
}

/** GET organizations/{id}: only the caller's own; any other id is simply not found. */
export async function getOrganization(db: Db, ctx: Ctx, id: string): Promise<Organization> {
  if (id !== ctx.orgId) throw notFound();
  return withTenant(db, ctx.orgId, (tx) => loadOrganization(tx, ctx.orgId));
}

/** PUT organizations: administrators only; options are merged key by key. */
export async function updateOrganization(db: Db, ctx: Ctx, input: UpdateOrganizationRequest): Promise<Organization> {
  if (!isAdministrator(ctx.role)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.findOrganization(tx, ctx.orgId);
    if (!row) throw notFound();
    const current = optionsOf(row);
    const patch: Parameters<typeof repo.updateOrganization>[2] = {};
    if (input.name) {
      patch.name_fr = input.name["fr-CA"];
      patch.name_en = input.name["en-CA"];
    }
    if (input.url !== undefined) patch.url = input.url;
    if (input.address !== undefined) patch.address = input.address || null;
    if (input.email !== undefined) patch.email = input.email;
    if (input.phone !== undefined) patch.phone = input.phone || null;
    if (input.schedule) {
      patch.schedule = JSON.stringify({ week: input.schedule.week });
      patch.vacation_start = input.schedule.vacation?.start ?? null;
      patch.vacation_end = input.schedule.vacation?.end ?? null;
    }
    if (input.officeNetworks) patch.office_networks = input.officeNetworks;
    if (input.options) {
      patch.options = JSON.stringify({
        twilio: { ...current.twilio, ...input.options.twilio },
        voiceQueue: { ...current.voiceQueue, ...input.options.voiceQueue },
        auth: { ...current.auth, ...input.options.auth },
      });
    }
    await repo.updateOrganization(tx, ctx.orgId, patch);
    await recordAudit(tx, ctx, "update", "organization", ctx.orgId, { fields: Object.keys(input) });
    return loadOrganization(tx, ctx.orgId);
  });
}

/** GET tiers/organization/{id}: 404 when the organisation has no tier (the web ignores it). */
export async function getTier(db: Db, ctx: Ctx, id: string) {
  if (id !== ctx.orgId) throw notFound();
  const tier = await withTenant(db, ctx.orgId, (tx) => repo.findTierOfOrganization(tx, ctx.orgId));
  if (!tier) throw notFound();
  return tier;
}

/** Tier permissions of the caller's organisation; null when it has no tier (everything allowed). */
/**
 * The caller's organisation's tier permissions, for the guard's tier rules (EndpointAccess.tier).
 * In the caller's transaction.
 */
export async function tierPermissions(tx: Tx, orgId: string): Promise<number[] | null> {
  return (await repo.findTierOfOrganization(tx, orgId))?.permissions ?? null;
}

export async function listServices(db: Db, ctx: Ctx, sector: string | undefined, locale: "fr-CA" | "en-CA") {
  const rows = await withTenant(db, ctx.orgId, (tx) => repo.listServices(tx, sector));
  return rows.map((r) => ({ id: r.id, sector: r.sector as "dental" | "notary", label: locale === "fr-CA" ? r.label_fr : r.label_en }));
}

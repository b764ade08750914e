import type { Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { notFound } from "../../platform/errors.ts";
import { canSeeThread } from "./policy.ts";
import * as repo from "./repo.ts";

/** Which thread a staff member may reach: the caller's teams' only, as if the others did not exist. */

/** A thread the caller may see, locked when asked; 404 for another team's or organisation's. */
export async function visibleThread(tx: Tx, ctx: Ctx, threadId: string, lock = false): Promise<repo.ThreadRow> {
  const row = await repo.findThread(tx, ctx.orgId, threadId, lock);
  if (!row || !canSeeThread(ctx, row.team_id)) throw notFound();
  return row;
}

/** A thread the caller may see, for another module acting on it (a survey), locked when asked; 404 otherwise. */
export async function threadForStaff(
  tx: Tx,
  ctx: Ctx,
  threadId: string,
  lock: boolean,
): Promise<{ id: string; teamId: string; contactPhone: string; teamPhone: string | null }> {
  const row = await visibleThread(tx, ctx, threadId, lock);
  return { id: row.id, teamId: row.team_id, contactPhone: row.contact_phone, teamPhone: row.team_phone };
}

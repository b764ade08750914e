import type { SurveySettings, UpdateSurveySettingsRequest } from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import { canUpdateSurveySettings } from "./policy.ts";
import { presentSettings } from "./presenter.ts";
import * as repo from "./repo.ts";

function assertOwnOrganization(ctx: Ctx, orgId: string): void {
  if (orgId !== ctx.orgId) throw notFound();
}

/** GET organizations/{id}/satisfaction-survey: every staff member (the conversation offers to send it). */
export async function getSurveySettings(db: Db, ctx: Ctx, orgId: string): Promise<SurveySettings> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(db, ctx.orgId, async (tx) => presentSettings(await repo.findSettings(tx, ctx.orgId), ctx));
}

/** PUT organizations/{id}/satisfaction-survey: administrators only. Runs already sent keep their questions. */
export async function updateSurveySettings(db: Db, ctx: Ctx, orgId: string, input: UpdateSurveySettingsRequest): Promise<SurveySettings> {
  assertOwnOrganization(ctx, orgId);
  if (!canUpdateSurveySettings(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await repo.saveSettings(
      tx,
      ctx.orgId,
      {
        enabled: input.enabled,
        title: input.title,
        questions: JSON.stringify(input.questions),
        thanks: input.thanks,
        retry: input.retry,
      },
      ctx.userId,
    );
    await recordAudit(tx, ctx, "update", "satisfaction-survey", ctx.orgId, { enabled: input.enabled, questions: input.questions.length });
    return presentSettings(row, ctx);
  });
}

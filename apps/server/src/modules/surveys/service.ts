import type { ThreadSurvey } from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { conflict } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { contactsByPhones } from "../contacts/index.ts";
import { refuseWhileHeld, threadForStaff, type MessagingDeps } from "../messaging/index.ts";
import { loadOrganization } from "../organizations/index.ts";
import { announceSurvey, closeRun, planExpiry, sendSurveyText } from "./flow.ts";
import { fillSurveyText, holdEndsAt } from "./policy.ts";
import { presentRun, presentSettings } from "./presenter.ts";
import * as repo from "./repo.ts";

/** The conversation's survey: the run still open, else the latest; and whether one can be sent now. */
async function threadSurveyOf(tx: Tx, ctx: Ctx, thread: { id: string; contactPhone: string }): Promise<ThreadSurvey> {
  const now = new Date();
  const latest = await repo.findLatestRunOfThread(tx, ctx.orgId, thread.id);
  const run = latest ? presentRun(latest, now) : null;
  const settings = presentSettings(await repo.findSettings(tx, ctx.orgId), ctx);
  const contact = (await contactsByPhones(tx, ctx.orgId, [thread.contactPhone])).get(thread.contactPhone);
  const startable = run?.status === "active" ? "running" : !settings.enabled ? "disabled" : !contact ? "no-contact" : "yes";
  return { run, startable };
}

/** GET messaging/v1/threads/{id}/survey: whoever sees the conversation. */
export async function getThreadSurvey(db: Db, ctx: Ctx, threadId: string): Promise<ThreadSurvey> {
  return withTenant(db, ctx.orgId, async (tx) => threadSurveyOf(tx, ctx, await threadForStaff(tx, ctx, threadId, false)));
}

/**
 * POST messaging/v1/threads/{id}/survey: texts the first question from the team's number and
 * holds the contact's line until the last answer, for at most an hour. The organisation's texts
 * are filled for this contact and kept on the run, so a later edit of the setting changes nothing.
 */
export async function startSurvey(deps: MessagingDeps, ctx: Ctx, threadId: string): Promise<ThreadSurvey> {
  try {
    return await withTenant(deps.db, ctx.orgId, async (tx) => {
      const thread = await threadForStaff(tx, ctx, threadId, true);
      const settings = presentSettings(await repo.findSettings(tx, ctx.orgId), ctx);
      if (!settings.enabled) throw conflict("error.survey-disabled");
      const contact = (await contactsByPhones(tx, ctx.orgId, [thread.contactPhone])).get(thread.contactPhone);
      if (!contact) throw conflict("error.survey-needs-contact");
      if (!thread.teamPhone) throw conflict("error.no-phones-configured");
      // A run left open past its expiry (its job not yet run) is closed first; a live one refuses.
      const open = await repo.findOpenRun(tx, ctx.orgId, thread.contactPhone, true);
      if (open && open.expires_at.getTime() <= Date.now()) await closeRun(tx, ctx.orgId, open, "expired", null);
      await refuseWhileHeld(deps, tx, ctx.orgId, thread.contactPhone);

      const org = await loadOrganization(tx, ctx.orgId);
      const values = { firstName: contact.firstname ?? contact.fullName, lastName: contact.lastname, organizationName: org.name["fr-CA"] };
      const questions = settings.questions.map((q) => ({ kind: q.kind, text: fillSurveyText(q.text, values) }));
      const startedAt = new Date();
      const run = await repo.insertRun(tx, {
        orgId: ctx.orgId,
        teamId: thread.teamId,
        threadId: thread.id,
        contactId: contact.id,
        contactPhone: thread.contactPhone,
        title: settings.title,
        questions: JSON.stringify(questions),
        thanks: fillSurveyText(settings.thanks, values),
        retry: fillSurveyText(settings.retry, values),
        startedBy: ctx.userId,
        startedAt,
        expiresAt: holdEndsAt(startedAt),
      });
      const first = questions[0];
      if (first) {
        await sendSurveyText(deps, tx, ctx.orgId, run, { from: thread.teamPhone, body: first.text, key: "q0", authorId: ctx.userId });
      }
      await planExpiry(tx, run);
      await announceSurvey(tx, ctx.orgId, run);
      await recordAudit(tx, ctx, "start", "satisfaction-survey", run.id, { threadId: thread.id, contactId: contact.id });
      return threadSurveyOf(tx, ctx, thread);
    });
  } catch (err) {
    // Two people sending the survey to one contact at once: the second meets the open-run index.
    if (uniqueViolation(err) === "survey_runs_open_key") throw conflict("error.survey-in-progress", { minutes: 60 });
    throw err;
  }
}

/** DELETE messaging/v1/threads/{id}/survey: staff end the survey early; the answers so far are kept. */
export async function stopSurvey(db: Db, ctx: Ctx, threadId: string): Promise<ThreadSurvey> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const thread = await threadForStaff(tx, ctx, threadId, true);
    const open = await repo.findOpenRun(tx, ctx.orgId, thread.contactPhone, true);
    if (!open || open.thread_id !== thread.id) throw conflict("error.survey-not-running");
    await closeRun(tx, ctx.orgId, open, open.expires_at.getTime() <= Date.now() ? "expired" : "stopped", ctx.userId);
    await recordAudit(tx, ctx, "stop", "satisfaction-survey", open.id, { threadId: thread.id });
    return threadSurveyOf(tx, ctx, thread);
  });
}

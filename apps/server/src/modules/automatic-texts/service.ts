import {
  defaultWeekSchedule,
  typedPhoneToE164,
  weekSchedule,
  type AutomaticTextKind,
  type AutomaticTexts,
  type Message,
  type UpdateAutomaticTextsRequest,
  type WeekSchedule,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import type { CachedRows } from "../../platform/directory-cache.ts";
import { recordAudit } from "../../platform/audit.ts";
import { forbidden, notFound } from "../../platform/errors.ts";
import {
  contactHeldUntil,
  openSystemThread,
  queueSystemText,
  refuseQuickMessageWithFile,
  type AfterInbound,
  type MessagingDeps,
  type RecordedInbound,
} from "../messaging/index.ts";
import { translate } from "../../platform/i18n.ts";
import { loadOrganization } from "../organizations/index.ts";
import { findTeamFor } from "../teams/index.ts";
import { refuseUnfilledFields, signSystemText } from "../text-blocks/index.ts";
import { canUpdateAutomaticTexts } from "./policy.ts";
import { presentAutomaticTexts } from "./presenter.ts";
import { missedCallReplyDue, outsideHoursReplyDue } from "./reply-rules.ts";
import * as repo from "./repo.ts";

/** The team must exist in the caller's organisation: another organisation's team is simply not found. */
async function assertTeam(tx: Tx, ctx: Ctx, teamId: string): Promise<void> {
  if (!(await findTeamFor(tx, ctx, teamId))) throw notFound();
}

/** GET teams/{id}/automatic-texts: any staff member of the organisation (they see every team). */
export async function getAutomaticTexts(db: Db, ctx: Ctx, teamId: string): Promise<AutomaticTexts> {
  return withTenant(db, ctx.orgId, async (tx) => {
    await assertTeam(tx, ctx, teamId);
    return presentAutomaticTexts(teamId, await repo.findAutomaticTexts(tx, ctx.orgId, teamId), ctx);
  });
}

/** PUT teams/{id}/automatic-texts: only administrators edit automatic texts (spec part 1 §6). */
export async function updateAutomaticTexts(db: Db, ctx: Ctx, teamId: string, input: UpdateAutomaticTextsRequest): Promise<AutomaticTexts> {
  if (!canUpdateAutomaticTexts(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    await assertTeam(tx, ctx, teamId);
    for (const text of [input.outsideHours, input.missedCall]) {
      // Sent as written, with no contact to fill a field from: a token would reach the contact raw.
      refuseUnfilledFields(text.text);
      await refuseQuickMessageWithFile(tx, ctx.orgId, text.textBlockId);
    }
    const row = await repo.saveAutomaticTexts(
      tx,
      ctx.orgId,
      teamId,
      {
        outside_hours_enabled: input.outsideHours.enabled,
        outside_hours_text: input.outsideHours.text,
        missed_call_enabled: input.missedCall.enabled,
        missed_call_text: input.missedCall.text,
        period_hours: input.periodHours,
      },
      ctx.userId,
    );
    await recordAudit(tx, ctx, "update", "automatic-texts", teamId, {
      outsideHours: input.outsideHours.enabled,
      missedCall: input.missedCall.enabled,
      periodHours: input.periodHours,
    });
    return presentAutomaticTexts(teamId, row, ctx);
  });
}

/** The team's stored week; one that no longer parses counts as the default week, as the teams screen shows it. */
function teamWeek(schedule: unknown): WeekSchedule {
  const parsed = weekSchedule.safeParse((schedule as { week?: unknown } | null)?.week);
  return parsed.success ? parsed.data : defaultWeekSchedule();
}

/**
 * Sends one automatic reply if the once-per-period gate lets it through: claims the gate, then
 * queues the text in the caller's transaction (it leaves only if that commits). Null: refused.
 */
async function sendAutomaticReply(
  deps: MessagingDeps,
  tx: Tx,
  reply: {
    orgId: string;
    teamId: string;
    thread: { id: string; created: boolean };
    contactPhone: string;
    from: string;
    kind: AutomaticTextKind;
    body: string;
    periodHours: number;
  },
): Promise<Message | null> {
  const { orgId, teamId, contactPhone } = reply;
  // A contact answering a survey (of any team) gets nothing else until it ends.
  if (await contactHeldUntil(deps, tx, orgId, contactPhone)) return null;
  if (!(await repo.claimReplySlot(tx, { orgId, teamId, contactPhone, kind: reply.kind, periodHours: reply.periodHours }))) return null;
  const message = await queueSystemText(deps, tx, orgId, {
    thread: reply.thread,
    teamId,
    from: reply.from,
    to: contactPhone,
    body: await signSystemText(tx, orgId, null, reply.body),
  });
  await repo.setReplyMessage(tx, orgId, teamId, contactPhone, message.id);
  return message;
}

/** What deciding a team's automatic reply needs; null when the team never set its automatic texts. */
type ReplySource = Awaited<ReturnType<typeof repo.findReplySource>> | null;

/**
 * Teams' reply sources kept in memory (a part of the directory, decision 0060): every inbound
 * text needs its team's, and they change a few times a year. Wrapped, so that a team without
 * automatic texts is remembered as such too.
 */
export type ReplySources = CachedRows<{ source: ReplySource }>;

/**
 * Run by messaging inside an inbound text's transaction (registered in app.ts): when the team is
 * closed at `at` — its week with breaks, in the organisation's time zone, or the organisation's
 * vacation — and its outside-hours text is on, the contact gets that text, at most once per period.
 * The team's settings come from memory: no statement unless they were forgotten.
 */
export const replyOutsideHours =
  (sources: ReplySources): AfterInbound =>
  () =>
  async (deps, tx, inbound) => {
    const known = await sources.read(inbound.orgId, inbound.teamId, async () => ({
      source: (await repo.findReplySource(tx, inbound.orgId, inbound.teamId)) ?? null,
    }));
    await replyWithSource(deps, tx, inbound, known?.source ?? null);
  };

/** replyOutsideHours once the team's automatic texts are read (`source`: none set up). */
async function replyWithSource(
  deps: MessagingDeps,
  tx: Tx,
  inbound: RecordedInbound,
  source: ReplySource,
  at: Date = new Date(),
): Promise<void> {
  if (!source?.outside_hours_enabled) return;
  const org = await loadOrganization(tx, inbound.orgId);
  const office = { week: teamWeek(source.team_schedule), timeZone: org.timezone, vacation: org.schedule.vacation };
  if (!outsideHoursReplyDue({ enabled: true, text: source.outside_hours_text }, office, at)) return;
  await sendAutomaticReply(deps, tx, {
    orgId: inbound.orgId,
    teamId: inbound.teamId,
    // Already announced by the inbound text: the reply announces an update.
    thread: { id: inbound.threadId, created: false },
    contactPhone: inbound.contactPhone,
    from: inbound.teamPhone,
    kind: "outside-hours",
    body: source.outside_hours_text,
    periodHours: source.period_hours,
  });
}

class NoReply extends Error {}

/**
 * Key 1 while waiting (issue 13 §3): the caller asked to be called back. They get the catalogue's
 * text, in their contact's language (French when unknown), from the team's number, in their
 * thread (created if missing). Not an automatic reply: they asked for it, so no once-per-period
 * gate, but once per call (the idempotency key). Hidden numbers cannot be texted (null).
 */
export async function textCallbackRequest(
  deps: MessagingDeps,
  orgId: string,
  request: { teamId: string; teamPhone: string | null; contactPhone: string; callId: string },
): Promise<Message | null> {
  const { teamId, teamPhone, callId } = request;
  const phone = typedPhoneToE164(request.contactPhone);
  if (!phone || !teamPhone) return null;
  return withTenant(deps.db, orgId, async (tx) => {
    const thread = await openSystemThread(tx, orgId, teamId, phone);
    const language = await repo.contactLanguage(tx, orgId, phone);
    return queueSystemText(deps, tx, orgId, {
      thread,
      teamId,
      from: teamPhone,
      to: phone,
      body: translate(language === "en" ? "en-CA" : "fr-CA", "voice-prompt.callback-text"),
      idempotencyKey: `callback:${callId}`,
    });
  });
}

/**
 * For the voice work: a call from `contactPhone` to team `teamId` was missed. When the team's
 * missed-call text is on, the contact gets it in their thread (created if missing), at most one
 * automatic text per period whichever kind. Answers the message queued, or null when none is due,
 * the gate refused, the team has no number, or the caller's number cannot be texted (withheld).
 */
export async function replyToMissedCall(deps: MessagingDeps, orgId: string, teamId: string, contactPhone: string): Promise<Message | null> {
  const phone = typedPhoneToE164(contactPhone);
  if (!phone) return null;
  try {
    return await withTenant(deps.db, orgId, async (tx) => {
      const source = await repo.findReplySource(tx, orgId, teamId);
      if (!source?.team_phone || !missedCallReplyDue({ enabled: source.missed_call_enabled, text: source.missed_call_text })) return null;
      // The thread is locked before the gate is claimed, the order an inbound text takes them in.
      const thread = await openSystemThread(tx, orgId, teamId, phone);
      const message = await sendAutomaticReply(deps, tx, {
        orgId,
        teamId,
        thread,
        contactPhone: phone,
        from: source.team_phone,
        kind: "missed-call",
        body: source.missed_call_text,
        periodHours: source.period_hours,
      });
      // Refused by the gate: roll back, so a thread opened for this reply alone does not stay behind empty.
      if (!message) throw new NoReply();
      return message;
    });
  } catch (err) {
    if (err instanceof NoReply) return null;
    throw err;
  }
}

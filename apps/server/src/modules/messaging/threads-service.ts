import type {
  CreateThreadRequest,
  CreateThreadResponse,
  MessagesPage,
  MessagesQuery,
  Thread,
  ThreadsPage,
  ThreadsQuery,
  UpdateThreadRequest,
} from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, badRequest, conflict, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import { contactsByPhones } from "../contacts/index.ts";
import { findTeamFor } from "../teams/index.ts";
import { refuseUnfilledFields } from "../text-blocks/index.ts";
import { decodeMessageCursor, decodeThreadCursor, encodeMessageCursor, encodeThreadCursor } from "./cursor.ts";
import { discardFilesAfterCommit, mediaByMessage } from "./media.ts";
import { storageKeysOfThread } from "./media-repo.ts";
import type { MessagingDeps } from "./messaging-deps.ts";
import { contactNumber, queueOutbound, refuseWhileHeld } from "./outbound-service.ts";
import { isThreadState, teamForNewThread, visibleTeamIds } from "./policy.ts";
import { presentMessage, presentThread } from "./presenter.ts";
import { filesForMessage } from "./quick-message-files.ts";
import * as repo from "./repo.ts";
import { visibleThread } from "./thread-access.ts";
import { announceMessage, announceThread, presentOne } from "./thread-events.ts";
import { parseThreadSearch } from "./thread-search.ts";

/**
 * The inbox's threads (spec part 1 §4, §7): listing and opening them, their messages, a new
 * conversation with its first text, archive / restore / pin / read flags, deletion.
 */

// ---- Reading --------------------------------------------------------------------------------

/** GET threads: one page of the caller's teams' threads, in list order, narrowed by `q` when given, with unread counts. */
export async function listThreads(db: Db, ctx: Ctx, query: ThreadsQuery): Promise<ThreadsPage> {
  const after = query.cursor ? decodeThreadCursor(query.cursor) : null;
  const search = parseThreadSearch(query.q);
  const teamIds = visibleTeamIds(ctx);
  return withTenant(db, ctx.orgId, async (tx) => {
    const rows = await repo.listThreads(tx, ctx.orgId, teamIds, query.state, after, query.limit + 1, search);
    const page = rows.slice(0, query.limit);
    const lastIds = page.flatMap((r) => (r.last_message_id ? [r.last_message_id] : []));
    const last = await repo.findMessagesByIds(tx, ctx.orgId, lastIds);
    const lastMedia = await mediaByMessage(tx, ctx.orgId, lastIds);
    const contacts = await contactsByPhones(
      tx,
      ctx.orgId,
      page.map((r) => r.contact_phone),
    );
    const end = page[page.length - 1];
    return {
      threads: page.map((r) => {
        const id = r.last_message_id;
        const contact = contacts.get(r.contact_phone) ?? null;
        return presentThread(r, id ? last.get(id) : null, (id ? lastMedia.get(id) : undefined) ?? [], contact);
      }),
      nextCursor: rows.length > query.limit && end ? encodeThreadCursor({ pinned: end.pinned, at: end.sort_key, id: end.id }) : null,
      unread: await repo.countUnread(tx, ctx.orgId, teamIds),
    };
  });
}

/**
 * GET threads/{id}: opening a conversation (spec part 1 §4) clears its incomplete follow-up and
 * marks it read; the change is announced to the team so every screen drops the unread mark.
 */
export async function openThread(db: Db, ctx: Ctx, threadId: string): Promise<Thread> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await visibleThread(tx, ctx, threadId, true);
    if (!row.has_notification && !row.has_incomplete_followup) return presentOne(tx, ctx.orgId, row);
    await repo.updateThread(tx, ctx.orgId, threadId, { has_notification: false, has_incomplete_followup: false }, false);
    return announceThread(tx, ctx.orgId, threadId, "thread.updated");
  });
}

/** GET threads/{id}/messages: the 15 latest first, older pages through `before`. */
export async function listMessages(db: Db, ctx: Ctx, threadId: string, query: MessagesQuery): Promise<MessagesPage> {
  const before = query.before ? decodeMessageCursor(query.before) : null;
  return withTenant(db, ctx.orgId, async (tx) => {
    await visibleThread(tx, ctx, threadId);
    const rows = await repo.listMessages(tx, ctx.orgId, threadId, before, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const end = page[page.length - 1];
    const media = await mediaByMessage(
      tx,
      ctx.orgId,
      page.map((r) => r.id),
    );
    return {
      messages: page.map((r) => presentMessage(r, media.get(r.id) ?? [])),
      nextCursor: rows.length > query.limit && end ? encodeMessageCursor({ at: end.sort_key, id: end.id }) : null,
    };
  });
}

// ---- Writing --------------------------------------------------------------------------------

/**
 * POST threads: a new conversation in the caller's current team (else their first), texted from
 * the team's number, with its first message. One thread per number and team: an existing one,
 * active or archived, is a 409 the web turns into "open it" or "restore it".
 */
export async function createThread(deps: MessagingDeps, ctx: Ctx, input: CreateThreadRequest): Promise<CreateThreadResponse> {
  const phone = contactNumber(input.to);
  const teamId = teamForNewThread(ctx);
  if (!teamId) throw new AppError("error.not-member", 403);
  refuseUnfilledFields(input.body);
  const mediaIds = await filesForMessage(deps, ctx, input);
  try {
    return await withTenant(deps.db, ctx.orgId, async (tx) => {
      const team = await findTeamFor(tx, ctx, teamId);
      if (!team) throw notFound();
      if (!team.phoneNumber) throw conflict("error.no-phones-configured");
      const existing = await repo.findThreadByPhone(tx, ctx.orgId, teamId, phone);
      if (existing) throw conflict(existing.state === "inactive" ? "error.existing-archived" : "error.existing-conversation");
      await refuseWhileHeld(deps, tx, ctx.orgId, phone);
      const threadId = await repo.insertThread(tx, {
        orgId: ctx.orgId,
        teamId,
        phone,
        pinned: input.attributes?.pinned ?? false,
        hasNotification: input.attributes?.hasNotification ?? false,
        hasIncompleteFollowup: input.attributes?.hasIncompleteFollowup ?? false,
      });
      const row = await queueOutbound(tx, ctx, {
        threadId,
        teamId,
        from: team.phoneNumber,
        to: phone,
        body: input.body,
        mediaIds,
      });
      const thread = await announceThread(tx, ctx.orgId, threadId, "thread.created");
      const message = await announceMessage(tx, ctx.orgId, teamId, row, "message.created");
      return { thread, message };
    });
  } catch (err) {
    // Two people creating the same conversation at once: the second meets the unique index.
    if (uniqueViolation(err) === "threads_contact_key") throw conflict("error.existing-conversation");
    throw err;
  }
}

/** PUT threads/{id}: archive or restore, pin, mark read or unread, follow-up flag. */
export async function updateThread(db: Db, ctx: Ctx, threadId: string, input: UpdateThreadRequest): Promise<Thread> {
  if (input.state !== undefined && !isThreadState(input.state)) throw badRequest("error.invalid-state");
  const state = input.state;
  return withTenant(db, ctx.orgId, async (tx) => {
    const row = await visibleThread(tx, ctx, threadId, true);
    const patch: repo.ThreadPatch = {};
    const a = input.attributes ?? {};
    if (a.pinned !== undefined) patch.pinned = a.pinned;
    if (a.hasNotification !== undefined) patch.has_notification = a.hasNotification;
    if (a.hasIncompleteFollowup !== undefined) patch.has_incomplete_followup = a.hasIncompleteFollowup;
    // A change of state reorders the lists (archived: by latest update); flags do not.
    const moved = state !== undefined && state !== row.state;
    if (moved) patch.state = state;
    await repo.updateThread(tx, ctx.orgId, threadId, patch, moved);
    return announceThread(tx, ctx.orgId, threadId, "thread.updated");
  });
}

/** DELETE threads/{id}: the thread, its messages and their files, with an audit row of who deleted it. */
export async function deleteThread(deps: MessagingDeps, ctx: Ctx, threadId: string): Promise<void> {
  await withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await visibleThread(tx, ctx, threadId, true);
    // The rows go with the messages (cascade); the bytes once that is committed.
    discardFilesAfterCommit(deps, tx, await storageKeysOfThread(tx, ctx.orgId, threadId));
    await repo.deleteThread(tx, ctx.orgId, threadId);
    await recordAudit(tx, ctx, "delete", "thread", threadId, { teamId: row.team_id, contactPhone: row.contact_phone });
    await recordEvent(tx, ctx.orgId, { type: "thread.removed", teamId: row.team_id, payload: { id: threadId, teamId: row.team_id } });
  });
}

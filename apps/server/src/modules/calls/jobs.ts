import { CONNECTING_JOIN_TIMEOUT_SECONDS } from "@relais/shared";
import { z } from "zod";
import { withTenant } from "../../db/database.ts";
import { urgentTask, type JobTasks } from "../../platform/jobs/jobs.ts";
import { CALL_OFFER_ACK_TASK, CALL_TIMER_TASK, carrierCallOf, change, modelOf, offerToStaff } from "./engine.ts";
import type { ServerEvent } from "./model.ts";
import * as repo from "./repo.ts";
import { callsDeps, type CallsDeps } from "./calls-deps.ts";

/** The call timers and checks as durable jobs (never in-memory timers: a restart keeps them). */

const CALLS_CHECK_TASK = "calls-check";
/** Every minute, on one node: the restart check of VOICE.md §2. */
export const CALLS_CHECK_CRONTAB = `* * * * * ${CALLS_CHECK_TASK}`;

const timerPayload = z.object({
  orgId: z.uuid(),
  callId: z.uuid(),
  timer: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("ring-timeout"), round: z.number() }),
    z.object({ kind: z.literal("join-timeout"), claim: z.number() }),
    z.object({ kind: z.literal("transfer-timeout"), transferId: z.string() }),
    z.object({ kind: z.literal("max-wait") }),
    z.object({ kind: z.literal("check"), threshold: z.number() }),
  ]),
});

/** One check for the people a change rang (one job per change, not per person: ten people rung cost one job). */
const ackPayload = z.object({ orgId: z.uuid(), callId: z.uuid(), round: z.number(), userIds: z.array(z.uuid()) });

async function runTimer(deps: CallsDeps, payload: unknown): Promise<void> {
  const { orgId, callId, timer } = timerPayload.parse(payload);
  const at = Date.now();
  let event: ServerEvent;
  switch (timer.kind) {
    case "ring-timeout":
      event = { type: "ring.timeout", key: `timer:ring:${timer.round}`, at, round: timer.round };
      break;
    case "join-timeout":
      event = { type: "join.timeout", key: `timer:join:${timer.claim}`, at, claim: timer.claim };
      break;
    case "transfer-timeout":
      event = { type: "transfer.timeout", key: `timer:transfer:${timer.transferId}`, at, transferId: timer.transferId };
      break;
    case "max-wait":
      event = { type: "queue.max-wait", key: "timer:max-wait", at };
      break;
    case "check": {
      const row = await withTenant(deps.db, orgId, (tx) => repo.findCall(tx, orgId, callId));
      if (!row || row.state === "ended") return;
      const outcome = await liveness(deps, row);
      event = { type: "check.result", key: `timer:check:${timer.threshold}`, at, threshold: timer.threshold, outcome };
      break;
    }
  }
  await change(deps, orgId, callId, event);
}

async function liveness(deps: CallsDeps, row: repo.CallRow): Promise<"live" | "over" | "failed"> {
  if (!deps.carrier.isLive) return "live";
  try {
    const live = await deps.carrier.isLive(carrierCallOf(row));
    return live === false ? "over" : "live";
  } catch {
    return "failed";
  }
}

/** No tab of a person acknowledged the offer in time: a frozen or gone tab never holds a call (decision 0021). */
async function runAckCheck(deps: CallsDeps, payload: unknown): Promise<void> {
  const { orgId, callId, round, userIds } = ackPayload.parse(payload);
  const silent = await withTenant(deps.db, orgId, (tx) => repo.unackedOffers(tx, orgId, callId, round, userIds));
  for (const userId of silent) {
    await change(deps, orgId, callId, { type: "offer.declined", key: `ack-timeout:${userId}:${round}`, at: Date.now(), userId });
  }
}

/**
 * The restart check (VOICE.md §2): a call the carrier no longer has ends; a call ringing with no
 * offer still pending is offered again (nobody: the missed path); a claim nobody joined within
 * 15 s goes back. Answers what it found for POST voice/v1/synchronize.
 */
export async function checkCalls(
  deps: CallsDeps,
  orgId: string,
  graceMs = 5_000,
): Promise<{ checked: number; ended: number; reoffered: number }> {
  const rows = await withTenant(deps.db, orgId, (tx) => repo.liveCalls(tx, orgId, new Date(Date.now() - graceMs)));
  let ended = 0;
  let reoffered = 0;
  for (const row of rows) {
    const call = modelOf(row);
    const at = Date.now();
    if ((await liveness(deps, row)) === "over" && call.nextCheckAt !== null) {
      const done = await change(deps, orgId, row.id, {
        type: "check.result",
        key: `restart-check:${call.nextCheckAt}`,
        at,
        threshold: call.nextCheckAt,
        outcome: "over",
      });
      if (done?.call.state === "ended") ended += 1;
      continue;
    }
    if (call.state === "ringing" && !call.offers.some((o) => o.status === "pending" && o.round === call.ringRound)) {
      await offerToStaff(deps, orgId, row.id);
      reoffered += 1;
    } else if (call.state === "connecting" && row.updated_at.getTime() < at - CONNECTING_JOIN_TIMEOUT_SECONDS * 1000) {
      await change(deps, orgId, row.id, { type: "join.timeout", key: `timer:join:${call.claim}`, at, claim: call.claim });
      reoffered += 1;
    }
  }
  return { checked: rows.length, ended, reoffered };
}

/** The calls' jobs: a ringing or waiting call's timers and offer checks are urgent, the periodic check is not. */
export function callTasks(): JobTasks {
  return {
    [CALL_TIMER_TASK]: urgentTask((p) => runTimer(callsDeps(), p)),
    [CALL_OFFER_ACK_TASK]: urgentTask((p) => runAckCheck(callsDeps(), p)),
    [CALLS_CHECK_TASK]: async () => {
      const deps = callsDeps();
      for (const orgId of await repo.organizationsWithLiveCalls(deps.owner)) await checkCalls(deps, orgId);
    },
  };
}

import { demoReception, RECEPTION_NUMBER } from "./demo-reception.ts";
import { QUEUE_MAX_WAIT_DEFAULT_SECONDS, RING_TIME_DEFAULT_SECONDS } from "@relais/shared";
import { withTenant, type Db } from "../db/database.ts";
import {
  apply,
  startInbound,
  startOutbound,
  storePastCall,
  type CallEvent,
  type CallRouting,
  type PastCall,
  type Transition,
} from "../modules/calls/index.ts";

/**
 * A few calls in the demo clinic's history, so a first start shows what a call looks like in a
 * thread (issue 12 §3): one answered, one missed, one placed by the clinic. Each is built by the
 * real reducer from the events a sandbox call produces, stored by the calls module as it stores
 * a call (row, event log, the thread's call message) and dated in the recent past. Idempotent:
 * fixed ids, added once; a clinic without its Réception number or its receptionist is left alone.
 */

const MINUTE = 60_000;

/** Fixed ids so that a restart finds them. */
const CALL_IDS = {
  answered: "0b1e2d3c-4a5b-4c6d-8e7f-00000000ca01",
  missed: "0b1e2d3c-4a5b-4c6d-8e7f-00000000ca02",
  outbound: "0b1e2d3c-4a5b-4c6d-8e7f-00000000ca03",
};

/** What issue 12 routes with (calls/service.ts): no queue and no voicemail yet. */
const ROUTING: CallRouting = {
  queue: false,
  voicemail: false,
  ringSeconds: RING_TIME_DEFAULT_SECONDS,
  maxWaitSeconds: QUEUE_MAX_WAIT_DEFAULT_SECONDS,
  maxRingRounds: null,
};

type DemoCall = { sid: string; start: Transition; startKey: string; events: CallEvent[] };

/** The call as the reducer leaves it after each event, refusing nothing (a refusal here is a bug in the demo). */
function play(demo: DemoCall, teamNumber: string): PastCall {
  let call = demo.start.call;
  const steps: PastCall["steps"] = [];
  for (const event of demo.events) {
    const t = apply(call, event);
    if (t.refusal) throw new Error(`demo call ${call.id}: ${event.type} refused (${t.refusal.reason})`);
    call = t.call;
    steps.push({ event, version: call.version });
  }
  const start = { key: demo.startKey, version: demo.start.call.version };
  return { call, carrier: "sandbox", carrierCallSid: demo.sid, teamNumber, start, steps };
}

function demoCalls(now: number, teamId: string, receptionistId: string): DemoCall[] {
  const key = (id: string, what: string) => `demo:${id}:${what}`;
  // Yesterday afternoon: Hélène Tremblay calls, Marc answers, they talk for 3 min 12 s.
  const a = CALL_IDS.answered;
  const aAt = now - 26 * 60 * MINUTE;
  // This morning: François Côté calls while nobody can pick up.
  const m = CALL_IDS.missed;
  const mAt = now - 3 * 60 * MINUTE;
  // An hour ago: Marc calls Émilie Gagnon back.
  const o = CALL_IDS.outbound;
  const oAt = now - 60 * MINUTE;
  return [
    {
      sid: "SB00000000000000000000000000ca0001",
      startKey: key(a, "start"),
      start: startInbound({ id: a, key: key(a, "start"), at: aAt, teamId, from: "+15145550111", period: "OPEN", routing: ROUTING }),
      events: [
        { type: "queue.entered", key: key(a, "queued"), at: aAt + 4_000 },
        { type: "offer.sent", key: key(a, "offer"), at: aAt + 4_200, offers: [{ userId: receptionistId, teamId }] },
        { type: "staff.answer", key: key(a, "answer"), at: aAt + 11_000, userId: receptionistId },
        { type: "room.joined", key: key(a, "joined"), at: aAt + 12_000, userId: receptionistId },
        { type: "leg.ended", key: key(a, "hangup"), at: aAt + 12_000 + 192_000, leg: "customer", status: "completed" },
      ],
    },
    {
      sid: "SB00000000000000000000000000ca0002",
      startKey: key(m, "start"),
      start: startInbound({ id: m, key: key(m, "start"), at: mAt, teamId, from: "+15145550112", period: "OPEN", routing: ROUTING }),
      events: [
        { type: "queue.entered", key: key(m, "queued"), at: mAt + 4_000 },
        { type: "offer.sent", key: key(m, "offer"), at: mAt + 4_200, offers: [] },
      ],
    },
    {
      sid: "SB00000000000000000000000000ca0003",
      startKey: key(o, "start"),
      start: startOutbound({ id: o, key: key(o, "start"), at: oAt, teamId, userId: receptionistId, to: "+14385550113", routing: ROUTING }),
      events: [
        { type: "leg.ringing", key: key(o, "ringing"), at: oAt + 2_000, leg: "customer" },
        { type: "leg.answered", key: key(o, "answered"), at: oAt + 9_000, leg: "customer" },
        { type: "leg.ended", key: key(o, "hangup"), at: oAt + 9_000 + 74_000, leg: "customer", status: "completed" },
      ],
    },
  ];
}

/** Adds the demo calls once; true when they were added now. */
export async function seedDemoCalls(owner: Db, orgId: string): Promise<boolean> {
  return withTenant(owner, orgId, async (tx) => {
    const seeded = await tx
      .selectFrom("calls")
      .select("id")
      .where("organization_id", "=", orgId)
      .where("id", "in", Object.values(CALL_IDS))
      .executeTakeFirst();
    if (seeded) return false;
    const reception = await demoReception(tx, orgId);
    if (!reception) return false;
    for (const demo of demoCalls(Date.now(), reception.teamId, reception.receptionistId)) {
      await storePastCall(tx, orgId, play(demo, RECEPTION_NUMBER));
    }
    return true;
  });
}

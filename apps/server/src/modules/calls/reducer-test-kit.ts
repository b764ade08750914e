import type { CallPeriod, CallState } from "@relais/shared";
import type { Call, CallEvent, CallRouting, Transition } from "./model.ts";
import { apply, startInbound, startOutbound } from "./reducer.ts";

/** Builders for the reducer's tables: calls reached through real events, never hand-made rows. */

export const T0 = 1_800_000_000_000;
export const TEAM = "team-main";
export const OTHER_TEAM = "team-other";
export const CALLER = "+15145550100";
export const ALICE = "alice";
export const BOB = "bob";
export const CAROL = "carol";

let counter = 0;
/** A fresh de-duplication key for each event, so only the duplicate tests repeat one. */
export function nextKey(): string {
  counter += 1;
  return `k-${counter}`;
}

type EventOf<T extends CallEvent["type"]> = Extract<CallEvent, { type: T }>;
type Fields<T extends CallEvent["type"]> = Omit<EventOf<T>, "type" | "key" | "at"> & { at?: number; key?: string };

/** An event of `type` at T0 + `at` seconds (default 1 s), with a fresh key unless given. */
export function ev<T extends CallEvent["type"]>(type: T, fields: Fields<T>): EventOf<T> {
  const { at, key, ...rest } = fields;
  return { type, key: key ?? nextKey(), at: T0 + (at ?? 1) * 1000, ...rest } as unknown as EventOf<T>;
}

export function routing(overrides: Partial<CallRouting> = {}): CallRouting {
  return { queue: true, voicemail: true, ringSeconds: 30, maxWaitSeconds: 600, maxRingRounds: 3, ...overrides };
}

export type Setup = { from?: string; period?: CallPeriod; routing?: Partial<CallRouting> };

export function inbound(setup: Setup = {}): Call {
  return startInbound({
    id: "call-1",
    key: nextKey(),
    at: T0,
    teamId: TEAM,
    from: setup.from ?? CALLER,
    period: setup.period ?? "OPEN",
    routing: routing(setup.routing),
  }).call;
}

export function outbound(to = CALLER): Call {
  return startOutbound({ id: "call-2", key: nextKey(), at: T0, teamId: TEAM, userId: ALICE, to, routing: routing() }).call;
}

/** Applies events in order and answers the last transition. */
export function run(call: Call, ...events: CallEvent[]): Transition {
  let result: Transition = { call, commands: [], refusal: null };
  for (const event of events) result = apply(result.call, event);
  return result;
}

const offerBoth = () =>
  ev("offer.sent", {
    offers: [
      { userId: ALICE, teamId: TEAM },
      { userId: BOB, teamId: TEAM },
    ],
  });

/** Steps from the greeting to each inbound state, Alice answering and Bob the other person rung. */
const PATHS: Record<Exclude<CallState, "dialing">, () => CallEvent[]> = {
  ivr: () => [],
  queued: () => [ev("queue.entered", {})],
  ringing: () => [...PATHS.queued(), offerBoth()],
  connecting: () => [...PATHS.ringing(), ev("staff.answer", { userId: ALICE })],
  active: () => [...PATHS.connecting(), ev("room.joined", { userId: ALICE, at: 3 })],
  parked: () => [...PATHS.active(), ev("staff.park", { userId: ALICE, parkNo: 1 })],
  transferring: () => [
    ...PATHS.active(),
    ev("transfer.start", {
      userId: ALICE,
      transferId: "tr-1",
      target: { kind: "user", userId: BOB, teamId: OTHER_TEAM },
      offerTo: [{ userId: BOB, teamId: OTHER_TEAM }],
    }),
  ],
  voicemail: () => [...PATHS.queued(), ev("ivr.digit", { digit: "0" })],
  ended: () => [...PATHS.active(), ev("staff.hangup", { userId: ALICE, at: 20 })],
};

/** An inbound call brought to `state` by real events. */
export function reach(state: Exclude<CallState, "dialing">, setup: Setup = {}): Call {
  const call = run(inbound(setup), ...PATHS[state]()).call;
  if (call.state !== state) throw new Error(`the path to ${state} ended in ${call.state}`);
  return call;
}

export const types = (t: Transition) => t.commands.map((c) => c.type);

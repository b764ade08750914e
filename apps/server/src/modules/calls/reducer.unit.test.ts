import { describe, expect, it } from "vitest";
import type { Call, CallEvent } from "./model.ts";
import { startInbound } from "./reducer.ts";
import { ALICE, BOB, CALLER, CAROL, ev, OTHER_TEAM, outbound, reach, routing, run, T0, TEAM, types } from "./reducer-test-kit.ts";

/** Every row of VOICE.md §2, as [row, call before, events, state after, fields after, commands]. */
type Row = [string, () => Call, () => CallEvent[], Call["state"], Partial<Call>, string[]];

const rejectBoth = () => [ev("staff.reject", { userId: ALICE }), ev("staff.reject", { userId: BOB })];
const toBob = () =>
  ev("transfer.start", {
    userId: ALICE,
    transferId: "tr-1",
    target: { kind: "user", userId: BOB, teamId: OTHER_TEAM },
    offerTo: [{ userId: BOB, teamId: OTHER_TEAM }],
  });

describe("a new inbound call (— → ivr | voicemail)", () => {
  it.each([
    ["OPEN", true, "ivr", ["greeting.play", "timer.schedule"]],
    ["CLOSE", true, "voicemail", ["greeting.play", "voicemail.start", "timer.schedule"]],
    ["BREAK", true, "voicemail", ["greeting.play", "voicemail.start", "timer.schedule"]],
    ["VACATION", true, "voicemail", ["greeting.play", "voicemail.start", "timer.schedule"]],
    ["CLOSE", false, "ended", ["greeting.play", "room.end", "missed-call.text"]],
  ] as const)("period %s, voicemail %s → %s", (period, voicemail, state, commands) => {
    const t = startInbound({ id: "c", key: "k", at: T0, teamId: TEAM, from: CALLER, period, routing: routing({ voicemail }) });
    expect(t.call.state).toBe(state);
    expect(t.call.version).toBe(1);
    expect(types(t)).toEqual(commands);
    if (state === "ended") expect(t.call).toMatchObject({ endStatus: "no-answer", endReason: "closed" });
  });

  it("schedules the first 90 s check from the start", () => {
    const t = startInbound({ id: "c", key: "k", at: T0, teamId: TEAM, from: CALLER, period: "OPEN", routing: routing() });
    expect(t.call.nextCheckAt).toBe(T0 + 90_000);
    expect(t.commands).toContainEqual({ type: "timer.schedule", timer: { kind: "check", threshold: T0 + 90_000 }, dueAt: T0 + 90_000 });
  });
});

const rows: Row[] = [
  [
    "ivr → queued when the carrier enqueues the caller",
    () => reach("ivr"),
    () => [ev("queue.entered", { at: 5 })],
    "queued",
    { queuedAt: T0 + 5000 },
    ["offers.request", "timer.schedule"],
  ],
  [
    "queued → ringing when offers are sent",
    () => reach("queued"),
    () => [ev("offer.sent", { offers: [{ userId: ALICE, teamId: TEAM }] })],
    "ringing",
    { ringRound: 1 },
    ["offers.send", "timer.schedule"],
  ],
  [
    "ringing → connecting on answer (claimed)",
    () => reach("ringing"),
    () => [ev("staff.answer", { userId: ALICE })],
    "connecting",
    { owner: { kind: "user", userId: ALICE }, claim: 1 },
    ["offers.revoke", "customer.connect", "staff.join", "timer.schedule"],
  ],
  [
    "ringing → connecting on pick",
    () => reach("ringing"),
    () => [ev("staff.pick", { userId: CAROL })],
    "connecting",
    { owner: { kind: "user", userId: CAROL } },
    ["offers.revoke", "customer.connect", "staff.join", "timer.schedule"],
  ],
  [
    "queued → connecting on pick",
    () => reach("queued"),
    () => [ev("staff.pick", { userId: CAROL })],
    "connecting",
    { owner: { kind: "user", userId: CAROL } },
    ["customer.connect", "staff.join", "timer.schedule"],
  ],
  [
    "parked → connecting on pick, off park music",
    () => reach("parked"),
    () => [ev("staff.pick", { userId: BOB })],
    "connecting",
    { parkNo: null, held: false },
    ["customer.resume", "staff.join", "timer.schedule"],
  ],
  [
    "connecting → active when the owner joins the room",
    () => reach("connecting"),
    () => [ev("room.joined", { userId: ALICE, at: 4 })],
    "active",
    { answeredAt: T0 + 4000 },
    [],
  ],
  [
    "connecting → queued when nobody joins within 15 s",
    () => reach("connecting"),
    () => [ev("join.timeout", { claim: 1 })],
    "queued",
    { owner: null },
    ["customer.hold", "staff.remove", "offers.request"],
  ],
  ["ringing → queued when every offer is rejected", () => reach("ringing"), rejectBoth, "queued", { owner: null }, []],
  [
    "ringing → queued when the ring time runs out",
    () => reach("ringing"),
    () => [ev("ring.timeout", { round: 1 })],
    "queued",
    {},
    ["offers.revoke"],
  ],
  [
    "ringing → voicemail after the set number of rounds",
    () => reach("ringing", { routing: { maxRingRounds: 1 } }),
    () => [ev("ring.timeout", { round: 1 })],
    "voicemail",
    {},
    ["offers.revoke", "voicemail.start"],
  ],
  ["queued → voicemail on key 0", () => reach("queued"), () => [ev("ivr.digit", { digit: "0" })], "voicemail", {}, ["voicemail.start"]],
  [
    "ringing → voicemail on key 0",
    () => reach("ringing"),
    () => [ev("ivr.digit", { digit: "0" })],
    "voicemail",
    {},
    ["offers.revoke", "voicemail.start"],
  ],
  [
    "queued → ended on key 1 (callback text, no missed-call text)",
    () => reach("queued"),
    () => [ev("ivr.digit", { digit: "1" })],
    "ended",
    { endStatus: "canceled", endReason: "callback-requested", callbackRequested: true },
    ["callback.request", "room.end"],
  ],
  [
    "ringing → ended on key 1",
    () => reach("ringing"),
    () => [ev("ivr.digit", { digit: "1" })],
    "ended",
    { endReason: "callback-requested" },
    ["callback.request", "offers.revoke", "room.end"],
  ],
  [
    "active → held on hold",
    () => reach("active"),
    () => [ev("staff.hold", { userId: ALICE })],
    "active",
    { held: true },
    ["customer.hold"],
  ],
  [
    "active held → resumed",
    () => run(reach("active"), ev("staff.hold", { userId: ALICE })).call,
    () => [ev("staff.resume", { userId: ALICE })],
    "active",
    { held: false },
    ["customer.resume"],
  ],
  [
    "active → parked with a park number",
    () => reach("active"),
    () => [ev("staff.park", { userId: ALICE, parkNo: 4, at: 30 })],
    "parked",
    { parkNo: 4, owner: null, held: true, parkedAt: T0 + 30_000 },
    ["customer.hold", "staff.remove"],
  ],
  [
    "active → transferring, caller held",
    () => reach("active"),
    () => [toBob()],
    "transferring",
    { held: true },
    ["customer.hold", "offers.send", "timer.schedule"],
  ],
  [
    "transferring → active with the new owner",
    () => reach("transferring"),
    () => [ev("transfer.accept", { userId: BOB, transferId: "tr-1" })],
    "active",
    { owner: { kind: "user", userId: BOB }, teamId: OTHER_TEAM, originTeamId: TEAM, held: false, transfer: null },
    ["staff.remove", "staff.join", "customer.resume"],
  ],
  [
    "transferring → active held with the old owner when refused",
    () => reach("transferring"),
    () => [ev("transfer.refuse", { userId: BOB, transferId: "tr-1" })],
    "active",
    { owner: { kind: "user", userId: ALICE }, held: true, transfer: null },
    [],
  ],
  [
    "transferring → active held with the old owner when unanswered",
    () => reach("transferring"),
    () => [ev("transfer.timeout", { transferId: "tr-1" })],
    "active",
    { owner: { kind: "user", userId: ALICE }, held: true },
    ["offers.revoke"],
  ],
  [
    "voicemail → ended when the recording is completed",
    () => reach("voicemail"),
    () => [ev("recording.completed", { recordingId: "re-1", durationSeconds: 12 })],
    "ended",
    { endStatus: "no-answer", endReason: "voicemail", voicemail: { recordingId: "re-1", durationSeconds: 12 } },
    ["voicemail.save", "room.end", "missed-call.text"],
  ],
  [
    "active → ended completed when staff hang up",
    () => reach("active"),
    () => [ev("staff.hangup", { userId: ALICE, at: 9 })],
    "ended",
    { endStatus: "completed", endedAt: T0 + 9000 },
    ["room.end"],
  ],
  [
    "active → ended completed when the caller hangs up",
    () => reach("active"),
    () => [ev("leg.ended", { leg: "customer", status: "completed" })],
    "ended",
    { endStatus: "completed", endReason: "caller-hung-up" },
    ["room.end"],
  ],
  [
    "queued → ended canceled when the caller hangs up",
    () => reach("queued"),
    () => [ev("leg.ended", { leg: "customer", status: "completed" })],
    "ended",
    { endStatus: "canceled" },
    ["room.end", "missed-call.text"],
  ],
  [
    "ringing → ended canceled when the caller hangs up",
    () => reach("ringing"),
    () => [ev("leg.ended", { leg: "customer", status: "canceled" })],
    "ended",
    { endStatus: "canceled" },
    ["offers.revoke", "room.end", "missed-call.text"],
  ],
  [
    "parked → ended completed when the caller hangs up",
    () => reach("parked"),
    () => [ev("leg.ended", { leg: "customer", status: "completed" })],
    "ended",
    { endStatus: "completed", parkNo: null },
    ["room.end"],
  ],
  [
    "voicemail → ended no-answer when the caller hangs up",
    () => reach("voicemail"),
    () => [ev("leg.ended", { leg: "customer", status: "completed" })],
    "ended",
    { endStatus: "no-answer" },
    ["room.end", "missed-call.text"],
  ],
  [
    "transferring → ended when the caller hangs up",
    () => reach("transferring"),
    () => [ev("leg.ended", { leg: "customer", status: "completed" })],
    "ended",
    { endStatus: "completed", transfer: null },
    ["offers.revoke", "room.end"],
  ],
  [
    "queued → ended when the 90 s check finds it over",
    () => reach("queued"),
    () => [ev("check.result", { threshold: T0 + 90_000, outcome: "over" })],
    "ended",
    { endStatus: "canceled", endReason: "check-over" },
    ["room.end", "missed-call.text"],
  ],
  [
    "active → ended when the 90 s check fails",
    () => reach("active"),
    () => [ev("check.result", { threshold: T0 + 90_000, outcome: "failed" })],
    "ended",
    { endStatus: "completed", endReason: "check-failed" },
    ["room.end"],
  ],
  [
    "outbound dialing → ringing when the far end rings",
    () => outbound(),
    () => [ev("leg.ringing", { leg: "customer" })],
    "ringing",
    {},
    [],
  ],
  [
    "outbound ringing → active when it answers",
    () => run(outbound(), ev("leg.ringing", { leg: "customer" })).call,
    () => [ev("leg.answered", { leg: "customer", at: 6 })],
    "active",
    { answeredAt: T0 + 6000 },
    [],
  ],
  [
    "outbound → ended no-answer",
    () => outbound(),
    () => [ev("leg.ended", { leg: "customer", status: "no-answer" })],
    "ended",
    { endStatus: "no-answer", endReason: "remote-ended" },
    ["room.end"],
  ],
  [
    "outbound → ended busy",
    () => outbound(),
    () => [ev("leg.ended", { leg: "customer", status: "busy" })],
    "ended",
    { endStatus: "busy" },
    ["room.end"],
  ],
  [
    "outbound → ended failed",
    () => outbound(),
    () => [ev("leg.ended", { leg: "customer", status: "failed" })],
    "ended",
    { endStatus: "failed" },
    ["room.end"],
  ],
  [
    "outbound dialing → ended canceled when staff hang up first",
    () => outbound(),
    () => [ev("staff.hangup", { userId: ALICE })],
    "ended",
    { endStatus: "canceled" },
    ["room.end"],
  ],
];

describe("VOICE.md §2 transitions", () => {
  it.each(rows)("%s", (_row, before, events, state, fields, commands) => {
    const call = before();
    const t = run(call, ...events());
    expect(t.refusal).toBeNull();
    expect(t.call.state).toBe(state);
    expect(t.call).toMatchObject(fields);
    expect(types(t)).toEqual(commands);
    expect(t.call.version).toBeGreaterThan(call.version);
  });
});

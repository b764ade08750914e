import { describe, expect, it } from "vitest";
import type { CallEvent } from "./model.ts";
import { apply } from "./reducer.ts";
import { ALICE, BOB, CAROL, ev, outbound, reach, run, T0, TEAM, types } from "./reducer-test-kit.ts";

/** The reducer's guarantees (VOICE.md §1, §2): duplicates, late and out-of-order reports, versions, claims, refusals. */

describe("a duplicated event", () => {
  it.each<[string, () => CallEvent]>([
    ["queue.entered", () => ev("queue.entered", { key: "dup" })],
    ["offer.sent", () => ev("offer.sent", { key: "dup", offers: [{ userId: CAROL, teamId: TEAM }] })],
    ["staff.hold", () => ev("staff.hold", { key: "dup", userId: ALICE })],
    ["leg.ended", () => ev("leg.ended", { key: "dup", leg: "customer", status: "completed" })],
  ])("%s applied twice changes nothing the second time", (_name, make) => {
    const start = make().type === "queue.entered" ? reach("ivr") : make().type === "offer.sent" ? reach("queued") : reach("active");
    const first = apply(start, make());
    expect(first.call.version).toBe(start.version + 1);
    const second = apply(first.call, make());
    expect(second.call).toBe(first.call);
    expect(second.commands).toEqual([]);
    expect(second.refusal).toBeNull();
  });

  it("replayed after a later event does not undo it", () => {
    const hold = ev("staff.hold", { key: "hold-1", userId: ALICE });
    const resumed = run(reach("active"), hold, ev("staff.resume", { userId: ALICE })).call;
    const replay = apply(resumed, hold);
    expect(replay.call).toBe(resumed);
    expect(replay.call.held).toBe(false);
    expect(replay.commands).toEqual([]);
  });

  it("with the same key but another content is still a duplicate", () => {
    const first = apply(reach("active"), ev("staff.hold", { key: "same", userId: ALICE }));
    const second = apply(first.call, ev("staff.hangup", { key: "same", userId: ALICE }));
    expect(second.call).toBe(first.call);
  });
});

describe("a late event on an ended call", () => {
  const late: [string, () => CallEvent][] = [
    ["leg.answered", () => ev("leg.answered", { leg: "customer" })],
    ["leg.ringing", () => ev("leg.ringing", { leg: "customer" })],
    ["leg.ended busy", () => ev("leg.ended", { leg: "customer", status: "busy" })],
    ["room.left", () => ev("room.left", { userId: ALICE })],
    ["leg.held", () => ev("leg.held", { leg: "customer", held: true })],
    ["queue.entered", () => ev("queue.entered", {})],
    ["offer.sent", () => ev("offer.sent", { offers: [{ userId: BOB, teamId: TEAM }] })],
    ["ring.timeout", () => ev("ring.timeout", { round: 1 })],
    ["join.timeout", () => ev("join.timeout", { claim: 1 })],
    ["ivr.digit", () => ev("ivr.digit", { digit: "0" })],
    ["queue.max-wait", () => ev("queue.max-wait", {})],
    ["check.result", () => ev("check.result", { threshold: T0 + 90_000, outcome: "over" })],
    ["recording.completed", () => ev("recording.completed", { recordingId: "r", durationSeconds: 3 })],
    ["staff.reject", () => ev("staff.reject", { userId: BOB })],
    ["staff.hangup", () => ev("staff.hangup", { userId: ALICE })],
    ["transfer.timeout", () => ev("transfer.timeout", { transferId: "tr-1" })],
    ["transfer.refuse", () => ev("transfer.refuse", { userId: BOB, transferId: "tr-1" })],
  ];

  it.each(late)("%s leaves it ended, with the same version and nothing to do", (_name, make) => {
    const ended = reach("ended");
    const t = apply(ended, make());
    expect(t.call).toBe(ended);
    expect(t.call).toMatchObject({ state: "ended", endStatus: "completed", endReason: "staff-hung-up", endedAt: T0 + 20_000 });
    expect(t.commands).toEqual([]);
  });

  it.each<[string, () => CallEvent]>([
    ["answer", () => ev("staff.answer", { userId: BOB })],
    ["pick", () => ev("staff.pick", { userId: BOB })],
    ["hold", () => ev("staff.hold", { userId: ALICE })],
    ["park", () => ev("staff.park", { userId: ALICE, parkNo: 2 })],
    [
      "transfer",
      () =>
        ev("transfer.start", {
          userId: ALICE,
          transferId: "t",
          target: { kind: "team", teamId: TEAM },
          offerTo: [{ userId: BOB, teamId: TEAM }],
        }),
    ],
    ["transfer accept", () => ev("transfer.accept", { userId: BOB, transferId: "tr-1" })],
  ])("a staff %s is refused as ended", (_name, make) => {
    const ended = reach("ended");
    const t = apply(ended, make());
    expect(t.refusal).toEqual({ reason: "ended", by: null });
    expect(t.call).toBe(ended);
  });

  it("removes a staff leg that joins the ended room", () => {
    const ended = reach("ended");
    const t = apply(ended, ev("room.joined", { userId: BOB }));
    expect(t.call).toBe(ended);
    expect(t.commands).toEqual([{ type: "staff.remove", userId: BOB }]);
  });
});

describe("events out of order", () => {
  it("leg.ended (completed) before leg.answered: ended completed, the late answer only fills its time", () => {
    const ended = run(outbound(), ev("leg.ended", { leg: "customer", status: "completed", at: 30 })).call;
    expect(ended).toMatchObject({ state: "ended", endStatus: "completed", answeredAt: null });
    const filled = apply(ended, ev("leg.answered", { leg: "customer", at: 5 }));
    expect(filled.call).toMatchObject({ state: "ended", endStatus: "completed", answeredAt: T0 + 5000, endedAt: T0 + 30_000 });
    expect(filled.commands).toEqual([]);
    expect(apply(filled.call, ev("leg.answered", { leg: "customer", at: 8 })).call).toBe(filled.call);
  });

  it("leg.ended busy before leg.answered: the answer never turns a busy call into a completed one", () => {
    const busy = run(outbound(), ev("leg.ended", { leg: "customer", status: "busy" })).call;
    expect(apply(busy, ev("leg.answered", { leg: "customer" })).call).toBe(busy);
  });

  it("leg.answered before leg.ringing: active stays active", () => {
    const active = run(outbound(), ev("leg.answered", { leg: "customer", at: 4 })).call;
    expect(active.state).toBe("active");
    expect(apply(active, ev("leg.ringing", { leg: "customer", at: 2 })).call.state).toBe("active");
  });

  it("recording.completed after the caller hung up in voicemail keeps the message without ending twice", () => {
    const ended = run(reach("voicemail"), ev("leg.ended", { leg: "customer", status: "completed", at: 40 }));
    expect(types(ended)).toEqual(["room.end", "missed-call.text"]);
    const kept = apply(ended.call, ev("recording.completed", { recordingId: "re-9", durationSeconds: 20, at: 45 }));
    expect(kept.call).toMatchObject({
      state: "ended",
      endStatus: "no-answer",
      endedAt: T0 + 40_000,
      voicemail: { recordingId: "re-9", durationSeconds: 20 },
    });
    expect(kept.commands).toEqual([{ type: "voicemail.save", recordingId: "re-9", durationSeconds: 20 }]);
  });

  it("ignores a recording for a call that never went to voicemail", () => {
    const active = reach("active");
    expect(apply(active, ev("recording.completed", { recordingId: "x", durationSeconds: 1 })).call).toBe(active);
  });

  it("a late 'held' after resume re-asserts the server's decision without a new version", () => {
    const resumed = run(reach("active"), ev("staff.hold", { userId: ALICE }), ev("staff.resume", { userId: ALICE })).call;
    const t = apply(resumed, ev("leg.held", { leg: "customer", held: true }));
    expect(t.call).toBe(resumed);
    expect(t.commands).toEqual([{ type: "customer.resume" }]);
    expect(apply(resumed, ev("leg.held", { leg: "customer", held: false })).commands).toEqual([]);
  });

  it("a join timeout of an earlier claim never undoes a later one", () => {
    const again = run(reach("connecting"), ev("join.timeout", { claim: 1 }), ev("staff.pick", { userId: BOB })).call;
    expect(again).toMatchObject({ state: "connecting", claim: 2 });
    expect(apply(again, ev("join.timeout", { claim: 1 })).call).toBe(again);
    expect(apply(again, ev("join.timeout", { claim: 2 })).call.state).toBe("queued");
  });

  it("the claim's loser joining the room late is removed, the owner stays", () => {
    const active = reach("active");
    const t = apply(active, ev("room.joined", { userId: BOB }));
    expect(t.call).toBe(active);
    expect(t.commands).toEqual([{ type: "staff.remove", userId: BOB }]);
  });

  it("the earliest start time is kept", () => {
    const call = outbound();
    const earlier = apply(call, ev("leg.ringing", { leg: "customer", at: -3 })).call;
    expect(earlier.startedAt).toBe(T0 - 3000);
    const later = apply(earlier, ev("leg.answered", { leg: "customer", at: 9 })).call;
    expect(later.startedAt).toBe(T0 - 3000);
  });

  it("the first answer time is kept when a picked call becomes active again", () => {
    const parked = reach("parked");
    const again = run(parked, ev("staff.pick", { userId: BOB, at: 50 }), ev("room.joined", { userId: BOB, at: 51 })).call;
    expect(again).toMatchObject({ state: "active", answeredAt: T0 + 3000 });
  });
});

describe("version", () => {
  it("rises by one on each change", () => {
    const call = reach("ivr");
    const steps = [
      ev("queue.entered", {}),
      ev("offer.sent", { offers: [{ userId: ALICE, teamId: TEAM }] }),
      ev("staff.answer", { userId: ALICE }),
      ev("room.joined", { userId: ALICE }),
    ];
    let current = call;
    for (const [i, event] of steps.entries()) {
      current = apply(current, event).call;
      expect(current.version).toBe(call.version + i + 1);
    }
  });

  it.each<[string, () => CallEvent]>([
    ["an unknown key", () => ev("ivr.digit", { digit: "5" })],
    ["an ignored carrier report", () => ev("leg.ringing", { leg: "customer" })],
    ["a refused claim", () => ev("staff.answer", { userId: CAROL })],
    ["a reject from someone not rung", () => ev("staff.reject", { userId: CAROL })],
    ["a stale check", () => ev("check.result", { threshold: T0, outcome: "over" })],
  ])("stays the same on %s", (_name, make) => {
    const call = reach("ringing");
    const t = apply(call, make());
    expect(t.call.version).toBe(call.version);
    expect(t.call.keys).toEqual(call.keys);
  });
});

describe("claims", () => {
  it("refuse a second answer with who took the call", () => {
    const t = apply(reach("connecting"), ev("staff.answer", { userId: BOB }));
    expect(t.refusal).toEqual({ reason: "taken", by: { kind: "user", userId: ALICE } });
    expect(apply(reach("active"), ev("staff.pick", { userId: CAROL })).refusal?.reason).toBe("taken");
  });

  it("accept the winner's own repeated answer without a change or a refusal", () => {
    const connecting = reach("connecting");
    const t = apply(connecting, ev("staff.answer", { userId: ALICE }));
    expect(t).toEqual({ call: connecting, commands: [], refusal: null });
  });

  it("refuse an answer by someone who was not offered the call", () => {
    expect(apply(reach("ringing"), ev("staff.answer", { userId: CAROL })).refusal?.reason).toBe("not-offered");
    expect(apply(reach("queued"), ev("staff.answer", { userId: ALICE })).refusal?.reason).toBe("wrong-state");
  });

  it("refuse a pick of a call that is not waiting", () => {
    expect(apply(reach("ivr"), ev("staff.pick", { userId: CAROL })).refusal?.reason).toBe("wrong-state");
    expect(apply(reach("voicemail"), ev("staff.pick", { userId: CAROL })).refusal?.reason).toBe("wrong-state");
  });

  it("revoke every other pending offer as taken", () => {
    const t = apply(reach("ringing"), ev("staff.answer", { userId: BOB }));
    expect(t.commands[0]).toEqual({ type: "offers.revoke", userIds: [ALICE], reason: "taken" });
    expect(t.call.offers.map((o) => [o.userId, o.status])).toEqual([
      [ALICE, "revoked"],
      [BOB, "accepted"],
    ]);
  });
});

describe("in-call refusals", () => {
  it("hang-up is disabled while held, and while a transfer rings", () => {
    const held = run(reach("active"), ev("staff.hold", { userId: ALICE })).call;
    expect(apply(held, ev("staff.hangup", { userId: ALICE })).refusal?.reason).toBe("held");
    expect(apply(reach("transferring"), ev("staff.hangup", { userId: ALICE })).refusal?.reason).toBe("held");
  });

  it("only the owner holds, parks, transfers or hangs up", () => {
    const active = reach("active");
    for (const event of [
      ev("staff.hold", { userId: BOB }),
      ev("staff.park", { userId: BOB, parkNo: 1 }),
      ev("staff.hangup", { userId: BOB }),
      ev("transfer.start", {
        userId: BOB,
        transferId: "t",
        target: { kind: "team", teamId: TEAM },
        offerTo: [{ userId: CAROL, teamId: TEAM }],
      }),
    ]) {
      expect(apply(active, event).refusal).toEqual({ reason: "not-owner", by: { kind: "user", userId: ALICE } });
    }
  });

  it("park only once accepted", () => {
    expect(apply(reach("connecting"), ev("staff.park", { userId: ALICE, parkNo: 1 })).refusal?.reason).toBe("not-accepted");
    expect(apply(outbound(), ev("staff.park", { userId: ALICE, parkNo: 1 })).refusal?.reason).toBe("not-accepted");
    expect(apply(reach("transferring"), ev("staff.park", { userId: ALICE, parkNo: 1 })).refusal?.reason).toBe("wrong-state");
  });

  it("a second park of a parked call changes nothing", () => {
    const parked = reach("parked");
    expect(apply(parked, ev("staff.park", { userId: ALICE, parkNo: 2 }))).toEqual({ call: parked, commands: [], refusal: null });
  });

  it("the owner's tab leaving the room ends an active call, not a parked one", () => {
    const t = apply(reach("active"), ev("room.left", { userId: ALICE }));
    expect(t.call).toMatchObject({ state: "ended", endStatus: "completed", endReason: "staff-left" });
    const parked = reach("parked");
    expect(apply(parked, ev("room.left", { userId: ALICE })).call).toBe(parked);
  });
});

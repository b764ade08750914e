import { describe, expect, it } from "vitest";
import type { CallEvent } from "./model.ts";
import { apply, startInbound } from "./reducer.ts";
import { ALICE, BOB, CAROL, ev, inbound, OTHER_TEAM, outbound, reach, routing, run, T0, TEAM, types } from "./reducer-test-kit.ts";

/** Emergency and hidden callers, and transfers to a team, a person or an outside extension. */

const EMERGENCY = "+1911";

/** An emergency call answered by Alice. */
function activeEmergency() {
  return run(
    inbound({ from: EMERGENCY }),
    ev("offer.sent", { offers: [{ userId: ALICE, teamId: TEAM }] }),
    ev("staff.answer", { userId: ALICE }),
    ev("room.joined", { userId: ALICE }),
  ).call;
}

describe("emergency calls", () => {
  it("ring at once: no greeting, no menu, never the queue", () => {
    const call = inbound({ from: EMERGENCY });
    expect(call.state).toBe("ringing");
    expect(apply(call, ev("queue.entered", {})).call).toBe(call);
    const ringing = run(call, ev("offer.sent", { offers: [{ userId: ALICE, teamId: TEAM }] })).call;
    expect(ringing).toMatchObject({ state: "ringing", ringRound: 1 });
    expect(apply(ringing, ev("ivr.digit", { digit: "1" })).call).toBe(ringing);
    expect(apply(ringing, ev("ivr.digit", { digit: "0" })).call).toBe(ringing);
  });

  it("are never put back in the queue: an unanswered round goes to the missed path, a failed join rings again", () => {
    const ringing = run(inbound({ from: EMERGENCY }), ev("offer.sent", { offers: [{ userId: ALICE, teamId: TEAM }] })).call;
    expect(apply(ringing, ev("ring.timeout", { round: 1 })).call.state).toBe("voicemail");
    const connecting = apply(ringing, ev("staff.answer", { userId: ALICE })).call;
    const back = apply(connecting, ev("join.timeout", { claim: 1 }));
    expect(back.call.state).toBe("ringing");
    expect(types(back)).toEqual(["staff.remove", "offers.request"]);
  });

  it("go to the missed path at once when nobody can ring", () => {
    expect(apply(inbound({ from: EMERGENCY }), ev("offer.sent", { offers: [] })).call.state).toBe("voicemail");
  });

  it.each<[string, CallEvent]>([
    ["park", ev("staff.park", { userId: ALICE, parkNo: 1 })],
    ["hold", ev("staff.hold", { userId: ALICE })],
    [
      "transfer",
      ev("transfer.start", {
        userId: ALICE,
        transferId: "t",
        target: { kind: "team", teamId: TEAM },
        offerTo: [{ userId: BOB, teamId: TEAM }],
      }),
    ],
  ])("are never %s", (_name, event) => {
    const call = activeEmergency();
    const t = apply(call, event);
    expect(t.refusal?.reason).toBe("emergency");
    expect(t.call).toBe(call);
  });

  it("never get the missed-call text", () => {
    const t = run(inbound({ from: EMERGENCY }), ev("leg.ended", { leg: "customer", status: "canceled" }));
    expect(t.call.state).toBe("ended");
    expect(types(t)).not.toContain("missed-call.text");
  });

  it("dialled out are flagged for a direct dial", () => {
    for (const to of ["911", "933", "+1933"]) {
      expect(outbound(to).emergency).toBe(true);
    }
    const t = outbound("911");
    expect(t.state).toBe("dialing");
  });
});

describe("hidden callers", () => {
  it("get no missed-call text", () => {
    const t = run(reach("ringing", { from: "anonymous" }), ev("ring.timeout", { round: 1 }), ev("queue.max-wait", {}));
    expect(t.call.state).toBe("voicemail");
    const ended = run(t.call, ev("leg.ended", { leg: "customer", status: "completed" }));
    expect(ended.call.state).toBe("ended");
    expect(types(ended)).toEqual(["room.end"]);
    const closed = startInbound({
      id: "c",
      key: "k",
      at: T0,
      teamId: TEAM,
      from: "restricted",
      period: "CLOSE",
      routing: routing({ voicemail: false }),
    });
    expect(closed.call).toMatchObject({ state: "ended", anonymous: true });
    expect(types(closed)).toEqual(["greeting.play", "room.end"]);
    expect(types(apply(inbound({ from: "restricted" }), ev("leg.ended", { leg: "customer", status: "canceled" })))).toEqual(["room.end"]);
  });

  it("get no callback (key 1) nor voicemail (key 0) menu", () => {
    for (const digit of ["0", "1"]) {
      const call = reach("queued", { from: "+266696687" });
      expect(apply(call, ev("ivr.digit", { digit })).call).toBe(call);
    }
  });

  it("still reach the staff like anyone else", () => {
    const t = run(reach("ringing", { from: "anonymous" }), ev("staff.answer", { userId: ALICE }));
    expect(t.call.state).toBe("connecting");
  });
});

describe("transfers", () => {
  const toTeam = (offerTo: { userId: string; teamId: string }[]) =>
    ev("transfer.start", { userId: ALICE, transferId: "tr-t", target: { kind: "team", teamId: OTHER_TEAM }, offerTo });
  const toExtension = () =>
    ev("transfer.start", {
      userId: ALICE,
      transferId: "tr-x",
      target: { kind: "extension", extensionId: "ext-1", phone: "+15145550199", extension: "12" },
      offerTo: [],
    });

  it("to a team ring its people and fail only once all of them refused", () => {
    const offered = run(
      reach("active"),
      toTeam([
        { userId: BOB, teamId: OTHER_TEAM },
        { userId: CAROL, teamId: OTHER_TEAM },
      ]),
    );
    expect(offered.commands).toContainEqual({
      type: "offers.send",
      offers: [
        { userId: BOB, teamId: OTHER_TEAM },
        { userId: CAROL, teamId: OTHER_TEAM },
      ],
      transferId: "tr-t",
    });
    const oneRefused = apply(offered.call, ev("transfer.refuse", { userId: BOB, transferId: "tr-t" })).call;
    expect(oneRefused.state).toBe("transferring");
    const back = apply(oneRefused, ev("transfer.refuse", { userId: CAROL, transferId: "tr-t" })).call;
    expect(back).toMatchObject({ state: "active", held: true, owner: { kind: "user", userId: ALICE } });
  });

  it("are a claim: the second target to accept is refused", () => {
    const offered = run(
      reach("active"),
      toTeam([
        { userId: BOB, teamId: OTHER_TEAM },
        { userId: CAROL, teamId: OTHER_TEAM },
      ]),
    ).call;
    const won = apply(offered, ev("transfer.accept", { userId: CAROL, transferId: "tr-t" }));
    expect(won.commands[0]).toEqual({ type: "offers.revoke", userIds: [BOB], reason: "taken" });
    const lost = apply(won.call, ev("transfer.accept", { userId: BOB, transferId: "tr-t" }));
    expect(lost.refusal).toEqual({ reason: "taken", by: { kind: "user", userId: CAROL } });
  });

  it("refuse a target that was not offered, and a transfer with nobody to ring", () => {
    expect(apply(reach("transferring"), ev("transfer.accept", { userId: CAROL, transferId: "tr-1" })).refusal?.reason).toBe("not-offered");
    expect(apply(reach("active"), toTeam([{ userId: ALICE, teamId: TEAM }])).refusal?.reason).toBe("no-target");
  });

  it("ignore a timeout of another transfer", () => {
    const transferring = reach("transferring");
    expect(apply(transferring, ev("transfer.timeout", { transferId: "tr-old" })).call).toBe(transferring);
  });

  it("of a held call do not hold it twice", () => {
    const held = run(reach("active"), ev("staff.hold", { userId: ALICE })).call;
    expect(types(apply(held, toExtension()))).toEqual(["external.dial", "timer.schedule"]);
  });

  it("to an extension dial it, hand it the call when it answers, and come back when it is busy", () => {
    const dialing = run(reach("active"), toExtension());
    expect(dialing.commands).toContainEqual({ type: "external.dial", phone: "+15145550199", extension: "12" });
    const answered = apply(dialing.call, ev("leg.answered", { leg: "external" }));
    expect(answered.call).toMatchObject({ state: "active", held: false, owner: { kind: "extension", extensionId: "ext-1" } });
    expect(types(answered)).toEqual(["customer.resume", "staff.remove"]);
    const busy = apply(dialing.call, ev("leg.ended", { leg: "external", status: "busy" }));
    expect(busy.call).toMatchObject({ state: "active", held: true, owner: { kind: "user", userId: ALICE } });
    expect(types(busy)).toEqual(["external.hangup"]);
    const over = apply(answered.call, ev("leg.ended", { leg: "external", status: "completed" }));
    expect(over.call).toMatchObject({ state: "ended", endStatus: "completed", endReason: "remote-ended" });
  });

  it("whose target hangs up mid-ring return the caller, never drop them", () => {
    const t = apply(reach("transferring"), ev("transfer.refuse", { userId: BOB, transferId: "tr-1" }));
    expect(t.call.state).toBe("active");
    expect(types(t)).not.toContain("room.end");
  });
});

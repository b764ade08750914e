import { describe, expect, it } from "vitest";
import { ALICE, BOB, CAROL, ev, inbound, nextKey, reach, run, T0, TEAM, types } from "./reducer-test-kit.ts";

/** Ring rounds, the maximum wait and the 90 s check: how a waiting call moves on without anyone acting. */

describe("unanswered rounds", () => {
  it("go to voicemail after the third round with the queue on", () => {
    const round = (n: number) => [ev("offer.sent", { offers: [{ userId: ALICE, teamId: TEAM }] }), ev("ring.timeout", { round: n })];
    const afterTwo = run(reach("queued"), ...round(1), ...round(2)).call;
    expect(afterTwo).toMatchObject({ state: "queued", ringRound: 2 });
    expect(run(afterTwo, ...round(3)).call.state).toBe("voicemail");
  });

  it("end the call no-answer with the missed-call text when the team has no voicemail", () => {
    const t = run(reach("ringing", { routing: { queue: false, voicemail: false } }), ev("ring.timeout", { round: 1 }));
    expect(t.call).toMatchObject({ state: "ended", endStatus: "no-answer", endReason: "unanswered" });
    expect(types(t)).toEqual(["offers.revoke", "room.end", "missed-call.text"]);
  });

  it("go to the missed path at once when nobody can ring and the queue is off", () => {
    const t = run(reach("queued", { routing: { queue: false } }), ev("offer.sent", { offers: [] }));
    expect(t.call.state).toBe("voicemail");
  });

  it("leave the caller waiting when nobody can ring and the queue is on", () => {
    const call = reach("queued");
    const t = run(call, ev("offer.sent", { offers: [] }));
    expect(t.call).toBe(call);
  });

  it("ignore a ring timeout of an earlier round", () => {
    const ringing = run(
      reach("queued"),
      ev("offer.sent", { offers: [{ userId: ALICE, teamId: TEAM }] }),
      ev("ring.timeout", { round: 1 }),
      ev("offer.sent", { offers: [{ userId: BOB, teamId: TEAM }] }),
    ).call;
    expect(ringing).toMatchObject({ state: "ringing", ringRound: 2 });
    expect(run(ringing, ev("ring.timeout", { round: 1 })).call).toBe(ringing);
  });

  it("add a person who becomes available to the round without a second timer", () => {
    const t = run(
      reach("ringing"),
      ev("offer.sent", {
        offers: [
          { userId: CAROL, teamId: TEAM },
          { userId: ALICE, teamId: TEAM },
        ],
      }),
    );
    expect(t.commands).toEqual([{ type: "offers.send", offers: [{ userId: CAROL, teamId: TEAM }], transferId: null }]);
    expect(t.call.offers.filter((o) => o.status === "pending").map((o) => o.userId)).toEqual([ALICE, BOB, CAROL]);
  });

  it("keep the others ringing when one person rejects, or their browser declines", () => {
    for (const event of [
      ev("staff.reject", { userId: ALICE }),
      ev("staff.rejectAll", { userId: ALICE }),
      ev("offer.declined", { userId: ALICE }),
    ]) {
      const t = run(reach("ringing"), event);
      expect(t.call.state).toBe("ringing");
      expect(t.call.offers.find((o) => o.userId === BOB)?.status).toBe("pending");
      expect(t.call.offers.find((o) => o.userId === ALICE)?.status).not.toBe("pending");
    }
  });

  it("send the caller to voicemail when the maximum wait is reached", () => {
    expect(run(reach("queued"), ev("queue.max-wait", {})).call.state).toBe("voicemail");
    expect(run(reach("ringing"), ev("queue.max-wait", {})).call.state).toBe("voicemail");
    const active = reach("active");
    expect(run(active, ev("queue.max-wait", {})).call).toBe(active);
  });

  it("schedule the maximum wait from the queue entry, only with the queue on", () => {
    const on = run(reach("ivr"), ev("queue.entered", { at: 10 }));
    expect(on.commands).toContainEqual({ type: "timer.schedule", timer: { kind: "max-wait" }, dueAt: T0 + 610_000 });
    const off = run(reach("ivr", { routing: { queue: false } }), ev("queue.entered", { at: 10 }));
    expect(types(off)).toEqual(["offers.request"]);
  });
});

describe("the 90 s check", () => {
  it("extends the threshold of a live call and offers a waiting one again", () => {
    const t = run(reach("queued"), ev("check.result", { threshold: T0 + 90_000, outcome: "live" }));
    expect(t.call.nextCheckAt).toBe(T0 + 180_000);
    expect(t.commands).toEqual([
      { type: "timer.schedule", timer: { kind: "check", threshold: T0 + 180_000 }, dueAt: T0 + 180_000 },
      { type: "offers.request" },
    ]);
    expect(types(run(reach("active"), ev("check.result", { threshold: T0 + 90_000, outcome: "live" })))).toEqual(["timer.schedule"]);
  });

  it("ignores a result for another threshold", () => {
    const call = reach("queued");
    expect(run(call, ev("check.result", { threshold: T0 + 180_000, outcome: "over" })).call).toBe(call);
  });
});

describe("startInbound flags", () => {
  it("marks hidden and emergency callers", () => {
    expect(inbound({ from: "restricted" })).toMatchObject({ anonymous: true, emergency: false });
    expect(inbound({ from: "+1911" })).toMatchObject({ anonymous: false, emergency: true });
    expect(inbound()).toMatchObject({ anonymous: false, emergency: false });
  });
  it("gives each new call its own key", () => {
    expect(inbound().keys).toHaveLength(1);
    expect(nextKey()).not.toBe(nextKey());
  });
});

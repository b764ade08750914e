import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CallView } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { uniquePhone } from "../../../test/helpers.ts";
import { callBySid, callIn, callsWorld, clinic, until, type CallsWorld, type Clinic } from "./calls-test-kit.ts";

/** The waiting caller's keys over the sandbox (issue 13 §3): 1 asks for a call back by text. */

let w: CallsWorld;
let c: Clinic;

beforeAll(async () => {
  w = await callsWorld({ devTools: true });
  c = await clinic(w.t);
  // Queue on at every level, and nobody online: the caller waits in the queue.
  await withTenant(w.t.db.owner, c.org.orgId, async (tx) => {
    await tx
      .updateTable("organizations")
      .set({
        call_queue_enabled: true,
        options: JSON.stringify({
          twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
          voiceQueue: { enabled: true, notification: false },
        }),
      })
      .where("id", "=", c.org.orgId)
      .execute();
    await tx
      .updateTable("teams")
      .set({ settings: JSON.stringify({ voiceQueue: true }) })
      .where("id", "=", c.org.teams.main)
      .execute();
  });
});
afterAll(async () => {
  await w.close();
});

async function stateOf(token: string, sid: string, state: CallView["state"]): Promise<CallView> {
  return until(async () => {
    const v = await callBySid(w.t, token, sid);
    return v.state === state ? v : null;
  }, `the call ${state}`);
}

const press = (sid: string, digits: string) =>
  w.t.request({ method: "POST", url: `/api/sandbox/calls/${sid}/digits`, payload: { digits } });

describe("key 1: a call back by text", () => {
  it("ends the call, texts the caller from the team's number, and leaves their thread unread with the request", async () => {
    const phone = uniquePhone();
    const started = await callIn(w.t, phone, c.number);
    const token = await w.t.as(c.staff[0]!);
    await stateOf(token, started.sid, "queued");
    const pressed = await press(started.sid, "1");
    expect(pressed.statusCode, pressed.body).toBe(200);
    const ended = await stateOf(token, started.sid, "ended");
    expect(ended.endStatus).toBe("canceled");

    await until(async () => w.t.carrier.outboxFor(phone).length > 0, "the callback text");
    const [text] = w.t.carrier.outboxFor(phone);
    expect(text).toMatchObject({ from: c.number, body: "Vous nous avez demandé de vous rappeler. Nous le ferons dès que possible." });

    const thread = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.selectFrom("threads").select(["id", "has_notification", "team_id"]).where("contact_phone", "=", phone).executeTakeFirstOrThrow(),
    );
    expect(thread).toMatchObject({ has_notification: true, team_id: c.org.teams.main });
    const messages = await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx.selectFrom("messages").select(["call", "direction", "body"]).where("thread_id", "=", thread.id).orderBy("created_at").execute(),
    );
    expect(messages.map((m) => m.call)).toContainEqual(expect.objectContaining({ state: "ended", callbackRequested: true }));
    expect(messages.filter((m) => m.call === null).map((m) => m.direction)).toEqual(["outbound"]);

    // Pressing again changes nothing: the call is over, and no second text goes out.
    await press(started.sid, "1");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(w.t.carrier.outboxFor(phone)).toHaveLength(1);
  });

  it("answers in the contact's language when it is known", async () => {
    const phone = uniquePhone();
    await withTenant(w.t.db.owner, c.org.orgId, (tx) =>
      tx
        .insertInto("contacts")
        .values({ organization_id: c.org.orgId, phone, first_name: "Ann", last_name: "Lee", language: "en" })
        .execute(),
    );
    const started = await callIn(w.t, phone, c.number);
    const token = await w.t.as(c.staff[0]!);
    await stateOf(token, started.sid, "queued");
    await press(started.sid, "1");
    await until(async () => w.t.carrier.outboxFor(phone).length > 0, "the callback text");
    expect(w.t.carrier.outboxFor(phone)[0]?.body).toBe("You asked us to call you back. We will do so as soon as possible.");
  });

  it("gives a hidden caller no callback: the key does nothing and nobody is texted", async () => {
    const started = await callIn(w.t, "anonymous", c.number);
    const token = await w.t.as(c.staff[0]!);
    await stateOf(token, started.sid, "queued");
    await press(started.sid, "1");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await callBySid(w.t, token, started.sid)).state).toBe("queued");
    await w.t.request({ method: "POST", url: `/api/sandbox/calls/${started.sid}/hangup` });
    expect(w.t.carrier.outboxFor("anonymous")).toEqual([]);
  });
});

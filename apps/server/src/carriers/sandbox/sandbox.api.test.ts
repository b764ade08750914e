import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Message, SandboxConversation, SandboxNumber, SandboxSettings } from "@relais/shared";
import { apiSuite, createTestApp, expectError, setTeamPhone, uniquePhone } from "../../../test/helpers.ts";
import { API, createThread, givePhones, messagesOf, until } from "../../modules/messaging/messaging-test-kit.ts";

/** The phone simulator's routes: network settings, clinic numbers, a phone's conversation. */

const { t, org, other } = apiSuite();
let phones: { main: string; second: string };
let otherPhones: { main: string; second: string };

/** A 1×1 transparent PNG, as a phone would attach a picture. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

beforeAll(async () => {
  phones = await givePhones(t, org);
  otherPhones = await givePhones(t, other);
});
// Every test starts from the network createTestApp builds, whatever the one before changed.
afterEach(() => {
  t.carrier.configure({ deliveryMs: 20, failureRate: 0 });
});

const getSettings = () => t.request({ method: "GET", url: "/api/sandbox/settings" });
const putSettings = (payload: unknown) => t.request({ method: "PUT", url: "/api/sandbox/settings", payload: payload as object });
const conversation = (phone: string, clinic: string) =>
  t.request({ method: "GET", url: `/api/sandbox/conversation?phone=${encodeURIComponent(phone)}&with=${encodeURIComponent(clinic)}` });
const inbound = (payload: Record<string, unknown>) => t.request({ method: "POST", url: "/api/sandbox/inbound", payload });

async function statusOf(token: string, threadId: string, messageId: string): Promise<Message | undefined> {
  return (await messagesOf(t, token, threadId)).find((m) => m.id === messageId);
}

/** Public counters would let one test's requests throttle the next. */
async function clearRateLimits(): Promise<void> {
  await sql`delete from rate_limits`.execute(t.db.owner);
}

describe("sandbox settings", () => {
  it("GET answers the network's current delay and failure rate", async () => {
    const res = await getSettings();
    expect(res.statusCode, res.body).toBe(200);
    // createTestApp starts the sandbox at 20 ms and no failure.
    expect(res.json()).toEqual({ deliveryMs: 20, failureRate: 0 });
  });

  it("a longer delay holds each status back for that long", async () => {
    const res = await putSettings({ deliveryMs: 400, failureRate: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SandboxSettings>()).toEqual({ deliveryMs: 400, failureRate: 0 });
    expect((await getSettings()).json()).toEqual({ deliveryMs: 400, failureRate: 0 });

    const token = await t.as(org.users.user);
    const started = Date.now();
    const { thread, message } = await createThread(t, token, uniquePhone(), "Rappel : demain 9 h");
    await new Promise((r) => setTimeout(r, 200));
    expect((await statusOf(token, thread.id, message.id))?.status).toBe("sending");
    await until(async () => (await statusOf(token, thread.id, message.id))?.status === "delivered", "delivery");
    // sent after one delay, delivered after two.
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
  });

  it("a failure rate of 1 fails every text, and 0 fails none again", async () => {
    expect((await putSettings({ deliveryMs: 5, failureRate: 1 })).statusCode).toBe(200);
    const token = await t.as(org.users.user);
    const failing = await createThread(t, token, uniquePhone(), "Ceci n'arrivera pas");
    const failed = await until(async () => {
      const m = await statusOf(token, failing.thread.id, failing.message.id);
      return m?.status === "failed" ? m : null;
    }, "failure");
    expect(failed.failureReason).toBe("sandbox: simulated network failure");

    expect((await putSettings({ deliveryMs: 5, failureRate: 0 })).statusCode).toBe(200);
    const passing = await createThread(t, token, uniquePhone(), "Celui-ci arrive");
    await until(async () => (await statusOf(token, passing.thread.id, passing.message.id))?.status === "delivered", "delivery");
  });

  it("refuses a delay or a rate out of range with the catalogue's key, and changes nothing", async () => {
    for (const payload of [
      { deliveryMs: 60_001, failureRate: 0 },
      { deliveryMs: -1, failureRate: 0 },
      { deliveryMs: 1.5, failureRate: 0 },
    ]) {
      expectError(await putSettings(payload), 400, "simulator.error.delay-range");
    }
    for (const payload of [
      { deliveryMs: 0, failureRate: 1.01 },
      { deliveryMs: 0, failureRate: -0.1 },
    ]) {
      expectError(await putSettings(payload), 400, "simulator.error.failure-rate-range");
    }
    expectError(await putSettings({ deliveryMs: 0 }), 400, "simulator.error.failure-rate-range");
    expectError(await putSettings({ deliveryMs: 0, failureRate: 0, extra: 1 }), 400, "error.validation");
    expect((await getSettings()).json()).toEqual({ deliveryMs: 20, failureRate: 0 });
  });

  it("is rate limited per address", async () => {
    await clearRateLimits();
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) answers.push((await putSettings({ deliveryMs: 20, failureRate: 0 })).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
    const last = await putSettings({ deliveryMs: 20, failureRate: 0 });
    expectError(last, 429, "error.throttle");
    await clearRateLimits();
  });
});

describe("sandbox numbers", () => {
  it("lists every organisation's team numbers with the organisation's names and the team's label", async () => {
    const res = await t.request({ method: "GET", url: "/api/sandbox/numbers" });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<SandboxNumber[]>();
    const byNumber = new Map(list.map((n) => [n.number, n]));
    expect(byNumber.get(phones.main)).toEqual({
      number: phones.main,
      organizationName: { "fr-CA": expect.stringMatching(/^Clinique /), "en-CA": expect.stringMatching(/^Clinic /) },
      teamLabel: "Réception",
    });
    expect(byNumber.get(phones.second)?.teamLabel).toBe("Hygiène");
    // Across tenants: a phone may text any clinic.
    expect(byNumber.get(otherPhones.main)?.organizationName).not.toEqual(byNumber.get(phones.main)?.organizationName);
    expect(new Set(list.map((n) => n.number)).size).toBe(list.length);
  });

  it("leaves out teams without a number and names a shared number after the team that receives its texts", async () => {
    const before = (await t.request({ method: "GET", url: "/api/sandbox/numbers" })).json<SandboxNumber[]>();
    const bare = await t.tenant();
    const numberless = (await t.request({ method: "GET", url: "/api/sandbox/numbers" })).json<SandboxNumber[]>();
    expect(numberless).toEqual(before);
    const shared = uniquePhone();
    await setTeamPhone(t, bare.orgId, bare.teams.main, shared);
    await setTeamPhone(t, bare.orgId, bare.teams.second, shared);
    const after = (await t.request({ method: "GET", url: "/api/sandbox/numbers" })).json<SandboxNumber[]>();
    expect(after.length).toBe(before.length + 1);
    expect(after.filter((n) => n.number === shared)).toEqual([expect.objectContaining({ teamLabel: "Réception" })]);
  });
});

describe("sandbox conversation", () => {
  it("shows both directions in order: the phone's texts and files, the clinic's answers with their statuses", async () => {
    const contact = uniquePhone();
    const first = await inbound({
      from: contact,
      to: phones.main,
      body: "Bonjour, une photo de ma dent",
      media: [{ filename: "dent.png", dataBase64: PNG_BASE64 }],
    });
    expect(first.statusCode, first.body).toBe(201);

    const token = await t.as(org.users.user);
    const threads = await t.request({ method: "GET", url: `${API}/threads`, token });
    const thread = threads.json<{ threads: { id: string; contactPhone: string }[] }>().threads.find((th) => th.contactPhone === contact);
    expect(thread).toBeDefined();
    const answer = await t.request({
      method: "POST",
      url: `${API}/threads/${thread?.id ?? ""}/messages`,
      token,
      payload: { body: "Merci, reçue." },
    });
    expect(answer.statusCode, answer.body).toBe(201);

    const delivered = await until(async () => {
      const res = await conversation(contact, phones.main);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<SandboxConversation>().items;
      return items[1]?.status === "delivered" ? items : null;
    }, "the answer delivered to the phone");
    expect(delivered).toEqual([
      {
        id: first.json().carrierMessageId,
        direction: "sent",
        body: "Bonjour, une photo de ma dent",
        media: [{ contentType: "image/png", url: expect.stringMatching(/^\/api\/sandbox\/phone-media\/[a-f0-9]{32}$/) }],
        status: "delivered",
        failureReason: null,
        at: expect.any(String),
      },
      {
        id: expect.stringMatching(/^SM/),
        direction: "received",
        body: "Merci, reçue.",
        media: [],
        status: "delivered",
        failureReason: null,
        at: expect.any(String),
      },
    ]);
    expect(Date.parse(delivered[0]?.at ?? "")).toBeLessThanOrEqual(Date.parse(delivered[1]?.at ?? ""));

    // The phone's own picture is served back, as the bytes it sent.
    const picture = await t.request({ method: "GET", url: delivered[0]?.media[0]?.url ?? "" });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["content-type"]).toBe("image/png");
    expect(picture.headers["x-content-type-options"]).toBe("nosniff");
    expect(picture.rawPayload.equals(Buffer.from(PNG_BASE64, "base64"))).toBe(true);
  });

  it("keeps each pair apart: another clinic number or another phone sees none of it", async () => {
    const contact = uniquePhone();
    expect((await inbound({ from: contact, to: phones.main, body: "À la réception" })).statusCode).toBe(201);
    expect((await inbound({ from: contact, to: otherPhones.main, body: "À l'autre clinique" })).statusCode).toBe(201);

    const main = (await conversation(contact, phones.main)).json<SandboxConversation>().items;
    expect(main.map((i) => i.body)).toEqual(["À la réception"]);
    const elsewhere = (await conversation(contact, otherPhones.main)).json<SandboxConversation>().items;
    expect(elsewhere.map((i) => i.body)).toEqual(["À l'autre clinique"]);
    expect((await conversation(uniquePhone(), phones.main)).json()).toEqual({ items: [] });
    expect((await conversation(contact, phones.second)).json()).toEqual({ items: [] });
  });

  it("does not record a text Relais refused (no team owns the number)", async () => {
    const contact = uniquePhone();
    const nobody = uniquePhone();
    const res = await inbound({ from: contact, to: nobody, body: "Personne ici?" });
    expectError(res, 404, "error.not-found");
    expect((await conversation(contact, nobody)).json()).toEqual({ items: [] });
  });

  it("shows a failed answer as failed, with the network's reason", async () => {
    const token = await t.as(org.users.user);
    const contact = uniquePhone();
    await putSettings({ deliveryMs: 5, failureRate: 1 });
    await createThread(t, token, contact, "Perdu en route");
    const items = await until(async () => {
      const list = (await conversation(contact, phones.main)).json<SandboxConversation>().items;
      return list[0]?.status === "failed" ? list : null;
    }, "failure seen by the phone");
    expect(items).toEqual([
      expect.objectContaining({ direction: "received", status: "failed", failureReason: "sandbox: simulated network failure" }),
    ]);
  });

  it("answers error.phone-invalid to a number that is not E.164, and 404 to an unknown file", async () => {
    expectError(await conversation("5145550199", phones.main), 400, "error.phone-invalid");
    expectError(await conversation(uniquePhone(), "abc"), 400, "error.phone-invalid");
    expectError(
      await t.request({ method: "GET", url: `/api/sandbox/conversation?phone=${encodeURIComponent(uniquePhone())}` }),
      400,
      "error.validation",
    );
    expectError(await t.request({ method: "GET", url: `/api/sandbox/phone-media/${"0".repeat(32)}` }), 404, "error.not-found");
    expectError(await t.request({ method: "GET", url: "/api/sandbox/phone-media/not-an-id" }), 400, "error.validation");
  });

  it("a staff token opens nothing more: the routes ignore who calls", async () => {
    const token = await t.as(other.users.admin);
    const contact = uniquePhone();
    await inbound({ from: contact, to: phones.main, body: "Seulement pour ce couple" });
    const res = await t.request({
      method: "GET",
      url: `/api/sandbox/conversation?phone=${encodeURIComponent(contact)}&with=${encodeURIComponent(phones.main)}`,
      token,
    });
    expect(res.json<SandboxConversation>().items.map((i) => i.body)).toEqual(["Seulement pour ce couple"]);
  });
});

describe("without the sandbox network", () => {
  it("serves none of the simulator's routes in production", async () => {
    const prod = await createTestApp({ NODE_ENV: "production", devTools: false });
    try {
      for (const [method, url] of [
        ["GET", "/api/sandbox/settings"],
        ["PUT", "/api/sandbox/settings"],
        ["GET", "/api/sandbox/numbers"],
        ["GET", `/api/sandbox/conversation?phone=${encodeURIComponent(uniquePhone())}&with=${encodeURIComponent(uniquePhone())}`],
        ["GET", `/api/sandbox/phone-media/${"0".repeat(32)}`],
      ] as const) {
        const res = await prod.request({ method, url, ...(method === "PUT" ? { payload: { deliveryMs: 0, failureRate: 1 } } : {}) });
        expectError(res, 404, "error.not-found");
      }
    } finally {
      await prod.close();
    }
  });
});

import { describe, expect, it } from "vitest";
import type { AssignedSip, CreatedSipEndpoint, SipEndpoint } from "@relais/shared";
import { apiSuite, expectError } from "../../../test/helpers.ts";

/** Desk phones (issue 13 §4): administrators add and remove them, each person holds at most one, one person per phone. */

const { t, org, other } = apiSuite();
const BASE = "/api/sips/v1";

async function add(label: string, who = org): Promise<SipEndpoint> {
  const res = await t.request({ method: "POST", url: `${BASE}/endpoints`, token: await t.as(who.users.admin), payload: { label } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatedSipEndpoint>().endpoint;
}

async function assign(id: string, user = org.users.user) {
  return t.request({ method: "PUT", url: `${BASE}/users/assign/${id}`, token: await t.as(user) });
}

async function assigned(user = org.users.user): Promise<AssignedSip> {
  const res = await t.request({ method: "GET", url: `${BASE}/users/assigned`, token: await t.as(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AssignedSip>();
}

describe("desk phones", () => {
  it("adds a phone with a server-made SIP username on the sandbox domain, and no password (no credential under the sandbox)", async () => {
    const res = await t.request({
      method: "POST",
      url: `${BASE}/endpoints`,
      token: await t.as(org.users.admin),
      payload: { label: "Accueil 1" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreatedSipEndpoint>();
    expect(created.password).toBeNull();
    expect(created.endpoint.username).toMatch(/^desk_[0-9a-f]{16}$/);
    expect(created.endpoint.sipUri).toBe(`sip:${created.endpoint.username}@sip.sandbox.relais.invalid`);
    expect(created.endpoint.assignedTo).toBeNull();
    expectError(
      await t.request({ method: "POST", url: `${BASE}/endpoints`, token: await t.as(org.users.admin), payload: { label: "accueil 1" } }),
      409,
      "error.sip-label-exists",
    );
  });

  it("lets a person take a free phone, see it, switch to another and release it", async () => {
    const a = await add("Bureau A");
    const b = await add("Bureau B");
    expect((await assigned()).endpoint).toBeNull();
    const res = await assign(a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SipEndpoint>().assignedTo?.id).toBe(org.users.user.id);
    expect((await assigned()).endpoint?.id).toBe(a.id);

    // Taking another releases the first: one phone per person.
    expect((await assign(b.id)).statusCode).toBe(200);
    expect((await assigned()).endpoint?.id).toBe(b.id);
    const list = await t.request({ method: "GET", url: `${BASE}/endpoints`, token: await t.as(org.users.other) });
    const byId = new Map(list.json<SipEndpoint[]>().map((e) => [e.id, e]));
    expect(byId.get(a.id)?.assignedTo).toBeNull();
    expect(byId.get(b.id)?.assignedTo?.id).toBe(org.users.user.id);
    // Another person sees it is held and may not take it.
    expect(byId.get(b.id)?.abilities).toEqual({ assign: false, remove: false });
    expectError(await assign(b.id, org.users.other), 409, "error.no-sips");

    const release = await t.request({ method: "PUT", url: `${BASE}/users/unassign`, token: await t.as(org.users.user) });
    expect(release.json()).toEqual({ ok: true });
    expect((await assigned()).endpoint).toBeNull();
    expect((await assign(b.id, org.users.other)).statusCode).toBe(200);
  });

  it("gives a phone two people race for to exactly one of them", async () => {
    const phone = await add("Course");
    const [first, second] = await Promise.all([assign(phone.id, org.users.admin), assign(phone.id, org.users.marketing)]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expectError(loser, 409, "error.no-sips");
    const winner = first.statusCode === 200 ? org.users.admin : org.users.marketing;
    expect((await assigned(winner)).endpoint?.id).toBe(phone.id);
  });

  it("keeps other organisations out: their phones are not found, and their lists do not show ours", async () => {
    const mine = await add("Privé");
    expectError(await assign(mine.id, other.users.user), 404, "error.not-found");
    expectError(
      await t.request({ method: "DELETE", url: `${BASE}/endpoints/${mine.id}`, token: await t.as(other.users.admin) }),
      404,
      "error.not-found",
    );
    const theirs = await t.request({ method: "GET", url: `${BASE}/endpoints`, token: await t.as(other.users.user) });
    expect(theirs.json<SipEndpoint[]>().map((e) => e.id)).not.toContain(mine.id);
  });

  it("lets only administrators add and remove phones; removing a held one releases its holder", async () => {
    expectError(
      await t.request({ method: "POST", url: `${BASE}/endpoints`, token: await t.as(org.users.user), payload: { label: "X" } }),
      403,
      "error.forbidden",
    );
    const phone = await add("À retirer");
    expectError(
      await t.request({ method: "DELETE", url: `${BASE}/endpoints/${phone.id}`, token: await t.as(org.users.user) }),
      403,
      "error.forbidden",
    );
    const holder = org.users.devops;
    expect((await assign(phone.id, holder)).statusCode).toBe(200);
    const del = await t.request({ method: "DELETE", url: `${BASE}/endpoints/${phone.id}`, token: await t.as(org.users.admin) });
    expect(del.statusCode, del.body).toBe(200);
    expect((await assigned(holder)).endpoint).toBeNull();
    expectError(await assign(phone.id, holder), 404, "error.not-found");
  });
});

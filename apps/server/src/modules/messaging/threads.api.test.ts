import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Thread } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { apiSuite, expectError, setTeamPhone, uniquePhone, type Tenant } from "../../../test/helpers.ts";
import { API, createThread, eventsSeenBy, givePhones } from "./messaging-test-kit.ts";

const { t, org, other } = apiSuite();
let phones: { main: string; second: string };

beforeAll(async () => {
  phones = await givePhones(t, org);
  await givePhones(t, other);
});

const list = (token: string, query = "") => t.request({ method: "GET", url: `${API}/threads${query}`, token });
const open = (token: string, id: string) => t.request({ method: "GET", url: `${API}/threads/${id}`, token });
const update = (token: string, id: string, payload: object) => t.request({ method: "PUT", url: `${API}/threads/${id}`, token, payload });
const remove = (token: string, id: string) => t.request({ method: "DELETE", url: `${API}/threads/${id}`, token });

/** Rows of one organisation's table, read as the owner inside its tenant scope. */
async function rows(orgId: string, query: string): Promise<Record<string, unknown>[]> {
  return withTenant(t.db.owner, orgId, async (tx) => (await sql.raw<Record<string, unknown>>(query).execute(tx)).rows);
}

describe("POST threads", () => {
  it("creates the thread in the caller's team, from the team's number, and sends the first text", async () => {
    const token = await t.as(org.users.user);
    const res = await t.request({ method: "POST", url: `${API}/threads`, token, payload: { to: " 514 555 0199 ", body: "Bonjour!" } });
    expect(res.statusCode, res.body).toBe(201);
    const { thread, message } = res.json<{ thread: Thread; message: { id: string; status: string } }>();
    expect(thread).toMatchObject({
      teamId: org.teams.main,
      from: phones.main,
      contactPhone: "+15145550199",
      state: "active",
      attributes: { pinned: false, hasNotification: false, hasIncompleteFollowup: false },
      lastMessage: { body: "Bonjour!", direction: "outbound" },
    });
    expect(message).toMatchObject({ status: "sending", direction: "outbound", from: phones.main, to: "+15145550199", body: "Bonjour!" });
    expect(thread.lastMessage?.id).toBe(message.id);
  });

  it("answers 400 error.add-conversation-number in French for an invalid number, writing nothing", async () => {
    const token = await t.as(org.users.user);
    for (const to of ["123", "abc", "+1 514 555 01999999", "", "+1514555\u00000199"]) {
      const res = await t.request({ method: "POST", url: `${API}/threads`, token, payload: { to, body: "Bonjour" } });
      expectError(res, 400, "error.add-conversation-number");
      expect(res.json().error.message).toBe("Le numéro de téléphone pour ce contact est invalide.");
    }
    // The English text, for a person whose language is English.
    const en = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const enToken = await t.as(en);
    await t.request({ method: "PUT", url: "/api/auth/profile", token: enToken, payload: { locale: "en-CA" } });
    const res = await t.request({ method: "POST", url: `${API}/threads`, token: enToken, payload: { to: "123", body: "Hi" } });
    expect(res.json().error.message).toBe("The phone number for this contact is invalid.");
  });

  it("answers 409 error.existing-conversation, then error.existing-archived once archived", async () => {
    const token = await t.as(org.users.user);
    const to = uniquePhone();
    const { thread } = await createThread(t, token, to);
    expectError(
      await t.request({ method: "POST", url: `${API}/threads`, token, payload: { to, body: "Encore" } }),
      409,
      "error.existing-conversation",
    );
    expect((await update(token, thread.id, { state: "inactive" })).statusCode).toBe(200);
    expectError(
      await t.request({ method: "POST", url: `${API}/threads`, token, payload: { to, body: "Encore" } }),
      409,
      "error.existing-archived",
    );
    // The same number in another team is another conversation.
    const res = await t.request({
      method: "POST",
      url: `${API}/threads`,
      token: await t.as(org.users.other),
      payload: { to, body: "Salut" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().thread.teamId).toBe(org.teams.second);
  });

  it("answers 409 error.no-phones-configured for a team without a number", async () => {
    const mine = await t.tenant();
    const res = await t.request({
      method: "POST",
      url: `${API}/threads`,
      token: await t.as(mine.users.user),
      payload: { to: uniquePhone(), body: "x" },
    });
    expectError(res, 409, "error.no-phones-configured");
    await setTeamPhone(t, mine.orgId, mine.teams.main, uniquePhone());
  });

  it("uses the caller's current team when they belong to several", async () => {
    const token = await t.as(org.users.admin);
    for (const team of [org.teams.second, org.teams.main]) {
      const sw = await t.request({ method: "PUT", url: "/api/auth/user-group", token, payload: { userGroup: team } });
      expect(sw.statusCode, sw.body).toBe(200);
      expect((await createThread(t, token)).thread.teamId).toBe(team);
    }
  });

  it("keeps the attributes given at creation", async () => {
    const res = await t.request({
      method: "POST",
      url: `${API}/threads`,
      token: await t.as(org.users.user),
      payload: { to: uniquePhone(), body: "x", attributes: { pinned: true, hasIncompleteFollowup: true } },
    });
    expect(res.json().thread.attributes).toEqual({ pinned: true, hasNotification: false, hasIncompleteFollowup: true });
  });
});

describe("GET threads: order, pagination, teams, unread counts", () => {
  let mine: Tenant;
  let token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    mine = await t.tenant();
    await givePhones(t, mine);
    token = await t.as(mine.users.user);
    for (const name of ["a", "b", "c", "d", "e", "f", "g"]) ids[name] = (await createThread(t, token)).thread.id;
    // b and e pinned; f archived then a text in d (d moves up); g unread.
    await update(token, ids["b"]!, { attributes: { pinned: true } });
    await update(token, ids["e"]!, { attributes: { pinned: true } });
    await update(token, ids["f"]!, { state: "inactive" });
    await update(token, ids["g"]!, { attributes: { hasNotification: true } });
    await t.request({ method: "POST", url: `${API}/threads/${ids["d"]}/messages`, token, payload: { body: "relance" } });
  });

  const names = (threads: Thread[]) => threads.map((x) => Object.keys(ids).find((k) => ids[k] === x.id));

  it("lists active threads pinned first, then by latest update; inactive ones apart", async () => {
    const res = await list(token);
    expect(res.statusCode, res.body).toBe(200);
    // Pinned e (newer) and b; then d (last text), g, c, a.
    expect(names(res.json().threads)).toEqual(["e", "b", "d", "g", "c", "a"]);
    expect(res.json().nextCursor).toBeNull();
    expect(res.json().unread).toEqual({ active: 1, inactive: 0 });
    const inactive = await list(token, "?state=inactive");
    expect(names(inactive.json().threads)).toEqual(["f"]);
  });

  it("pages with an opaque cursor without duplicates or gaps", async () => {
    for (const [state, size] of [
      ["active", 1],
      ["active", 2],
      ["active", 4],
      ["inactive", 1],
    ] as const) {
      const all = (await list(token, `?state=${state}`)).json().threads.map((x: Thread) => x.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 20; i++) {
        const res = await list(token, `?state=${state}&limit=${size}${cursor ? `&cursor=${cursor}` : ""}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        expect(page.threads.length).toBeLessThanOrEqual(size);
        seen.push(...page.threads.map((x: Thread) => x.id));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen, `${state} by ${size}`).toEqual(all);
    }
  });

  it("answers 400 to a forged cursor", async () => {
    for (const cursor of ["abc", Buffer.from('["x"]').toString("base64url"), Buffer.from('[true,"2026","x"]').toString("base64url")]) {
      expectError(await list(token, `?cursor=${cursor}`), 400, "error.bad-request");
    }
  });

  it("shows only the threads of the caller's teams", async () => {
    const second = await createThread(t, await t.as(mine.users.other));
    const mainList = (await list(token)).json().threads.map((x: Thread) => x.id);
    expect(mainList).not.toContain(second.thread.id);
    expect((await list(await t.as(mine.users.other))).json().threads.map((x: Thread) => x.id)).toEqual([second.thread.id]);
    const adminList = (await list(await t.as(mine.users.admin))).json().threads.map((x: Thread) => x.id);
    expect(adminList).toContain(second.thread.id);
    expect(adminList).toContain(ids["a"]);
    // Another organisation sees none of them.
    const foreign = (await list(await t.as(other.users.admin))).json().threads.map((x: Thread) => x.id);
    expect(foreign).not.toContain(second.thread.id);
  });

  it("merges several teams' threads in one order, page after page (an administrator's list)", async () => {
    // Threads of the second team between the first team's, one of them pinned, one archived.
    const otherToken = await t.as(mine.users.other);
    const theirs: string[] = [];
    for (let i = 0; i < 4; i++) {
      theirs.push((await createThread(t, otherToken)).thread.id);
      await t.request({
        method: "POST",
        url: `${API}/threads/${ids[["a", "c", "g", "b"][i]!]}/messages`,
        token,
        payload: { body: `relance ${i}` },
      });
    }
    await update(otherToken, theirs[1]!, { attributes: { pinned: true } });
    await update(otherToken, theirs[2]!, { state: "inactive" });
    const admin = await t.as(mine.users.admin);
    for (const state of ["active", "inactive"] as const) {
      const pinnedFirst = state === "active" ? "pinned desc," : "";
      const expected = (
        await rows(
          mine.orgId,
          `select id from threads where state = '${state}' and team_id in ('${mine.teams.main}', '${mine.teams.second}')
           order by ${pinnedFirst} updated_at desc, id desc`,
        )
      ).map((r) => r["id"]);
      expect(expected).toEqual(expect.arrayContaining(state === "active" ? [theirs[0], theirs[1], ids["a"]] : [theirs[2], ids["f"]]));
      for (const size of [1, 2, 3, 50]) {
        const seen: string[] = [];
        let cursor: string | null = null;
        for (let i = 0; i < 30; i++) {
          const res = await list(admin, `?state=${state}&limit=${size}${cursor ? `&cursor=${cursor}` : ""}`);
          expect(res.statusCode, res.body).toBe(200);
          seen.push(...res.json().threads.map((x: Thread) => x.id));
          cursor = res.json().nextCursor;
          if (!cursor) break;
        }
        expect(seen, `${state} by ${size}`).toEqual(expected);
      }
    }
  });
});

describe("GET threads/{id}: opening", () => {
  it("clears the incomplete follow-up and the unread mark, announcing it to the team", async () => {
    const token = await t.as(org.users.user);
    const { thread } = await createThread(t, token);
    await update(token, thread.id, { attributes: { hasNotification: true, hasIncompleteFollowup: true } });
    const res = await open(token, thread.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().attributes).toEqual({ pinned: false, hasNotification: false, hasIncompleteFollowup: false });
    const events = (await eventsSeenBy(t, token)).filter((e) => e.type === "thread.updated" && e.payload["id"] === thread.id);
    expect(events.at(-1)?.payload).toMatchObject({ attributes: { hasNotification: false, hasIncompleteFollowup: false } });
    // Opening again changes nothing and announces nothing.
    const before = events.length;
    await open(token, thread.id);
    expect((await eventsSeenBy(t, token)).filter((e) => e.type === "thread.updated" && e.payload["id"] === thread.id)).toHaveLength(before);
  });
});

describe("PUT threads/{id}", () => {
  it("archives, restores, pins and marks unread; 'Invalid state' for any other state", async () => {
    const token = await t.as(org.users.user);
    const { thread } = await createThread(t, token);
    const archived = await update(token, thread.id, { state: "inactive" });
    expect(archived.json()).toMatchObject({ state: "inactive" });
    expect(archived.json().updatedAt > thread.updatedAt).toBe(true);
    const pinned = await update(token, thread.id, { state: "active", attributes: { pinned: true, hasNotification: true } });
    expect(pinned.json()).toMatchObject({ state: "active", attributes: { pinned: true, hasNotification: true } });
    for (const state of ["archived", "ACTIVE", "", "deleted"]) {
      const res = await update(token, thread.id, { state });
      expectError(res, 400, "error.invalid-state");
    }
    const en = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const enToken = await t.as(en);
    await t.request({ method: "PUT", url: "/api/auth/profile", token: enToken, payload: { locale: "en-CA" } });
    expect((await update(enToken, thread.id, { state: "x" })).json().error.message).toBe("Invalid state.");
    expect((await open(token, thread.id)).json().state).toBe("active");
  });
});

describe("DELETE threads/{id}", () => {
  it("removes the thread and its messages, writes the audit log and announces it", async () => {
    const token = await t.as(org.users.user);
    const { thread } = await createThread(t, token);
    const res = await remove(token, thread.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await open(token, thread.id)).statusCode).toBe(404);
    expect(await rows(org.orgId, `select id from messages where thread_id = '${thread.id}'`)).toEqual([]);
    const audit = await rows(org.orgId, `select action, entity, user_id from audit_log where entity_id = '${thread.id}'`);
    expect(audit).toEqual([{ action: "delete", entity: "thread", user_id: org.users.user.id }]);
    const removed = (await eventsSeenBy(t, token)).filter((e) => e.type === "thread.removed");
    expect(removed.at(-1)).toMatchObject({ teamId: org.teams.main, payload: { id: thread.id, teamId: org.teams.main } });
  });
});

describe("another team's or organisation's thread is not found, on every route", () => {
  let threadId: string;
  let messageId: string;

  beforeAll(async () => {
    const created = await createThread(t, await t.as(org.users.user));
    threadId = created.thread.id;
    messageId = created.message.id;
  });

  const routes = (id: string, msg: string) =>
    [
      { method: "GET", url: `${API}/threads/${id}` },
      { method: "PUT", url: `${API}/threads/${id}`, payload: { attributes: { pinned: true } } },
      { method: "DELETE", url: `${API}/threads/${id}` },
      { method: "GET", url: `${API}/threads/${id}/messages` },
      { method: "POST", url: `${API}/threads/${id}/messages`, payload: { body: "intrus" } },
      { method: "POST", url: `${API}/threads/${id}/messages/${msg}/retry` },
    ] as const;

  it("answers 404 to a member of another team (the thread stays untouched)", async () => {
    const token = await t.as(org.users.other);
    for (const r of routes(threadId, messageId)) expectError(await t.request({ ...r, token }), 404, "error.not-found");
    expect((await open(await t.as(org.users.user), threadId)).json().attributes.pinned).toBe(false);
  });

  it("answers 404 to an administrator of another organisation", async () => {
    const token = await t.as(other.users.admin);
    for (const r of routes(threadId, messageId)) expectError(await t.request({ ...r, token }), 404, "error.not-found");
  });

  it("does not list it for another team or organisation", async () => {
    for (const u of [org.users.other, other.users.admin]) {
      const ids = (await list(await t.as(u))).json().threads.map((x: Thread) => x.id);
      expect(ids).not.toContain(threadId);
    }
  });
});

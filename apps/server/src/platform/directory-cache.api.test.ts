import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import { createDatabase, withTenant } from "../db/database.ts";
import { appUrlFor } from "../db/app-login.ts";
import { TEST_APP_PASSWORD } from "../../test/app-password.ts";
import { createTestApp, statementsDuring, type Tenant, type TestApp } from "../../test/helpers.ts";
import { databaseUrlOf, newSigner, sleep, startNode, type Node } from "./realtime/realtime.test-kit.ts";
import { registerErrorHandling } from "./http-errors.ts";
import { ctxOf, registerAuthGuard } from "./auth/guard.ts";
import { createDirectoryCache, type DirectoryCache } from "./directory-cache.ts";
import type { SessionRow } from "./auth/sessions.ts";

/**
 * The session check served from memory (decision 0050): a second request reads nothing, and
 * every change to what a Ctx is built from — made by any code path, here by hand through the
 * owner pool as a migration or an operator would — is heard before the next request.
 */

let t: TestApp;
let cache: DirectoryCache;
let whoami: FastifyInstance;
let org: Tenant;

/** The session id inside an access token. */
async function sessionIdOf(jwt: string): Promise<string> {
  const claims = await t.signer.verify(jwt);
  if (!claims) throw new Error("not a token of this app");
  return claims.sessionId;
}

type Who = { role: string; locale: string; teams: string[]; currentTeamId: string | null; tier: number[] | null };

async function who(jwt: string): Promise<{ status: number; body: Who }> {
  const res = await whoami.inject({ method: "GET", url: "/api/whoami", headers: { authorization: `Bearer ${jwt}` } });
  return { status: res.statusCode, body: res.json<Who>() };
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.tenant();
  // The real guard and a cache of its own, in front of a route that shows the caller's Ctx.
  cache = createDirectoryCache({ db: t.db, log: t.app.log });
  await cache.start();
  whoami = Fastify();
  registerErrorHandling(whoami);
  registerAuthGuard(whoami, t.db.app, t.signer, cache.part<SessionRow>("session"));
  whoami.get("/api/whoami", (request) => {
    const ctx = ctxOf(request);
    return {
      role: ctx.role,
      locale: ctx.locale,
      teams: ctx.teams.map((team) => team.id).sort(),
      currentTeamId: ctx.currentTeamId,
      tier: ctx.tierPermissions,
    };
  });
  await whoami.ready();
});
afterAll(async () => {
  await whoami.close();
  await cache.close();
  await t.close();
});

describe("the session check from memory", () => {
  it("reads the session once, then answers the next request without a statement", async () => {
    const session = await t.login(org.users.user.email);
    expect((await who(session.jwt)).status).toBe(200);
    const sent = await statementsDuring(() => who(session.jwt));
    expect(sent).toEqual([]);
    expect((await who(session.jwt)).status).toBe(200);
  });

  it("hears a change to the role, the locale, the teams, the current team and the tier before the next request", async () => {
    const user = org.users.other;
    const session = await t.login(user.email);
    const sessionId = await sessionIdOf(session.jwt);
    const before = await who(session.jwt);
    expect(before.status).toBe(200);
    const owner = t.db.owner;
    const inOrg = { organization_id: org.orgId } as const;

    await owner
      .updateTable("users")
      .set({ role: "admin" })
      .where("id", "=", user.id)
      .where("organization_id", "=", inOrg.organization_id)
      .execute();
    expect((await who(session.jwt)).body.role).toBe("admin");

    const locale = before.body.locale.startsWith("fr") ? "en" : "fr";
    await owner.updateTable("users").set({ locale }).where("id", "=", user.id).execute();
    expect((await who(session.jwt)).body.locale.slice(0, 2)).toBe(locale);

    const joined = before.body.teams.includes(org.teams.second) ? org.teams.main : org.teams.second;
    await owner
      .insertInto("team_members")
      .values({ ...inOrg, team_id: joined, user_id: user.id, team_role: "user" })
      .execute();
    expect((await who(session.jwt)).body.teams).toContain(joined);

    await owner.updateTable("sessions").set({ current_team_id: joined }).where("id", "=", sessionId).execute();
    expect((await who(session.jwt)).body.currentTeamId).toBe(joined);

    await owner.deleteFrom("team_members").where("team_id", "=", joined).where("user_id", "=", user.id).execute();
    expect((await who(session.jwt)).body.teams).not.toContain(joined);

    // A tier of this test's own, so that changing its permissions touches no other test.
    const tierId = 9_000 + Math.floor(Math.random() * 90_000);
    await owner
      .insertInto("tiers")
      .values({ id: tierId, name: `cache test ${tierId}`, permissions: [1] })
      .execute();
    await owner.updateTable("organizations").set({ tier_id: tierId }).where("id", "=", org.orgId).execute();
    expect((await who(session.jwt)).body.tier).toEqual([1]);
    await owner
      .updateTable("tiers")
      .set({ permissions: [1, 2] })
      .where("id", "=", tierId)
      .execute();
    expect((await who(session.jwt)).body.tier).toEqual([1, 2]);

    await owner.updateTable("sessions").set({ revoked_at: new Date(), revoked_reason: "logout" }).where("id", "=", sessionId).execute();
    expect((await who(session.jwt)).status).toBe(401);
  });

  it("hears a change on the connection that made it before that commit answers", async () => {
    // A node of its own with no listener at all (its owner pool never connects): only the commit
    // itself can bring the change back before it answers (directory-commit.ts).
    const url = await databaseUrlOf(t);
    const alone = createDatabase(url, { appUrl: appUrlFor(url, TEST_APP_PASSWORD), appPoolSize: 1, ownerPoolSize: 1 });
    const heard: string[] = [];
    alone.onDirectoryChange((payload) => heard.push(payload));
    try {
      await withTenant(alone.app, org.orgId, (tx) =>
        tx
          .updateTable("users")
          .set({ locale: "fr" })
          .where("organization_id", "=", org.orgId)
          .where("id", "=", org.users.user.id)
          .execute(),
      );
      expect(heard).toEqual([org.orgId]);
      // A transaction that changes nothing of the directory reports nothing, nor one rolled back.
      await withTenant(alone.app, org.orgId, (tx) => tx.selectFrom("teams").select("id").execute());
      await withTenant(alone.app, org.orgId, async (tx) => {
        await tx
          .updateTable("users")
          .set({ locale: "en" })
          .where("organization_id", "=", org.orgId)
          .where("id", "=", org.users.user.id)
          .execute();
        throw new Error("changed my mind");
      }).catch(() => undefined);
      expect(heard).toEqual([org.orgId]);
    } finally {
      await alone.close();
    }
  });

  it("keeps the session through its touch, which changes nothing a request is checked against", async () => {
    const session = await t.login(org.users.marketing.email);
    const sessionId = await sessionIdOf(session.jwt);
    expect((await who(session.jwt)).status).toBe(200);
    await t.db.owner
      .updateTable("sessions")
      .set({ last_seen_at: sql`now()` })
      .where("id", "=", sessionId)
      .execute();
    expect(await statementsDuring(() => who(session.jwt))).toEqual([]);
  });

  it("does not keep a row read before a change it did not see", async () => {
    const session = await t.login(org.users.devops.email);
    const sessionId = await sessionIdOf(session.jwt);
    const row = { id: sessionId } as SessionRow;
    let release: () => void = () => undefined;
    const inFlight = cache.part<SessionRow>("session").read(org.orgId, sessionId, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return row;
    });
    cache.forget(org.orgId);
    release();
    await expect(inFlight).resolves.toBe(row);
    let loads = 0;
    await cache.part<SessionRow>("session").read(org.orgId, sessionId, async () => {
      loads += 1;
      return row;
    });
    expect(loads).toBe(1);
  });

  it("keeps a row found before its organisation was known under that organisation, and not past a change heard meanwhile", async () => {
    const owners = cache.part<string>("owner-test");
    const other = await t.tenant();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { orgId: org.orgId, row: "team" };
    };
    await owners.readAcross("+15145550100", load);
    await expect(owners.readAcross("+15145550100", load)).resolves.toEqual({ orgId: org.orgId, row: "team" });
    expect(loads).toBe(1);
    // Another organisation's change leaves it; its own forgets it.
    cache.forget(other.orgId);
    await owners.readAcross("+15145550100", load);
    expect(loads).toBe(1);
    cache.forget(org.orgId);
    await owners.readAcross("+15145550100", load);
    expect(loads).toBe(2);
    // Any organisation's change heard during the load: the answer is used, not kept.
    let release: () => void = () => undefined;
    const inFlight = owners.readAcross("+15145550101", async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { orgId: org.orgId, row: "team" };
    });
    cache.forget(other.orgId);
    release();
    await expect(inFlight).resolves.toEqual({ orgId: org.orgId, row: "team" });
    await owners.readAcross("+15145550101", load);
    expect(loads).toBe(3);
  });

  it("reads a session again 30 s after it was kept, whatever it heard", async () => {
    let clock = 1_000_000;
    const aging = createDirectoryCache({ db: t.db, log: t.app.log, now: () => clock });
    await aging.start();
    try {
      let loads = 0;
      const load = async () => {
        loads += 1;
        return { id: "x" } as SessionRow;
      };
      await aging.part<SessionRow>("session").read(org.orgId, "x", load);
      clock += 29_000;
      await aging.part<SessionRow>("session").read(org.orgId, "x", load);
      expect(loads).toBe(1);
      clock += 2_000;
      await aging.part<SessionRow>("session").read(org.orgId, "x", load);
      expect(loads).toBe(2);
    } finally {
      await aging.close();
    }
  });

  it("keeps nothing before it listens", async () => {
    const idle = createDirectoryCache({ db: t.db, log: t.app.log });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { id: "x" } as SessionRow;
    };
    await idle.part<SessionRow>("session").read(org.orgId, "x", load);
    await idle.part<SessionRow>("session").read(org.orgId, "x", load);
    expect(loads).toBe(2);
    expect(idle.size()).toBe(0);
    await idle.close();
  });
});

describe("the team list from memory", () => {
  type TeamItem = { id: string; label: string; memberCount: number };
  const list = async (token: string) => {
    const res = await t.request({ method: "GET", url: "/api/user-groups", token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TeamItem[]>();
  };

  it("answers a second read without a statement, and each organisation its own teams", async () => {
    const other = await t.tenant();
    const mine = await t.as(org.users.admin);
    const theirs = await t.as(other.users.admin);
    await list(mine);
    await list(theirs);
    let ours: TeamItem[] = [];
    expect(await statementsDuring(async () => (ours = await list(mine)))).toEqual([]);
    expect(ours.map((team) => team.id).sort()).toEqual([org.teams.main, org.teams.second].sort());
    expect((await list(theirs)).map((team) => team.id).sort()).toEqual([other.teams.main, other.teams.second].sort());
  });

  it("hears a team renamed, created or given a member, whatever made the change", async () => {
    const token = await t.as(org.users.admin);
    await list(token);
    await t.db.owner.updateTable("teams").set({ label: "Accueil renommé" }).where("id", "=", org.teams.second).execute();
    expect((await list(token)).find((team) => team.id === org.teams.second)?.label).toBe("Accueil renommé");

    const membersOfSecond = async () => (await list(token)).find((team) => team.id === org.teams.second)?.memberCount;
    const marketing = { organization_id: org.orgId, team_id: org.teams.second, user_id: org.users.marketing.id, team_role: "user" };
    await t.db.owner.deleteFrom("team_members").where("team_id", "=", marketing.team_id).where("user_id", "=", marketing.user_id).execute();
    const before = (await membersOfSecond()) ?? 0;
    await t.db.owner.insertInto("team_members").values(marketing).execute();
    expect(await membersOfSecond()).toBe(before + 1);
    await t.db.owner.deleteFrom("team_members").where("team_id", "=", marketing.team_id).where("user_id", "=", marketing.user_id).execute();
    expect(await membersOfSecond()).toBe(before);

    const created = await t.request({
      method: "POST",
      url: "/api/user-groups",
      token,
      payload: {
        label: "Facturation",
        members: [
          { userId: org.users.admin.id, teamRole: "admin" },
          { userId: org.users.user.id, teamRole: "user" },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list(token)).map((team) => team.label)).toContain("Facturation");
  });
});

describe("the session's view from memory", () => {
  type View = {
    user: { name: string; status: string };
    userGroup: { id: string; label: string } | null;
    organization: { name: { "fr-CA": string } };
  };
  const profile = async (token: string) => {
    const res = await t.request({ method: "GET", url: "/api/auth/profile", token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<View>();
  };

  it("answers a second read without a statement, and hears the person, the organisation and the current team change", async () => {
    const token = await t.as(org.users.user);
    await profile(token);
    expect(await statementsDuring(() => profile(token))).toEqual([]);

    await t.db.owner.updateTable("users").set({ name: "Julie Renommée" }).where("id", "=", org.users.user.id).execute();
    expect((await profile(token)).user.name).toBe("Julie Renommée");

    await t.db.owner.updateTable("organizations").set({ name_fr: "Clinique renommée" }).where("id", "=", org.orgId).execute();
    expect((await profile(token)).organization.name["fr-CA"]).toBe("Clinique renommée");

    const current = (await profile(token)).userGroup;
    expect(current).not.toBeNull();
    await t.db.owner
      .updateTable("teams")
      .set({ label: "Équipe du profil" })
      .where("id", "=", current?.id ?? "")
      .execute();
    expect((await profile(token)).userGroup?.label).toBe("Équipe du profil");
  });

  it("answers each session its own view", async () => {
    const mine = await t.as(org.users.user);
    const theirs = await t.as(org.users.admin);
    await profile(mine);
    expect((await profile(theirs)).user.name).not.toBe((await profile(mine)).user.name);
  });
});

describe("two nodes", () => {
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    const url = await databaseUrlOf(t);
    const signer = newSigner();
    [a, b] = await Promise.all([startNode(url, { signer }), startNode(url, { signer })]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("ends on the other node, at once, a session logged out on one", async () => {
    const session = await a.login(org.users.admin.email);
    const profile = () => b.app.inject({ method: "GET", url: "/api/auth/profile", headers: { authorization: `Bearer ${session.jwt}` } });
    expect((await profile()).statusCode).toBe(200);
    expect((await profile()).statusCode).toBe(200);
    const out = await a.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `Bearer ${session.jwt}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    // Far less than the cache's 30 s: only the notification can end it in time.
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i++) {
      await sleep(50);
      status = (await profile()).statusCode;
    }
    expect(status).toBe(401);
  });

  it("shows on the other node, at once, a team renamed on one", async () => {
    const token = (await a.login(org.users.admin.email)).jwt;
    const labelOnB = async () => {
      const res = await b.app.inject({ method: "GET", url: "/api/user-groups", headers: { authorization: `Bearer ${token}` } });
      return res.json<{ id: string; label: string }[]>().find((team) => team.id === org.teams.main)?.label;
    };
    await labelOnB();
    await labelOnB();
    const renamed = await a.app.inject({
      method: "PUT",
      url: `/api/user-groups/${org.teams.main}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { label: "Réception principale" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    let label = await labelOnB();
    for (let i = 0; i < 40 && label !== "Réception principale"; i++) {
      await sleep(50);
      label = await labelOnB();
    }
    expect(label).toBe("Réception principale");
  });
});

import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { userSummary } from "@relais/shared";
import { apiSuite, PASSWORD, type Tenant, expectError } from "../../../test/helpers.ts";

const { t, org, other } = apiSuite();

let seq = 0;
const freshEmail = (tag = "nouveau") => `${tag}-${Date.now().toString(36)}-${seq++}@test.relais`;

const listUsers = (token: string) => t.request({ method: "GET", url: "/api/users", token });
const createUser = (token: string, payload: object) => t.request({ method: "POST", url: "/api/users", token, payload });
const updateUser = (token: string, id: string, payload: object) => t.request({ method: "PUT", url: `/api/users/${id}`, token, payload });
const deleteUser = (token: string, id: string) => t.request({ method: "DELETE", url: `/api/users/${id}`, token });

function newUser(tenant: Tenant, extra: Record<string, unknown> = {}) {
  return {
    name: "Camille Tremblay",
    email: freshEmail(),
    role: "user",
    password: "Bonjour!2026",
    teams: [{ id: tenant.teams.main, teamRole: "user" }],
    ...extra,
  };
}

async function countUsers(orgId: string): Promise<number> {
  return t.db.owner.transaction().execute(async (tx) => {
    await sql`select set_config('app.org_id', ${orgId}, true)`.execute(tx);
    const r = await sql<{ n: number }>`select count(*)::int as n from users where organization_id = ${orgId}`.execute(tx);
    return r.rows[0]?.n ?? 0;
  });
}

/** Sets a user's role behind the API's back, to build an organisation in a given shape. */
async function setRoleDirectly(orgId: string, userIds: string[], role: string): Promise<void> {
  await t.db.owner.transaction().execute(async (tx) => {
    await sql`select set_config('app.org_id', ${orgId}, true)`.execute(tx);
    for (const id of userIds) await sql`update users set role = ${role} where id = ${id} and organization_id = ${orgId}`.execute(tx);
  });
}

/** A tenant whose only administrator is `admin` (superAdmin and devops turned into users). */
async function soleAdminTenant(): Promise<Tenant> {
  const tenant = await t.tenant();
  await setRoleDirectly(tenant.orgId, [tenant.users.superAdmin.id, tenant.users.devops.id], "user");
  return tenant;
}

describe("GET users", () => {
  it("lists the organisation's people with their teams, to any member", async () => {
    const res = await listUsers(await t.as(org.users.user));
    expect(res.statusCode).toBe(200);
    const users = res.json<{ id: string; email: string; role: string; teams: { id: string; label: string; teamRole: string }[] }[]>();
    expect(users.every((u) => userSummary.safeParse(u).success)).toBe(true);
    expect(new Set(users.map((u) => u.id))).toEqual(new Set(Object.values(org.users).map((u) => u.id)));
    const byId = new Map(users.map((u) => [u.id, u]));
    expect(byId.get(org.users.admin.id)?.teams).toEqual([
      { id: org.teams.main, label: "Réception", teamRole: "admin" },
      { id: org.teams.second, label: "Hygiène", teamRole: "admin" },
    ]);
    expect(byId.get(org.users.user.id)?.teams).toEqual([{ id: org.teams.main, label: "Réception", teamRole: "user" }]);
    expect(byId.get(org.users.other.id)?.teams).toEqual([{ id: org.teams.second, label: "Hygiène", teamRole: "user" }]);
    expect(byId.get(org.users.devops.id)?.role).toBe("devops");
    // Never a password hash or another organisation's people.
    expect(res.body).not.toContain("argon2");
    expect(users.map((u) => u.id)).not.toContain(other.users.user.id);
  });

  it("sends with each colleague what the caller may do to them, by the server's rules", async () => {
    const abilitiesOf = async (token: string) => {
      const res = await listUsers(token);
      expect(res.statusCode).toBe(200);
      return new Map(res.json<{ id: string; abilities: { update: boolean; delete: boolean } }[]>().map((u) => [u.id, u.abilities]));
    };
    const asAdmin = await abilitiesOf(await t.as(org.users.admin));
    expect(asAdmin.get(org.users.user.id)).toEqual({ update: true, delete: true });
    expect(asAdmin.get(org.users.admin.id)).toEqual({ update: true, delete: false });
    // A super-admin is above an administrator: renamed by one, not removed.
    expect(asAdmin.get(org.users.superAdmin.id)).toEqual({ update: true, delete: false });
    const asSuperAdmin = await abilitiesOf(await t.as(org.users.superAdmin));
    expect(asSuperAdmin.get(org.users.admin.id)).toEqual({ update: true, delete: true });
    // A member changes no one, not even themself here (their profile is another screen).
    const asUser = await abilitiesOf(await t.as(org.users.user));
    expect([...asUser.values()].every((a) => !a.update && !a.delete)).toBe(true);
    // What the list says is what the server does: the removal it denies is refused.
    expectError(await deleteUser(await t.as(org.users.admin), org.users.superAdmin.id), 403, "error.forbidden");
    expectError(await updateUser(await t.as(org.users.user), org.users.other.id, { name: "Autre nom" }), 403, "error.forbidden");
  });

  it("answers 401 without a token", async () => {
    expectError(await t.request({ method: "GET", url: "/api/users" }), 401, "error.unauthorized");
  });
});

describe("POST users", () => {
  it("lets an administrator create a colleague (201) who can then sign in with the given password", async () => {
    const body = newUser(org, {
      email: `  Camille.${seq++}@Test.Relais `,
      teams: [
        { id: org.teams.main, teamRole: "user" },
        { id: org.teams.second, teamRole: "admin" },
      ],
    });
    const res = await createUser(await t.as(org.users.admin), body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(userSummary.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      name: "Camille Tremblay",
      email: body.email.trim().toLowerCase(),
      role: "user",
      locale: "fr-CA",
      status: "offline",
    });
    expect(created.teams).toEqual([
      { id: org.teams.main, label: "Réception", teamRole: "user" },
      { id: org.teams.second, label: "Hygiène", teamRole: "admin" },
    ]);
    const s = await t.login(created.email, "Bonjour!2026");
    expect(s.user).toMatchObject({ id: created.id, clinic: org.orgId, role: "user" });
    expect((await listUsers(await t.as(org.users.user))).json().map((u: { id: string }) => u.id)).toContain(created.id);
  });

  it("lets an administrator create an administrator, and a super-admin a super-admin", async () => {
    const a = await createUser(await t.as(org.users.admin), newUser(org, { role: "admin" }));
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().role).toBe("admin");
    const sa = await createUser(await t.as(org.users.superAdmin), newUser(org, { role: "super-admin", locale: "en-CA" }));
    expect(sa.statusCode, sa.body).toBe(201);
    expect(sa.json()).toMatchObject({ role: "super-admin", locale: "en-CA" });
  });

  it("answers 403 to a user and to marketing", async () => {
    const before = await countUsers(org.orgId);
    expectError(await createUser(await t.as(org.users.user), newUser(org)), 403, "error.forbidden");
    expectError(await createUser(await t.as(org.users.marketing), newUser(org)), 403, "error.forbidden");
    expect(await countUsers(org.orgId)).toBe(before);
  });

  it("answers 403 to a role above the caller's: an admin creating devops or super-admin", async () => {
    const before = await countUsers(org.orgId);
    expectError(await createUser(await t.as(org.users.admin), newUser(org, { role: "devops" })), 403, "error.forbidden");
    expectError(await createUser(await t.as(org.users.admin), newUser(org, { role: "super-admin" })), 403, "error.forbidden");
    expectError(await createUser(await t.as(org.users.superAdmin), newUser(org, { role: "devops" })), 403, "error.forbidden");
    expect(await countUsers(org.orgId)).toBe(before);
  });

  it("refuses an email already used in another organisation (error.duplicate-email), whatever its case", async () => {
    const before = await countUsers(org.orgId);
    const res = await createUser(await t.as(org.users.admin), newUser(org, { email: other.users.user.email.toUpperCase() }));
    expectError(res, 409, "error.duplicate-email");
    expectError(
      await createUser(await t.as(org.users.admin), newUser(org, { email: org.users.other.email })),
      409,
      "error.duplicate-email",
    );
    expect(await countUsers(org.orgId)).toBe(before);
    // The other organisation's person still signs in as before.
    expect((await t.login(other.users.user.email)).user.clinic).toBe(other.orgId);
  });

  it("refuses an email that is a team's address (error.duplicate-email)", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    const teamEmail = freshEmail("equipe");
    expect(
      (await t.request({ method: "PUT", url: `/api/user-groups/${mine.teams.second}`, token: admin, payload: { email: teamEmail } }))
        .statusCode,
    ).toBe(200);
    const before = await countUsers(mine.orgId);
    expectError(await createUser(admin, newUser(mine, { email: teamEmail })), 409, "error.duplicate-email");
    expect(await countUsers(mine.orgId)).toBe(before);
  });

  it("refuses a weak password with each rule's own field code", async () => {
    const admin = await t.as(org.users.admin);
    const before = await countUsers(org.orgId);
    const cases: [string, string][] = [
      ["Abcde1!", "validation.password-min-length"],
      ["ABCDEFG1!", "validation.password-lowercase"],
      ["abcdefg1!", "validation.password-uppercase"],
      ["Abcdefgh!", "validation.password-digit"],
      ["Abcdefg12", "validation.password-special"],
    ];
    for (const [password, code] of cases) {
      const res = await createUser(admin, newUser(org, { password }));
      // One broken rule: its key is the answer's code too, for the web to show.
      expectError(res, 400, code);
      expect(res.json().error.fields).toEqual([{ path: "password", code }]);
    }
    const all = await createUser(admin, newUser(org, { password: "      " }));
    expectError(all, 400, "error.validation");
    expect(
      all
        .json()
        .error.fields.map((f: { code: string }) => f.code)
        .sort(),
    ).toEqual(
      [
        "validation.password-digit",
        "validation.password-lowercase",
        "validation.password-min-length",
        "validation.password-special",
        "validation.password-uppercase",
      ].sort(),
    );
    expect(await countUsers(org.orgId)).toBe(before);
  });

  it("refuses a person without a team (error.user-needs-team)", async () => {
    const res = await createUser(await t.as(org.users.admin), newUser(org, { teams: [] }));
    expectError(res, 400, "error.user-needs-team");
    expect(res.json().error.fields).toEqual([{ path: "teams", code: "error.user-needs-team" }]);
  });

  it("answers 404 for a team of another organisation, and creates nobody", async () => {
    const before = await countUsers(org.orgId);
    const email = freshEmail();
    const res = await createUser(
      await t.as(org.users.admin),
      newUser(org, {
        email,
        teams: [
          { id: org.teams.main, teamRole: "user" },
          { id: other.teams.main, teamRole: "user" },
        ],
      }),
    );
    expectError(res, 404, "error.not-found");
    expect(await countUsers(org.orgId)).toBe(before);
    const login = await t.request({ method: "POST", url: "/api/auth/login", payload: { username: email, password: "Bonjour!2026" } });
    expect(login.statusCode).toBe(401);
  });

  it("refuses a second team on a single-team tier", async () => {
    const single = await t.tenant({ tierId: 1 });
    const res = await createUser(
      await t.as(single.users.admin),
      newUser(single, {
        teams: [
          { id: single.teams.main, teamRole: "user" },
          { id: single.teams.second, teamRole: "user" },
        ],
      }),
    );
    expectError(res, 409, "error.single-team-only");
  });
});

describe("PUT users/{id}", () => {
  it("lets an administrator rename a colleague and change their role, effective at their next request", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    const userToken = await t.as(mine.users.user);
    const orgPut = () =>
      t.request({ method: "PUT", url: "/api/organizations", token: userToken, payload: { url: "https://exemple.test" } });
    expect((await orgPut()).statusCode).toBe(403);
    const res = await updateUser(admin, mine.users.user.id, { name: "  Dre Gagnon ", role: "admin" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.users.user.id, name: "Dre Gagnon", role: "admin" });
    // The same access token now carries the new role: the session row is the authority.
    expect((await orgPut()).statusCode).toBe(200);
    const back = await updateUser(admin, mine.users.user.id, { role: "marketing" });
    expect(back.json().role).toBe("marketing");
    expect((await orgPut()).statusCode).toBe(403);
    const listed = (await listUsers(admin)).json().find((u: { id: string }) => u.id === mine.users.user.id);
    expect(listed).toMatchObject({ name: "Dre Gagnon", role: "marketing" });
  });

  it("answers 403 to a user, and to an admin touching a higher role", async () => {
    const mine = await t.tenant();
    expectError(await updateUser(await t.as(mine.users.user), mine.users.other.id, { name: "X" }), 403, "error.forbidden");
    const admin = await t.as(mine.users.admin);
    expectError(await updateUser(admin, mine.users.user.id, { role: "devops" }), 403, "error.forbidden");
    expectError(await updateUser(admin, mine.users.devops.id, { role: "user" }), 403, "error.forbidden");
    expectError(await updateUser(admin, mine.users.superAdmin.id, { role: "admin" }), 403, "error.forbidden");
    const roles = Object.fromEntries((await listUsers(admin)).json().map((u: { id: string; role: string }) => [u.id, u.role]));
    expect(roles[mine.users.user.id]).toBe("user");
    expect(roles[mine.users.devops.id]).toBe("devops");
    expect(roles[mine.users.superAdmin.id]).toBe("super-admin");
  });

  it("refuses demoting the organisation's last administrator (error.last-org-admin)", async () => {
    const mine = await soleAdminTenant();
    const admin = await t.as(mine.users.admin);
    expectError(await updateUser(admin, mine.users.admin.id, { role: "user" }), 409, "error.last-org-admin");
    expectError(await updateUser(admin, mine.users.admin.id, { role: "marketing" }), 409, "error.last-org-admin");
    // With a second administrator, the first may step down.
    expect((await updateUser(admin, mine.users.other.id, { role: "admin" })).statusCode).toBe(200);
    const down = await updateUser(admin, mine.users.admin.id, { role: "user" });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().role).toBe("user");
  });

  it("answers 404 for another organisation's person, 400 for a non-uuid, and changes nothing", async () => {
    const admin = await t.as(org.users.admin);
    expectError(await updateUser(admin, other.users.user.id, { name: "Volé", role: "admin" }), 404, "error.not-found");
    expectError(await updateUser(admin, "42", { name: "X" }), 400, "error.validation");
    const theirs = (await listUsers(await t.as(other.users.admin))).json().find((u: { id: string }) => u.id === other.users.user.id);
    expect(theirs.role).toBe("user");
    expect(theirs.name).not.toBe("Volé");
  });

  it("refuses an empty name and an unknown role", async () => {
    const admin = await t.as(org.users.admin);
    expectError(await updateUser(admin, org.users.user.id, { name: "   " }), 400, "validation.required");
    expectError(await updateUser(admin, org.users.user.id, { role: "owner" }), 400, "error.validation");
  });
});

describe("DELETE users/{id}", () => {
  it("refuses deleting oneself (403)", async () => {
    const mine = await t.tenant();
    expectError(await deleteUser(await t.as(mine.users.admin), mine.users.admin.id), 403, "error.forbidden");
    expect(await countUsers(mine.orgId)).toBe(6);
  });

  it("answers 403 to a user and to an admin deleting a higher role", async () => {
    const mine = await t.tenant();
    expectError(await deleteUser(await t.as(mine.users.user), mine.users.marketing.id), 403, "error.forbidden");
    expectError(await deleteUser(await t.as(mine.users.admin), mine.users.devops.id), 403, "error.forbidden");
    expectError(await deleteUser(await t.as(mine.users.admin), mine.users.superAdmin.id), 403, "error.forbidden");
    expect(await countUsers(mine.orgId)).toBe(6);
  });

  it("refuses deleting a team's last administrator (error.last-team-admin) or last user (error.last-team-user)", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    const lead = await t.addUser(mine.orgId, "user", [{ id: mine.teams.main, teamRole: "user" }]);
    const created = await t.request({
      method: "POST",
      url: "/api/user-groups",
      token: admin,
      payload: {
        label: "Chirurgie",
        members: [
          { userId: lead.id, teamRole: "admin" },
          { userId: mine.users.user.id, teamRole: "user" },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expectError(await deleteUser(admin, lead.id), 409, "error.last-team-admin");
    // `other` is the second team's only user.
    expectError(await deleteUser(admin, mine.users.other.id), 409, "error.last-team-user");
    expect(await countUsers(mine.orgId)).toBe(7);
  });

  it("deletes a colleague and ends their session: their token answers 401", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    const victim = await t.login(mine.users.user.email);
    expect((await t.request({ method: "GET", url: "/api/auth/profile", token: victim.jwt })).statusCode).toBe(200);
    const res = await deleteUser(admin, mine.users.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const after = await t.request({ method: "GET", url: "/api/auth/profile", token: victim.jwt });
    expectError(after, 401, "error.session-expired");
    const refresh = await t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: victim.cookie } });
    expect(refresh.statusCode).toBe(401);
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: mine.users.user.email, password: PASSWORD },
    });
    expectError(login, 401, "error.invalid-credentials");
    expect((await listUsers(admin)).json().map((u: { id: string }) => u.id)).not.toContain(mine.users.user.id);
    // The email is free again.
    const again = await createUser(admin, newUser(mine, { email: mine.users.user.email }));
    expect(again.statusCode, again.body).toBe(201);
  });

  it("keeps one administrator when two delete each other at the same moment (error.last-org-admin)", async () => {
    const mine = await soleAdminTenant();
    const second = await t.addUser(mine.orgId, "admin", [
      { id: mine.teams.main, teamRole: "admin" },
      { id: mine.teams.second, teamRole: "admin" },
    ]);
    const [tokA, tokB] = [await t.as(mine.users.admin), await t.as(second)];
    // Both requests wait on the audit table (or one behind the other's administrator lock) before
    // either commits, so a server that did not lock would let both through.
    const pending = await t.racing(() => [deleteUser(tokA, second.id), deleteUser(tokB, mine.users.admin.id)]);
    const answers = await Promise.all(pending);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.code).toBe("error.last-org-admin");
    const admins = await t.db.owner.transaction().execute(async (tx) => {
      await sql`select set_config('app.org_id', ${mine.orgId}, true)`.execute(tx);
      return (
        await sql<{
          id: string;
        }>`select id from users where organization_id = ${mine.orgId} and role in ('admin', 'super-admin', 'devops')`.execute(tx)
      ).rows;
    });
    expect(admins).toHaveLength(1);
  });

  it("answers 404 for another organisation's person and 400 for a non-uuid, deleting nothing", async () => {
    const before = await countUsers(other.orgId);
    expectError(await deleteUser(await t.as(org.users.admin), other.users.marketing.id), 404, "error.not-found");
    expectError(await deleteUser(await t.as(org.users.admin), "' or 1=1 --"), 400, "error.validation");
    expect(await countUsers(other.orgId)).toBe(before);
  });
});

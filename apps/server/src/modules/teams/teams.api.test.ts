import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { defaultWeekSchedule, teamDetail } from "@relais/shared";
import { apiSuite, expectError } from "../../../test/helpers.ts";

const { t, org, other } = apiSuite();

type Member = { userId: string; teamRole: "admin" | "user" };
const list = (token: string) => t.request({ method: "GET", url: "/api/user-groups", token });
const belongs = (token: string) => t.request({ method: "GET", url: "/api/user-groups/belongs", token });
const get = (token: string, id: string) => t.request({ method: "GET", url: `/api/user-groups/${id}`, token });
const create = (token: string, payload: object) => t.request({ method: "POST", url: "/api/user-groups", token, payload });
const update = (token: string, id: string, payload: object) => t.request({ method: "PUT", url: `/api/user-groups/${id}`, token, payload });
const remove = (token: string, id: string) => t.request({ method: "DELETE", url: `/api/user-groups/${id}`, token });
const addMember = (token: string, id: string, payload: Member) =>
  t.request({ method: "POST", url: `/api/user-groups/${id}/members`, token, payload });
const setRole = (token: string, id: string, userId: string, teamRole: string) =>
  t.request({ method: "PUT", url: `/api/user-groups/${id}/members/${userId}`, token, payload: { teamRole } });
const removeMember = (token: string, id: string, userId: string) =>
  t.request({ method: "DELETE", url: `/api/user-groups/${id}/members/${userId}`, token });

async function membersOf(token: string, teamId: string): Promise<Member[]> {
  const res = await get(token, teamId);
  expect(res.statusCode).toBe(200);
  return (res.json().members as (Member & { name: string })[])
    .map((m) => ({ userId: m.userId, teamRole: m.teamRole }))
    .sort((a, b) => a.userId.localeCompare(b.userId));
}

function sortMembers(members: Member[]): Member[] {
  return [...members].sort((a, b) => a.userId.localeCompare(b.userId));
}

/** Rows of one organisation, read as the owner inside that organisation's tenant scope. */
async function countRows(orgId: string, table: "teams" | "team_members" | "audit_log"): Promise<number> {
  return t.db.owner.transaction().execute(async (tx) => {
    await sql`select set_config('app.org_id', ${orgId}, true)`.execute(tx);
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where organization_id = ${orgId}`.execute(tx);
    return r.rows[0]?.n ?? 0;
  });
}

describe("GET user-groups and user-groups/belongs", () => {
  it("lists every team of the organisation to a plain user, with isMember and abilities", async () => {
    const res = await list(await t.as(org.users.user));
    expect(res.statusCode).toBe(200);
    const teams = res.json<{ id: string; label: string; main: boolean; isMember: boolean; memberCount: number; abilities: object }[]>();
    expect(teams.map((x) => x.id)).toEqual([org.teams.main, org.teams.second]);
    expect(teams[0]).toMatchObject({
      label: "Réception",
      main: true,
      isMember: true,
      memberCount: 5,
      abilities: { update: false, delete: false, manageMembers: false },
    });
    // A team the user does not belong to is still listed (spec part 1 §6).
    expect(teams[1]).toMatchObject({
      label: "Hygiène",
      main: false,
      isMember: false,
      memberCount: 2,
      abilities: { update: false, delete: false, manageMembers: false },
    });
    expect(teams[0]).toHaveProperty("schedule.week", defaultWeekSchedule());
  });

  it("answers the abilities of a team administrator who is an organisation administrator", async () => {
    const teams = (await list(await t.as(org.users.admin))).json();
    expect(teams[0]).toMatchObject({ main: true, isMember: true, abilities: { update: true, delete: false, manageMembers: true } });
    expect(teams[1]).toMatchObject({ main: false, isMember: true, abilities: { update: true, delete: true, manageMembers: true } });
  });

  it("answers an organisation administrator who is not a team's admin: may edit and delete, not manage members", async () => {
    const teams = (await list(await t.as(org.users.superAdmin))).json();
    expect(teams[1]).toMatchObject({ isMember: false, abilities: { update: true, delete: true, manageMembers: false } });
  });

  it("never lists another organisation's teams", async () => {
    const ids = (await list(await t.as(org.users.admin))).json().map((x: { id: string }) => x.id);
    expect(ids).not.toContain(other.teams.main);
    expect(ids).not.toContain(other.teams.second);
  });

  it("belongs lists only the caller's own teams", async () => {
    const mine = (await belongs(await t.as(org.users.user))).json();
    expect(mine.map((x: { id: string }) => x.id)).toEqual([org.teams.main]);
    const theirs = (await belongs(await t.as(org.users.other))).json();
    expect(theirs.map((x: { id: string }) => x.id)).toEqual([org.teams.second]);
    expect(theirs[0].isMember).toBe(true);
    const both = (await belongs(await t.as(org.users.admin))).json();
    expect(both.map((x: { id: string }) => x.id)).toEqual([org.teams.main, org.teams.second]);
  });
});

describe("GET user-groups/{id}", () => {
  it("answers a team's detail with its members, even to a non-member", async () => {
    const res = await get(await t.as(org.users.user), org.teams.second);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(teamDetail.safeParse(body).success).toBe(true);
    expect(body.isMember).toBe(false);
    expect(sortMembers(body.members.map((m: Member) => ({ userId: m.userId, teamRole: m.teamRole })))).toEqual(
      sortMembers([
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: org.users.other.id, teamRole: "user" },
      ]),
    );
    expect(body.members.find((m: { userId: string }) => m.userId === org.users.other.id).email).toBe(org.users.other.email);
  });

  it("answers 404 for an unknown id and 400 for a non-uuid", async () => {
    expectError(await get(await t.as(org.users.user), "0b6f3f4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b"), 404, "error.not-found");
    expectError(await get(await t.as(org.users.user), "main"), 400, "error.validation");
  });
});

describe("POST user-groups", () => {
  it("lets an administrator create a team with an administrator and a user (201)", async () => {
    const admin = await t.as(org.users.admin);
    const res = await create(admin, {
      label: "  Orthodontie  ",
      email: "Ortho@Test.Relais",
      phoneNumber: "+15145550101",
      members: [
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: org.users.user.id, teamRole: "user" },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      label: "Orthodontie",
      email: "ortho@test.relais",
      phoneNumber: "+15145550101",
      main: false,
      valid: false,
      memberCount: 2,
      isMember: true,
    });
    expect(body.abilities).toEqual({ update: true, delete: true, manageMembers: true });
    expect(body.schedule.week).toEqual(defaultWeekSchedule());
    expect(sortMembers(body.members.map((m: Member) => ({ userId: m.userId, teamRole: m.teamRole })))).toEqual(
      sortMembers([
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: org.users.user.id, teamRole: "user" },
      ]),
    );
    // The new member sees it among their teams.
    const mine = (await belongs(await t.as(org.users.user))).json().map((x: { id: string }) => x.id);
    expect(mine).toContain(body.id);
  });

  it("answers 403 to a user and to marketing, and creates nothing", async () => {
    const before = await countRows(org.orgId, "teams");
    const payload = {
      label: "Pirates",
      members: [
        { userId: org.users.user.id, teamRole: "admin" },
        { userId: org.users.other.id, teamRole: "user" },
      ],
    };
    expectError(await create(await t.as(org.users.user), payload), 403, "error.forbidden");
    expectError(await create(await t.as(org.users.marketing), payload), 403, "error.forbidden");
    expect(await countRows(org.orgId, "teams")).toBe(before);
  });

  it("refuses a team without an administrator member (error.last-team-admin)", async () => {
    const before = await countRows(org.orgId, "teams");
    const res = await create(await t.as(org.users.admin), {
      label: "Sans admin",
      members: [
        { userId: org.users.user.id, teamRole: "user" },
        { userId: org.users.other.id, teamRole: "user" },
      ],
    });
    expectError(res, 400, "error.last-team-admin");
    expect(await countRows(org.orgId, "teams")).toBe(before);
  });

  it("refuses a team without a user member (error.last-team-user)", async () => {
    const res = await create(await t.as(org.users.admin), {
      label: "Sans utilisateur",
      members: [{ userId: org.users.admin.id, teamRole: "admin" }],
    });
    expectError(res, 400, "error.last-team-user");
  });

  it("refuses a member listed twice whose last role leaves no administrator", async () => {
    // Deduplicated by person: the second entry wins, so no administrator remains.
    const res = await create(await t.as(org.users.admin), {
      label: "Doublon",
      members: [
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: org.users.user.id, teamRole: "user" },
        { userId: org.users.admin.id, teamRole: "user" },
      ],
    });
    expectError(res, 400, "error.last-team-admin");
  });

  it("refuses a label already used, whatever its case (error.duplicate-group-label)", async () => {
    const before = await countRows(org.orgId, "teams");
    const members = [
      { userId: org.users.admin.id, teamRole: "admin" },
      { userId: org.users.user.id, teamRole: "user" },
    ];
    for (const label of ["hygiène", "HYGIÈNE", " Réception "]) {
      expectError(await create(await t.as(org.users.admin), { label, members }), 409, "error.duplicate-group-label");
    }
    expect(await countRows(org.orgId, "teams")).toBe(before);
    // Another organisation's label is free to reuse.
    const elsewhere = await create(await t.as(other.users.admin), {
      label: "Orthodontie",
      members: [
        { userId: other.users.admin.id, teamRole: "admin" },
        { userId: other.users.user.id, teamRole: "user" },
      ],
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("refuses a team email equal to the organisation's or a user's email (error.team-email-reused)", async () => {
    const admin = await t.as(org.users.admin);
    const orgEmail = (await t.request({ method: "GET", url: `/api/organizations/${org.orgId}`, token: admin })).json().email as string;
    expect(orgEmail).toContain("@");
    const members = [
      { userId: org.users.admin.id, teamRole: "admin" },
      { userId: org.users.user.id, teamRole: "user" },
    ];
    expectError(await create(admin, { label: "Courriel A", email: orgEmail.toUpperCase(), members }), 409, "error.team-email-reused");
    expectError(await create(admin, { label: "Courriel B", email: org.users.other.email, members }), 409, "error.team-email-reused");
    // Another team's address is a duplicate email.
    const first = await create(admin, { label: "Courriel C", email: "accueil@test.relais", members });
    expect(first.statusCode).toBe(201);
    expectError(await create(admin, { label: "Courriel D", email: "accueil@test.relais", members }), 409, "error.duplicate-email");
  });

  it("refuses a second team on a single-team tier (error.single-team-only)", async () => {
    const single = await t.tenant({ tierId: 1 });
    const before = await countRows(single.orgId, "teams");
    const res = await create(await t.as(single.users.admin), {
      label: "Troisième",
      members: [
        { userId: single.users.admin.id, teamRole: "admin" },
        { userId: single.users.user.id, teamRole: "user" },
      ],
    });
    expectError(res, 409, "error.single-team-only");
    expect(await countRows(single.orgId, "teams")).toBe(before);
  });

  it("answers 404 when a member belongs to another organisation, and creates nothing", async () => {
    const before = await countRows(org.orgId, "teams");
    const res = await create(await t.as(org.users.admin), {
      label: "Mélange",
      members: [
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: other.users.user.id, teamRole: "user" },
      ],
    });
    expectError(res, 404, "error.not-found");
    expect(await countRows(org.orgId, "teams")).toBe(before);
    expect((await get(await t.as(other.users.user), other.teams.main)).json().members.map((m: Member) => m.userId)).toContain(
      other.users.user.id,
    );
  });

  it("refuses an invalid phone number (error.phone-invalid)", async () => {
    const res = await create(await t.as(org.users.admin), {
      label: "Téléphone",
      phoneNumber: "514-555-0101",
      members: [
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: org.users.user.id, teamRole: "user" },
      ],
    });
    expectError(res, 400, "error.phone-invalid");
  });
});

describe("PUT user-groups/{id}", () => {
  it("lets a team administrator who is a plain user edit label, email, phone and schedule", async () => {
    const mine = await t.tenant();
    const teamAdmin = await t.addUser(mine.orgId, "user", [{ id: mine.teams.second, teamRole: "admin" }]);
    const week = defaultWeekSchedule();
    week[3] = { day: 3, enabled: true, start: "07:30", end: "19:00", breaks: [{ start: "12:00", end: "12:45" }] };
    const res = await update(await t.as(teamAdmin), mine.teams.second, {
      label: "Hygiène dentaire",
      email: "hygiene@clinique.test",
      phoneNumber: "+15145550199",
      schedule: { week },
      settings: { voiceQueue: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: mine.teams.second,
      label: "Hygiène dentaire",
      email: "hygiene@clinique.test",
      phoneNumber: "+15145550199",
      valid: false,
      schedule: { week },
      settings: { voiceQueue: true },
      abilities: { update: true, delete: false, manageMembers: true },
    });
    const read = (await get(await t.as(mine.users.other), mine.teams.second)).json();
    expect(read).toMatchObject({
      label: "Hygiène dentaire",
      email: "hygiene@clinique.test",
      phoneNumber: "+15145550199",
      schedule: { week },
    });
    // Clearing the phone.
    const cleared = await update(await t.as(teamAdmin), mine.teams.second, { phoneNumber: null });
    expect(cleared.json().phoneNumber).toBeNull();
  });

  it("answers 403 to a plain member and to a non-member user, changing nothing", async () => {
    const before = (await get(await t.as(org.users.admin), org.teams.second)).json();
    expectError(await update(await t.as(org.users.other), org.teams.second, { label: "Renommée" }), 403, "error.forbidden");
    expectError(await update(await t.as(org.users.user), org.teams.second, { label: "Renommée" }), 403, "error.forbidden");
    expectError(await update(await t.as(org.users.marketing), org.teams.main, { label: "Renommée" }), 403, "error.forbidden");
    expect((await get(await t.as(org.users.admin), org.teams.second)).json()).toEqual(before);
  });

  it("refuses an invalid phone (error.phone-invalid), a bad schedule and a taken label", async () => {
    const admin = await t.as(org.users.admin);
    const before = (await get(admin, org.teams.second)).json();
    for (const phoneNumber of ["5145550101", "+0145550101", "+1 514 555 0101 ext 2", "+1514"]) {
      const res = await update(admin, org.teams.second, { phoneNumber });
      expectError(res, 400, "error.phone-invalid");
      expect(res.json().error.fields).toEqual([{ path: "phoneNumber", code: "error.phone-invalid" }]);
    }
    const week = defaultWeekSchedule();
    week[2] = { ...week[2]!, breaks: [{ start: "08:00", end: "08:30" }] };
    const sched = await update(admin, org.teams.second, { schedule: { week } });
    expectError(sched, 400, "error.invalid-break-time");
    expect(sched.json().error.fields).toEqual([{ path: "schedule.week.2.breaks.0", code: "error.invalid-break-time" }]);
    expectError(await update(admin, org.teams.second, { label: "RÉCEPTION" }), 409, "error.duplicate-group-label");
    expectError(await update(admin, org.teams.second, { email: org.users.user.email }), 409, "error.team-email-reused");
    expect((await get(admin, org.teams.second)).json()).toEqual(before);
  });

  it("keeps its own email without calling it a duplicate", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    expect((await update(admin, mine.teams.second, { email: "equipe@clinique.test" })).statusCode).toBe(200);
    const again = await update(admin, mine.teams.second, { email: "equipe@clinique.test", label: "Hygiène 2" });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("DELETE user-groups/{id}", () => {
  it("refuses the main team (error.main-team)", async () => {
    expectError(await remove(await t.as(org.users.admin), org.teams.main), 409, "error.main-team");
  });

  it("refuses a team one of whose members has no other team (error.team-not-empty)", async () => {
    // `other` belongs to the second team only.
    expectError(await remove(await t.as(org.users.admin), org.teams.second), 409, "error.team-not-empty");
    expect((await get(await t.as(org.users.admin), org.teams.second)).statusCode).toBe(200);
  });

  it("answers 403 to a user, even the team's own administrator", async () => {
    const mine = await t.tenant();
    const teamAdmin = await t.addUser(mine.orgId, "user", [
      { id: mine.teams.main, teamRole: "user" },
      { id: mine.teams.second, teamRole: "admin" },
    ]);
    expectError(await remove(await t.as(teamAdmin), mine.teams.second), 403, "error.forbidden");
  });

  it("deletes a team whose members all have another team", async () => {
    const admin = await t.as(org.users.admin);
    const created = await create(admin, {
      label: "Temporaire",
      members: [
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: org.users.marketing.id, teamRole: "user" },
      ],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const res = await remove(admin, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expectError(await get(admin, id), 404, "error.not-found");
    // The members keep their other teams.
    expect((await belongs(await t.as(org.users.marketing))).json().map((x: { id: string }) => x.id)).toEqual([org.teams.main]);
  });
});

describe("members", () => {
  it("a team administrator adds a member; the team then lists them", async () => {
    const mine = await t.tenant();
    const teamAdmin = await t.addUser(mine.orgId, "user", [{ id: mine.teams.second, teamRole: "admin" }]);
    const res = await addMember(await t.as(teamAdmin), mine.teams.second, { userId: mine.users.user.id, teamRole: "user" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members.map((m: Member) => m.userId)).toContain(mine.users.user.id);
    expect(res.json().memberCount).toBe(4);
    expect((await belongs(await t.as(mine.users.user))).json().map((x: { id: string }) => x.id)).toEqual([
      mine.teams.main,
      mine.teams.second,
    ]);
  });

  it("refuses a plain member and an organisation administrator who is not the team's admin (error.team-admin-only)", async () => {
    const mine = await t.tenant();
    const before = await countRows(mine.orgId, "team_members");
    const add = { userId: mine.users.user.id, teamRole: "user" as const };
    expectError(await addMember(await t.as(mine.users.other), mine.teams.second, add), 403, "error.team-admin-only");
    expectError(await addMember(await t.as(mine.users.superAdmin), mine.teams.second, add), 403, "error.team-admin-only");
    expectError(await addMember(await t.as(mine.users.devops), mine.teams.second, add), 403, "error.team-admin-only");
    expectError(
      await setRole(await t.as(mine.users.superAdmin), mine.teams.second, mine.users.other.id, "admin"),
      403,
      "error.team-admin-only",
    );
    expectError(await removeMember(await t.as(mine.users.devops), mine.teams.second, mine.users.admin.id), 403, "error.team-admin-only");
    expect(await countRows(mine.orgId, "team_members")).toBe(before);
  });

  it("nobody adds themself (error.cannot-join-self), not even an administrator", async () => {
    const mine = await t.tenant();
    expectError(
      await addMember(await t.as(mine.users.user), mine.teams.second, { userId: mine.users.user.id, teamRole: "user" }),
      403,
      "error.cannot-join-self",
    );
    expectError(
      await addMember(await t.as(mine.users.superAdmin), mine.teams.second, { userId: mine.users.superAdmin.id, teamRole: "admin" }),
      403,
      "error.cannot-join-self",
    );
    expect((await belongs(await t.as(mine.users.user))).json()).toHaveLength(1);
  });

  it("refuses someone already a member (error.already-member)", async () => {
    const res = await addMember(await t.as(org.users.admin), org.teams.second, { userId: org.users.other.id, teamRole: "admin" });
    expectError(res, 409, "error.already-member");
    expect(await membersOf(await t.as(org.users.admin), org.teams.second)).toContainEqual({ userId: org.users.other.id, teamRole: "user" });
  });

  it("changes a member's role while one administrator and one user remain", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    const up = await setRole(admin, mine.teams.main, mine.users.user.id, "admin");
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().members).toContainEqual(expect.objectContaining({ userId: mine.users.user.id, teamRole: "admin" }));
    // Now a team admin, the person may manage members.
    const res = await addMember(await t.as(mine.users.user), mine.teams.main, { userId: mine.users.other.id, teamRole: "user" });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("refuses a role change leaving no administrator (error.last-team-admin) or no user (error.last-team-user)", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    // second: admin (admin), other (user).
    expectError(await setRole(admin, mine.teams.second, mine.users.admin.id, "user"), 409, "error.last-team-admin");
    expectError(await setRole(admin, mine.teams.second, mine.users.other.id, "admin"), 409, "error.last-team-user");
    expect(await membersOf(admin, mine.teams.second)).toEqual(
      sortMembers([
        { userId: mine.users.admin.id, teamRole: "admin" },
        { userId: mine.users.other.id, teamRole: "user" },
      ]),
    );
    // Changing a non-member's role is not found.
    expectError(await setRole(admin, mine.teams.second, mine.users.user.id, "admin"), 404, "error.not-found");
  });

  it("refuses removing the last administrator or the last user", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    expectError(await removeMember(admin, mine.teams.second, mine.users.admin.id), 409, "error.last-team-admin");
    expectError(await removeMember(admin, mine.teams.second, mine.users.other.id), 409, "error.last-team-user");
    expect(await membersOf(admin, mine.teams.second)).toHaveLength(2);
  });

  it("refuses removing a person from their only team (error.user-needs-team)", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    const only = await t.addUser(mine.orgId, "user", [{ id: mine.teams.second, teamRole: "user" }]);
    expectError(await removeMember(admin, mine.teams.second, only.id), 409, "error.user-needs-team");
    expect(await membersOf(admin, mine.teams.second)).toContainEqual({ userId: only.id, teamRole: "user" });
  });

  it("removes a member who keeps another team", async () => {
    const mine = await t.tenant();
    const admin = await t.as(mine.users.admin);
    expect((await addMember(admin, mine.teams.second, { userId: mine.users.user.id, teamRole: "user" })).statusCode).toBe(200);
    const res = await removeMember(admin, mine.teams.second, mine.users.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members.map((m: Member) => m.userId)).not.toContain(mine.users.user.id);
    expect((await belongs(await t.as(mine.users.user))).json().map((x: { id: string }) => x.id)).toEqual([mine.teams.main]);
  });

  it("lets exactly one of two concurrent removals of a team's two administrators succeed", async () => {
    const mine = await t.tenant();
    const a1 = await t.addUser(mine.orgId, "user", [{ id: mine.teams.main, teamRole: "user" }]);
    const a2 = await t.addUser(mine.orgId, "user", [{ id: mine.teams.main, teamRole: "user" }]);
    const created = await create(await t.as(mine.users.admin), {
      label: "Duo",
      members: [
        { userId: a1.id, teamRole: "admin" },
        { userId: a2.id, teamRole: "admin" },
        { userId: mine.users.user.id, teamRole: "user" },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = created.json().id as string;
    const [tok1, tok2] = [await t.as(a1), await t.as(a2)];

    // The audit row is the last write of a removal. Holding the audit table makes both requests
    // wait there (a server without a lock would have let both pass their checks) or one there
    // and one behind the other's lock: the race is then certain, not left to timing.
    const pending = await t.racing(() => [removeMember(tok1, teamId, a2.id), removeMember(tok2, teamId, a1.id)]);
    const answers = await Promise.all(pending);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409);
    expect(loser?.json().error.code).toBe("error.last-team-admin");
    const members = await membersOf(await t.as(mine.users.admin), teamId);
    expect(members.filter((m) => m.teamRole === "admin")).toHaveLength(1);
    expect(members).toHaveLength(2);
  });
});

describe("cross-organisation: another organisation's team is not found", () => {
  it("answers 404 on every team route, and changes nothing there", async () => {
    const admin = await t.as(org.users.admin);
    const theirTeam = other.teams.second;
    const theirUser = other.users.other.id;
    const before = {
      teams: await countRows(other.orgId, "teams"),
      members: await countRows(other.orgId, "team_members"),
      audit: await countRows(other.orgId, "audit_log"),
      detail: (await get(await t.as(other.users.admin), theirTeam)).json(),
    };
    const answers = [
      await get(admin, theirTeam),
      await update(admin, theirTeam, { label: "Volée" }),
      await remove(admin, theirTeam),
      await addMember(admin, theirTeam, { userId: org.users.user.id, teamRole: "user" }),
      await addMember(admin, theirTeam, { userId: theirUser, teamRole: "user" }),
      await setRole(admin, theirTeam, theirUser, "admin"),
      await removeMember(admin, theirTeam, theirUser),
      // Own team, other organisation's person.
      await addMember(admin, org.teams.second, { userId: other.users.user.id, teamRole: "user" }),
      await setRole(admin, org.teams.second, theirUser, "admin"),
      await removeMember(admin, org.teams.second, theirUser),
    ];
    for (const res of answers) expectError(res, 404, "error.not-found");
    expect(await countRows(other.orgId, "teams")).toBe(before.teams);
    expect(await countRows(other.orgId, "team_members")).toBe(before.members);
    expect(await countRows(other.orgId, "audit_log")).toBe(before.audit);
    expect((await get(await t.as(other.users.admin), theirTeam)).json()).toEqual(before.detail);
  });

  it("answers 401 on team routes without a token", async () => {
    expectError(await t.request({ method: "GET", url: "/api/user-groups" }), 401, "error.unauthorized");
    expectError(await t.request({ method: "GET", url: `/api/user-groups/${org.teams.main}` }), 401, "error.unauthorized");
  });
});

import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { apiSuite, createTestApp, PASSWORD } from "../../../test/helpers.ts";

const { t, org, other } = apiSuite();

describe("POST auth/login", () => {
  it("answers the session of spec part 1 §7 and sets an httpOnly refresh cookie", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: org.users.user.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jwt).toMatch(/^ey/);
    expect(body.user).toMatchObject({ id: org.users.user.id, role: "user", clinic: org.orgId, status: "offline" });
    expect(body.userGroup).toMatchObject({ id: org.teams.main, isMember: true });
    expect(body.organization.id).toBe(org.orgId);
    expect(body.abilities).toEqual({
      manageOrganization: false,
      createTeam: false,
      manageUsers: false,
      assignableRoles: [],
      importContacts: false,
      writeTemplates: false,
      maintenance: false,
    });
    const cookie = res.cookies.find((c) => c.name === "relais_rt");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: org.users.other.email, password: "Nope!2026x" },
    });
    const unknown = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "nobody@test.relais", password: "Nope!2026x" },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("error.invalid-credentials");
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("answers in the browser's language before sign-in", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      headers: { "accept-language": "en-US,en;q=0.9" },
      payload: { username: "nobody@test.relais", password: "x" },
    });
    expect(res.json().error.message).toBe("Invalid email or password.");
  });

  it("throttles an account after repeated failures with error.throttle and the seconds to wait", async () => {
    const victim = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const attempt = () =>
      t.request({ method: "POST", url: "/api/auth/login", payload: { username: victim.email, password: "Wrong!2026" } });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.error.code).toBe("error.throttle");
    expect(body.error.params.retry).toBeGreaterThan(0);
    expect(body.error.params.retry).toBeLessThanOrEqual(15 * 60);
    expect(body.error.message).toBe(`Trop de requêtes. Essayez de nouveau dans ${body.error.params.retry} secondes.`);
    expect(res.headers["retry-after"]).toBe(String(body.error.params.retry));
    // Even the right password waits: the lock is on the account, not on the guess.
    const right = await t.request({ method: "POST", url: "/api/auth/login", payload: { username: victim.email, password: PASSWORD } });
    expect(right.statusCode).toBe(429);
  });

  it("throttles one address trying many accounts", async () => {
    const headers = { "x-forwarded-for": "203.0.113.9" };
    const fresh = await createTestApp({ TRUST_PROXY: true });
    try {
      let last = 0;
      for (let i = 0; i < 31; i++) {
        const res = await fresh.request({
          method: "POST",
          url: "/api/auth/login",
          headers,
          payload: { username: `n${i}@test.relais`, password: "x" },
        });
        last = res.statusCode;
      }
      expect(last).toBe(429);
      const elsewhere = await fresh.request({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-for": "203.0.113.10" },
        payload: { username: "n@test.relais", password: "x" },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await fresh.close();
    }
  });
});

describe("single active session", () => {
  it("answers 440 to the older session after a second login, and 401 after logout", async () => {
    const u = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const first = await t.login(u.email);
    expect((await t.request({ method: "GET", url: "/api/auth/profile", token: first.jwt })).statusCode).toBe(200);
    const second = await t.login(u.email);
    const old = await t.request({ method: "GET", url: "/api/auth/profile", token: first.jwt });
    expect(old.statusCode).toBe(440);
    expect(old.json().error.code).toBe("error.session-replaced");
    // The older refresh cookie is dead too, and says why.
    const oldRefresh = await t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: first.cookie } });
    expect(oldRefresh.statusCode).toBe(440);
    expect((await t.request({ method: "GET", url: "/api/auth/profile", token: second.jwt })).statusCode).toBe(200);
    const out = await t.request({ method: "POST", url: "/api/auth/logout", token: second.jwt, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await t.request({ method: "GET", url: "/api/auth/profile", token: second.jwt });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe("error.session-expired");
  });
});

describe("POST auth/refresh", () => {
  it("rotates the cookie on each use and revokes the family when a spent token comes back", async () => {
    const u = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const s = await t.login(u.email);
    const r1 = await t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: s.cookie } });
    expect(r1.statusCode).toBe(200);
    const c1 = r1.cookies.find((c) => c.name === "relais_rt")?.value ?? "";
    expect(c1).not.toBe(s.cookie);
    expect((await t.request({ method: "GET", url: "/api/auth/profile", token: r1.json().jwt })).statusCode).toBe(200);

    // Make the first rotation older than the 30 s race grace, as a thief replaying it later would be.
    await t.db.owner.transaction().execute(async (tx) => {
      await sql`select set_config('app.org_id', ${org.orgId}, true)`.execute(tx);
      await sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`.execute(tx);
    });
    const replay = await t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: s.cookie } });
    expect(replay.statusCode).toBe(401);
    // The whole session is gone: the latest cookie and the access token no longer work.
    expect((await t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: c1 } })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/auth/profile", token: r1.json().jwt })).statusCode).toBe(401);
  });

  it("rotates again, without killing the session, when two tabs race on the same token", async () => {
    const u = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const s = await t.login(u.email);
    const [a, b] = await Promise.all([
      t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: s.cookie } }),
      t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: s.cookie } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const ca = a.cookies.find((c) => c.name === "relais_rt")?.value;
    const cb = b.cookies.find((c) => c.name === "relais_rt")?.value;
    expect(ca).not.toBe(cb);
    for (const res of [a, b]) {
      expect((await t.request({ method: "GET", url: "/api/auth/profile", token: res.json().jwt })).statusCode).toBe(200);
    }
  });

  it("refuses a forged or malformed cookie", async () => {
    for (const cookie of ["", "abc", `${org.orgId}.${org.orgId}.${"x".repeat(43)}`, `${other.orgId}.x.y`]) {
      const res = await t.request({ method: "POST", url: "/api/auth/refresh", cookies: { relais_rt: cookie } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("idle timeout", () => {
  it("ends a session idle for more than 12 hours", async () => {
    const u = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const s = await t.login(u.email);
    await t.db.owner.transaction().execute(async (tx) => {
      await sql`select set_config('app.org_id', ${org.orgId}, true)`.execute(tx);
      await sql`update sessions set last_seen_at = now() - interval '12 hours 1 minute' where user_id = ${u.id}`.execute(tx);
    });
    const res = await t.request({ method: "GET", url: "/api/auth/profile", token: s.jwt });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("error.session-expired");
  });
});

describe("organisation sign-in blocks", () => {
  it("refuses a user outside business hours but lets an administrator in", async () => {
    // An office whose every day is closed is always outside business hours.
    const closed = await t.tenant({ options: { auth: { disallowLoginOutsideWorkHours: true, disallowUserLoginOutsideOffice: false } } });
    await t.db.owner.transaction().execute(async (tx) => {
      await sql`select set_config('app.org_id', ${closed.orgId}, true)`.execute(tx);
      await sql`update organizations set schedule = jsonb_set(schedule, '{week}', (select jsonb_agg(d || '{"enabled": false}') from jsonb_array_elements(schedule->'week') d))`.execute(
        tx,
      );
    });
    const res = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: closed.users.user.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("error.login-outside-work-hours");
    expect((await t.login(closed.users.admin.email)).jwt).toBeTruthy();
  });

  it("refuses a user from outside the office networks but accepts one inside", async () => {
    const office = await t.tenant({ options: { auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: true } } });
    const admin = await t.login(office.users.admin.email);
    const put = await t.request({
      method: "PUT",
      url: "/api/organizations",
      token: admin.jwt,
      payload: { officeNetworks: ["198.51.100.0/24"] },
    });
    expect(put.statusCode).toBe(200);
    const outside = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: office.users.user.email, password: PASSWORD },
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe("error.login-outside-office");
    const put2 = await t.request({
      method: "PUT",
      url: "/api/organizations",
      token: admin.jwt,
      payload: { officeNetworks: ["127.0.0.1/32"] },
    });
    expect(put2.statusCode).toBe(200);
    expect((await t.login(office.users.user.email)).jwt).toBeTruthy();
  });
});

describe("GET/PUT auth/profile, status, user-group, password", () => {
  it("edits the caller's own profile only", async () => {
    const s = await t.login(org.users.other.email);
    const res = await t.request({
      method: "PUT",
      url: "/api/auth/profile",
      token: s.jwt,
      payload: { name: "Nouvelle Personne", locale: "en-CA", settings: { allowIncomingCalls: false } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: org.users.other.id,
      name: "Nouvelle Personne",
      locale: "en-CA",
      settings: { allowIncomingCalls: false, audioNotifications: true },
    });
    // Errors now come in English for this user.
    const bad = await t.request({ method: "PUT", url: "/api/auth/profile", token: s.jwt, payload: { name: "   " } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: "validation.required", message: "This field is required." });
  });

  it("sets the status online, offline or busy and refuses anything else", async () => {
    const s = await t.login(org.users.user.email);
    const ok = await t.request({ method: "PUT", url: "/api/auth/status", token: s.jwt, payload: { status: "busy" } });
    expect(ok.json().status).toBe("busy");
    const bad = await t.request({ method: "PUT", url: "/api/auth/status", token: s.jwt, payload: { status: "away" } });
    expect(bad.statusCode).toBe(400);
  });

  it("switches to one of the caller's teams and refuses others", async () => {
    const s = await t.login(org.users.admin.email);
    const ok = await t.request({ method: "PUT", url: "/api/auth/user-group", token: s.jwt, payload: { userGroup: org.teams.second } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toBe(org.teams.second);
    const profile = await t.request({ method: "GET", url: "/api/auth/profile", token: s.jwt });
    expect(profile.json().userGroup.id).toBe(org.teams.second);
    const u = await t.login(org.users.user.email);
    const notMine = await t.request({ method: "PUT", url: "/api/auth/user-group", token: u.jwt, payload: { userGroup: org.teams.second } });
    expect(notMine.statusCode).toBe(403);
    const otherOrg = await t.request({
      method: "PUT",
      url: "/api/auth/user-group",
      token: u.jwt,
      payload: { userGroup: other.teams.main },
    });
    expect(otherOrg.statusCode).toBe(403);
  });

  it("changes the password with the current one, ending the other sessions", async () => {
    const u = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const s = await t.login(u.email);
    const wrong = await t.request({
      method: "PUT",
      url: "/api/auth/password",
      token: s.jwt,
      payload: { currentPassword: "nope", password: "Nouveau!2027", confirmation: "Nouveau!2027" },
    });
    expect(wrong.json().error.code).toBe("error.current-password");
    const weak = await t.request({
      method: "PUT",
      url: "/api/auth/password",
      token: s.jwt,
      payload: { currentPassword: PASSWORD, password: "weak", confirmation: "weak" },
    });
    expect(weak.statusCode).toBe(400);
    const codes = weak.json().error.fields.map((f: { code: string }) => f.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        "validation.password-min-length",
        "validation.password-uppercase",
        "validation.password-digit",
        "validation.password-special",
      ]),
    );
    const ok = await t.request({
      method: "PUT",
      url: "/api/auth/password",
      token: s.jwt,
      payload: { currentPassword: PASSWORD, password: "Nouveau!2027", confirmation: "Nouveau!2027" },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.login(u.email, "Nouveau!2027")).jwt).toBeTruthy();
  });
});

describe("password forgot and reset", () => {
  it("mails a single-use link in the user's language and sets the new password", async () => {
    const u = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const before = t.mails.length;
    const res = await t.request({ method: "POST", url: "/api/auth/password-forgot", payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    const mail = t.mails[before];
    expect(mail?.to).toBe(u.email);
    expect(mail?.subject).toBe("Réinitialisation de votre mot de passe Relais");
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail?.text ?? "")?.[1] ?? "");
    expect(token).not.toBe("");
    const mismatch = await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { token, password: "Reprise!2027", confirmation: "Autre!2027" },
    });
    expect(mismatch.json().error.fields[0].code).toBe("validation.password-confirmation");
    const ok = await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { token, password: "Reprise!2027", confirmation: "Reprise!2027" },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.login(u.email, "Reprise!2027")).jwt).toBeTruthy();
    const again = await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { token, password: "Encore!2028", confirmation: "Encore!2028" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe("error.password-reset-invalid");
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const before = t.mails.length;
    const res = await t.request({ method: "POST", url: "/api/auth/password-forgot", payload: { email: "personne@test.relais" } });
    expect(res.statusCode).toBe(200);
    expect(t.mails.length).toBe(before);
  });

  it("refuses an expired link", async () => {
    const u = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const before = t.mails.length;
    await t.request({ method: "POST", url: "/api/auth/password-forgot", payload: { email: u.email } });
    const token = decodeURIComponent(/token=([^\s]+)/.exec(t.mails[before]?.text ?? "")?.[1] ?? "");
    await t.db.owner.transaction().execute(async (tx) => {
      await sql`select set_config('app.org_id', ${org.orgId}, true)`.execute(tx);
      await sql`update password_resets set expires_at = now() - interval '1 second' where user_id = ${u.id}`.execute(tx);
    });
    const res = await t.request({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { token, password: "Reprise!2027", confirmation: "Reprise!2027" },
    });
    expect(res.json().error.code).toBe("error.password-reset-invalid");
  });
});

describe("the session's abilities", () => {
  it("are decided by the server from the role and the plan: a single-team plan offers no team creation", async () => {
    const single = await t.tenant({ tierId: 1 });
    const admin = await t.login(single.users.admin.email);
    const res = await t.request({ method: "GET", url: "/api/auth/profile", token: admin.jwt });
    expect(res.json().abilities).toMatchObject({ manageOrganization: true, manageUsers: true, createTeam: false });
    const multi = await t.login(org.users.admin.email);
    const again = await t.request({ method: "GET", url: "/api/auth/profile", token: multi.jwt });
    expect(again.json().abilities).toMatchObject({ manageOrganization: true, createTeam: true });
  });
});

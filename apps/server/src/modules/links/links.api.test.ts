import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { CreateLinkResponse } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { apiSuite, createTestApp, expectError } from "../../../test/helpers.ts";
import { CREATE_LIMIT, FOLLOW_LIMIT } from "./service.ts";

const PUBLIC_URL = "https://relais.example";

const { t, org, other } = apiSuite({ config: { PUBLIC_URL } });

/** Every test follows links from an address of its own, so per-address limits do not mix. */
let address = 1;
const nextAddress = () => `198.51.100.${address++}`;

const create = (token: string | undefined, url: unknown) => t.request({ method: "POST", url: "/api/link/create", token, payload: { url } });
const follow = (code: string, remoteAddress = nextAddress()) => t.request({ method: "GET", url: `/l/${code}`, remoteAddress });

/** A link's row as the owner sees it inside its organisation. */
async function linkRow(orgId: string, code: string) {
  return withTenant(t.db.owner, orgId, (tx) => tx.selectFrom("short_links").selectAll().where("code", "=", code).executeTakeFirst());
}

async function created(token: string, url: string): Promise<CreateLinkResponse> {
  const res = await create(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateLinkResponse>();
}

describe("POST link/create", () => {
  it("answers a short link under PUBLIC_URL that redirects to the address and counts each visit", async () => {
    const token = await t.as(org.users.user);
    const target = `https://exemple.test/formulaire-medical?patient=42&lang=fr#debut`;
    const link = await created(token, target);
    expect(link.code).toMatch(/^[0-9A-Za-z]{7}$/);
    expect(link.url).toBe(`${PUBLIC_URL}/l/${link.code}`);
    expect(await linkRow(org.orgId, link.code)).toMatchObject({ url: target, created_by: org.users.user.id, clicks: 0 });

    for (const visit of [1, 2]) {
      const res = await follow(link.code);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(target);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect((await linkRow(org.orgId, link.code))?.clicks).toBe(visit);
    }
  });

  it("is open to every role of the organisation, the plainest included", async () => {
    for (const user of [org.users.user, org.users.marketing, org.users.devops, org.users.superAdmin, org.users.admin]) {
      const res = await create(await t.as(user), `https://exemple.test/role/${user.role}`);
      expect(res.statusCode, `${user.role}: ${res.body}`).toBe(200);
    }
  });

  it("gives the same code to the same address in one organisation, another code in another", async () => {
    const url = "https://exemple.test/meme-adresse";
    const first = await created(await t.as(org.users.user), url);
    const again = await created(await t.as(org.users.admin), url);
    const elsewhere = await created(await t.as(other.users.user), url);
    expect(again.code).toBe(first.code);
    expect(elsewhere.code).not.toBe(first.code);
    // The first creator stays the creator; the other organisation has a row of its own.
    expect((await linkRow(org.orgId, first.code))?.created_by).toBe(org.users.user.id);
    expect((await linkRow(other.orgId, elsewhere.code))?.created_by).toBe(other.users.user.id);
  });

  it("gives one code to the same address shortened by several people at once", async () => {
    const url = `https://exemple.test/course-${Date.now()}`;
    const tokens = await Promise.all([org.users.user, org.users.admin, org.users.marketing].map((u) => t.as(u)));
    const answers = await Promise.all(tokens.map((token) => create(token, url)));
    const codes = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CreateLinkResponse>().code;
    });
    expect(new Set(codes).size).toBe(1);
    const count = await withTenant(t.db.owner, org.orgId, (tx) =>
      tx
        .selectFrom("short_links")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("url", "=", url)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(count.n)).toBe(1);
  });

  it("sends a redirect whose Location holds only ASCII, for an address with accents", async () => {
    const link = await created(await t.as(org.users.user), "https://exemple.test/santé dentaire?nom=Hélène");
    const res = await follow(link.code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("https://exemple.test/sant%C3%A9%20dentaire?nom=H%C3%A9l%C3%A8ne");
  });

  it("refuses what is not a web address, or too long, writing nothing", async () => {
    const token = await t.as(org.users.user);
    const before = await withTenant(t.db.owner, org.orgId, (tx) => tx.selectFrom("short_links").selectAll().execute());
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "ftp://exemple.test/fichier",
      "data:text/html,<script>alert(1)</script>",
      "mailto:clinique@exemple.test",
      "file:///etc/passwd",
      "exemple.test/sans-protocole",
      "https://banque.example@pirate.example/",
      "https://",
      "https://exemple.test/a\u0000b",
      "https://exemple.test/\r\nSet-Cookie: x=1",
    ]) {
      const res = await create(token, url);
      expectError(res, 400, "validation.url");
      expect(res.json().error.fields).toEqual([{ path: "url", code: "validation.url" }]);
    }
    const long = await create(token, `https://exemple.test/${"a".repeat(2048)}`);
    expectError(long, 400, "validation.max-length");
    expect(long.json().error.message).toBe("Maximum de 2048 caractères.");
    // Within 2048 as typed, past it once percent-encoded for the Location header.
    const encoded = await create(token, `https://exemple.test/${"é".repeat(1000)}`);
    expectError(encoded, 400, "validation.max-length");
    expectError(await create(token, ""), 400, "validation.required");
    expect(await withTenant(t.db.owner, org.orgId, (tx) => tx.selectFrom("short_links").selectAll().execute())).toEqual(before);
  });

  it("answers 401 error.unauthorized without a session", async () => {
    expectError(await create(undefined, "https://exemple.test/"), 401, "error.unauthorized");
    expectError(
      await t.request({
        method: "POST",
        url: "/api/link/create",
        headers: { authorization: "Bearer abc.def.ghi" },
        payload: { url: "https://exemple.test/" },
      }),
      401,
      "error.unauthorized",
    );
  });

  it("answers 429 error.throttle past the per-person limit, counting each person apart", async () => {
    const user = await t.addUser(org.orgId, "user", [{ id: org.teams.main, teamRole: "user" }]);
    const token = await t.as(user);
    for (let i = 0; i < CREATE_LIMIT.max; i++) {
      expect((await create(token, `https://exemple.test/limite/${i}`)).statusCode).toBe(200);
    }
    const over = await create(token, "https://exemple.test/limite/trop");
    expectError(over, 429, "error.throttle");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await create(await t.as(org.users.admin), "https://exemple.test/limite/autre")).statusCode).toBe(200);
  });
});

describe("GET /l/{code}", () => {
  it("works for anyone holding the link, with no session, whichever organisation made it", async () => {
    const link = await created(await t.as(other.users.user), "https://exemple.test/autre-clinique");
    const anonymous = await follow(link.code);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe("https://exemple.test/autre-clinique");
    // A signed-in person of another organisation is just a visitor too.
    const staff = await t.request({
      method: "GET",
      url: `/l/${link.code}`,
      token: await t.as(org.users.admin),
      remoteAddress: nextAddress(),
    });
    expect(staff.statusCode).toBe(302);
  });

  it("answers 404 with a small page in French and English for an unknown or malformed code", async () => {
    for (const code of ["Zz9Zz9Z", "abc", "a".repeat(40), "..%2F..%2Fapi%2Fusers", "%3Cscript%3E", "abc'%20or%201=1"]) {
      const res = await follow(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.body).toContain("Lien introuvable");
      expect(res.body).toContain("Link not found");
      expect(res.body).not.toContain("<script>");
      expect(res.headers.location).toBeUndefined();
    }
  });

  it("answers 429 with a page and Retry-After past the per-address limit", async () => {
    const link = await created(await t.as(org.users.user), "https://exemple.test/visites");
    const from = nextAddress();
    for (let i = 0; i < FOLLOW_LIMIT.max; i++) expect((await follow(link.code, from)).statusCode).toBe(302);
    const over = await follow(link.code, from);
    expect(over.statusCode).toBe(429);
    expect(over.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect(over.body).toContain("Trop de visites");
    expect(over.body).toContain("Too many visits");
    // Only the visits let through were counted; another address is not held back.
    expect((await linkRow(org.orgId, link.code))?.clicks).toBe(FOLLOW_LIMIT.max);
    expect((await follow(link.code)).statusCode).toBe(302);
  });
});

describe("tenancy of short links", () => {
  it("lets no organisation read another's links: the app role sees only its own rows", async () => {
    const mine = await created(await t.as(org.users.user), "https://exemple.test/prive-a");
    const theirs = await created(await t.as(other.users.user), "https://exemple.test/prive-b");
    const seenBy = (orgId: string) =>
      withTenant(t.db.app, orgId, (tx) => tx.selectFrom("short_links").select(["code", "organization_id"]).execute());
    const codesOf = async (orgId: string) => (await seenBy(orgId)).map((r) => r.code);
    expect(await codesOf(org.orgId)).toContain(mine.code);
    expect(await codesOf(org.orgId)).not.toContain(theirs.code);
    expect(await codesOf(other.orgId)).not.toContain(mine.code);
    for (const row of await seenBy(other.orgId)) expect(row.organization_id).toBe(other.orgId);
    // Without a tenant key the app role sees nothing at all.
    expect(await t.db.app.selectFrom("short_links").selectAll().execute()).toEqual([]);
  });

  it("lets the lookup function answer one code's address and nothing else", async () => {
    const link = await created(await t.as(org.users.user), "https://exemple.test/une-seule");
    const r = await sql<Record<string, unknown>>`select relais_follow_short_link(${link.code}) as answer`.execute(t.db.app);
    expect(r.rows).toEqual([{ answer: "https://exemple.test/une-seule" }]);
    const unknown = await sql<Record<string, unknown>>`select relais_follow_short_link(${"Zz9Zz9Z"}) as answer`.execute(t.db.app);
    expect(unknown.rows).toEqual([{ answer: null }]);
    // The app role cannot take relais_login's wider reading for itself.
    await expect(sql`set role relais_login`.execute(t.db.app)).rejects.toThrow();
  });

  it("serves no route that lists or reads links", async () => {
    const token = await t.as(org.users.admin);
    for (const url of ["/api/link", "/api/links", "/api/link/create", "/api/link/Zz9Zz9Z"]) {
      const res = await t.request({ method: "GET", url, token });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe("beside the web app", () => {
  it("is answered by the short-link route, not by the web app's history fallback", async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), "relais-web-"));
    writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Relais web app</title>");
    const served = await createTestApp({ WEB_DIST: web });
    try {
      const tenant = await served.tenant();
      const res = await served.request({
        method: "POST",
        url: "/api/link/create",
        token: await served.as(tenant.users.user),
        payload: { url: "https://exemple.test/avec-le-web" },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { code } = res.json<CreateLinkResponse>();
      const hit = await served.request({ method: "GET", url: `/l/${code}` });
      expect(hit.statusCode).toBe(302);
      expect(hit.headers.location).toBe("https://exemple.test/avec-le-web");
      const miss = await served.request({ method: "GET", url: "/l/Zz9Zz9Z" });
      expect(miss.statusCode).toBe(404);
      expect(miss.body).toContain("Lien introuvable");
      // The web app's own routes still fall back to it.
      expect((await served.request({ method: "GET", url: "/conversations" })).body).toContain("Relais web app");
    } finally {
      await served.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { CONTACT_SEARCH_MAX_RESULTS, type Contact, type ContactsPage } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { apiSuite, expectError } from "../../../test/helpers.ts";
import { API, createContact } from "./contacts-test-kit.ts";

const { t, org, other } = apiSuite();
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  token = await t.as(org.users.user);
  const people: [string, Record<string, unknown>][] = [
    ["helene", { firstname: "Hélène", lastname: "Tremblay", phone: "+15145550111", email: "helene.t@exemple.ca" }],
    ["chloe", { firstname: "Chloé", lastname: "Tremblay", phone: "+15145550115" }],
    ["francois", { firstname: "François", lastname: "Côté", phone: "+14385550112", email: "f.cote@courriel.ca" }],
    ["jerome", { firstname: "Jérôme", lastname: "Bélanger", phone: "+14505550114", business: "Garage Bélanger et fils" }],
    ["emilie", { firstname: "Émilie", lastname: "Éthier", phone: "+18195550113" }],
    ["abbott", { firstname: "Zoé", lastname: "Abbott" }],
    ["percent", { firstname: "Cent", lastname: "Pour", business: "100% Dentaire" }],
  ];
  for (const [key, fields] of people) ids[key] = (await createContact(t, token, fields)).id;
  // Another organisation's Hélène Tremblay, with another number: never in this one's answers.
  await createContact(t, await t.as(other.users.user), { firstname: "Hélène", lastname: "Tremblay", phone: "+15145550199" });
});

const list = (query: string, as = token) => t.request({ method: "GET", url: `${API}?${query}`, token: as });

/** The ids found by a search, in the answer's order. */
async function found(q: string): Promise<string[]> {
  const res = await list(new URLSearchParams({ q }).toString());
  expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
  return res.json<ContactsPage>().contacts.map((c) => c.id);
}

/** Every page of a listing, following nextCursor, checking no page is larger than `limit`. */
async function allPages(query: Record<string, string>, limit: number): Promise<Contact[]> {
  const out: Contact[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const params = new URLSearchParams({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    const res = await list(params.toString());
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<ContactsPage>();
    expect(page.contacts.length).toBeLessThanOrEqual(limit);
    out.push(...page.contacts);
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
  throw new Error("paging never ended");
}

describe("search, accents and case aside", () => {
  it("finds Hélène from 'helene', 'HÉLÈNE' and 'Helene'", async () => {
    for (const q of ["helene", "HÉLÈNE", "Helene", "hélè"]) expect(await found(q), q).toEqual([ids["helene"]]);
  });

  it("matches every word, in any order, across first and last name", async () => {
    expect(await found("tremblay helene")).toEqual([ids["helene"]]);
    expect(await found("Chloé Tremb")).toEqual([ids["chloe"]]);
    // Both Tremblay, ordered by name: Chloé before Hélène.
    expect(await found("tremblay")).toEqual([ids["chloe"], ids["helene"]]);
  });

  it("finds by email and by business", async () => {
    expect(await found("f.cote@courriel")).toEqual([ids["francois"]]);
    expect(await found("courriel.ca")).toEqual([ids["francois"]]);
    expect(await found("garage bel")).toEqual([ids["jerome"]]);
    expect(await found("fils")).toEqual([ids["jerome"]]);
  });

  it("finds by phone in any formatting, whole or in part", async () => {
    for (const q of ["(514) 555-0111", "514-555-0111", "514.555.0111", "+1 514 555 0111", "15145550111", "5550111", "0111"]) {
      expect(await found(q), q).toEqual([ids["helene"]]);
    }
    expect(await found("(450) 555")).toEqual([ids["jerome"]]);
  });

  it("takes % and _ as themselves, not as wildcards", async () => {
    expect(await found("100%")).toEqual([ids["percent"]]);
    expect(await found("%%%")).toEqual([]);
    expect(await found("___")).toEqual([]);
  });

  it("answers nothing of another organisation", async () => {
    const mine = await found("hélène");
    expect(mine).toEqual([ids["helene"]]);
    const theirs = await list("q=helene", await t.as(other.users.user));
    expect(theirs.json<ContactsPage>().contacts.map((c) => c.phone)).toEqual(["+15145550199"]);
    expect(await found("5550199")).toEqual([]);
  });

  it("needs at least 3 characters: 400 error.min-search-characters", async () => {
    for (const q of ["he", "  h ", "", "   ", "é"]) {
      const res = await list(new URLSearchParams({ q }).toString());
      expectError(res, 400, "error.min-search-characters");
      expect(res.json().error.message).toBe("La recherche doit contenir au moins 3 caractères.");
    }
  });

  it("answers 400 error.search-results when more than 500 contacts match, and finds them all at 500", async () => {
    // 500 contacts named Lavallée, written straight to the table (the API would take minutes).
    const insert = (n: number) =>
      withTenant(t.db.owner, org.orgId, (tx) =>
        sql`insert into contacts (organization_id, first_name, last_name)
            select ${org.orgId}::uuid, 'Personne ' || g, 'Lavallée' from generate_series(1, ${n}::int) g`.execute(tx),
      );
    await insert(CONTACT_SEARCH_MAX_RESULTS);
    const every = await allPages({ q: "lavallee" }, 200);
    expect(every).toHaveLength(CONTACT_SEARCH_MAX_RESULTS);
    expect(new Set(every.map((c) => c.id)).size).toBe(CONTACT_SEARCH_MAX_RESULTS);

    await insert(1);
    const res = await list("q=lavallee");
    expectError(res, 400, "error.search-results");
    expect(res.json().error.message).toBe("Trop de résultats dans la recherche, veuillez la préciser.");
    // A narrower search still answers.
    expect(await found("personne 499 lavallee")).toHaveLength(1);
    await withTenant(t.db.owner, org.orgId, (tx) => sql`delete from contacts where last_name = 'Lavallée'`.execute(tx));
  });
});

describe("the list", () => {
  it("orders by last then first name, accents and case aside", async () => {
    const names = (await allPages({}, 100)).map((c) => c.fullName);
    expect(names).toEqual([
      "Zoé Abbott",
      "Jérôme Bélanger",
      "François Côté",
      "Émilie Éthier",
      "Cent Pour",
      "Chloé Tremblay",
      "Hélène Tremblay",
    ]);
  });

  it("pages by name and by newest first without skipping or repeating anyone", async () => {
    for (let i = 0; i < 11; i++) await createContact(t, token, { firstname: `Page ${i}`, lastname: i % 2 ? "Même" : "Ménard" });
    const whole = await allPages({ sort: "name" }, 100);
    expect(whole).toHaveLength(18);
    for (const limit of [1, 4, 7]) {
      expect(
        (await allPages({ sort: "name" }, limit)).map((c) => c.id),
        `limit ${limit}`,
      ).toEqual(whole.map((c) => c.id));
    }
    const recent = await allPages({ sort: "recent" }, 5);
    expect(recent).toHaveLength(18);
    expect(new Set(recent.map((c) => c.id)).size).toBe(18);
    const created = recent.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(recent[0]?.firstname).toBe("Page 10");
    // A search pages the same way.
    expect((await allPages({ q: "page" }, 3)).map((c) => c.id)).toEqual(
      whole.filter((c) => c.firstname?.startsWith("Page")).map((c) => c.id),
    );
  });

  it("answers 400 error.bad-request to a cursor of another sort or a forged one", async () => {
    const first = (await list("sort=name&limit=2")).json<ContactsPage>();
    expect(first.nextCursor).not.toBeNull();
    expectError(await list(`sort=recent&cursor=${first.nextCursor}`), 400, "error.bad-request");
    const forged = Buffer.from(JSON.stringify(["name", "x", "pas-un-uuid"])).toString("base64url");
    expectError(await list(`cursor=${forged}`), 400, "error.bad-request");
    expectError(await list("cursor=bm9uc2Vuc2U"), 400, "error.bad-request");
  });

  it("validates the query", async () => {
    expectError(await list("limit=0"), 400, "error.validation");
    expectError(await list("limit=201"), 400, "error.validation");
    expectError(await list("sort=age"), 400, "error.validation");
    expectError(await list(`q=${"x".repeat(101)}`), 400, "validation.max-length");
  });
});

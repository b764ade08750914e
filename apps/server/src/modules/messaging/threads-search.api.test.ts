import { beforeAll, describe, expect, it } from "vitest";
import type { Thread, ThreadsPage } from "@relais/shared";
import { apiSuite, expectError } from "../../../test/helpers.ts";
import { API, createThread, givePhones } from "./messaging-test-kit.ts";

/** GET threads?q=: the search of the thread list (spec part 1 §5, at least 3 characters). */

const { t, org, other } = apiSuite();
let token: string;
const ids: Record<string, string> = {};

const search = (tok: string, q: string, extra = "") =>
  t.request({ method: "GET", url: `${API}/threads?q=${encodeURIComponent(q)}${extra}`, token: tok });

async function found(tok: string, q: string, extra = ""): Promise<string[]> {
  const res = await search(tok, q, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<ThreadsPage>()
    .threads.map((x: Thread) => Object.keys(ids).find((k) => ids[k] === x.id) ?? x.id)
    .sort();
}

beforeAll(async () => {
  await givePhones(t, org);
  await givePhones(t, other);
  token = await t.as(org.users.user);
  const threads: [string, string, string][] = [
    ["a", "+15145550123", "Rendez-vous confirmé jeudi"],
    ["b", "+15145559988", "Merci beaucoup"],
    ["c", "+14505550123", "Été 2026 : horaire réduit"],
    ["d", "+18195551234", "Facture payée à 50%"],
    ["e", "+18195554321", "Il reste 50 places"],
  ];
  for (const [name, to, body] of threads) ids[name] = (await createThread(t, token, to, body)).thread.id;
});

describe("GET threads?q=", () => {
  it("finds the contact's number by its digits, however it is typed", async () => {
    expect(await found(token, "514 555")).toEqual(["a", "b"]);
    expect(await found(token, "(514) 555-01")).toEqual(["a"]);
    expect(await found(token, "5550")).toEqual(["a", "c"]);
    expect(await found(token, "+1 819 555")).toEqual(["d", "e"]);
    expect(await found(token, "450-555-0123")).toEqual(["c"]);
    expect(await found(token, "613 555")).toEqual([]);
  });

  it("finds the last message's text, case and accents aside, % taken literally", async () => {
    expect(await found(token, "JEUDI")).toEqual(["a"]);
    expect(await found(token, "confirme")).toEqual(["a"]);
    expect(await found(token, "ete 2026")).toEqual(["c"]);
    expect(await found(token, "ÉTÉ")).toEqual(["c"]);
    expect(await found(token, "payee")).toEqual(["d"]);
    expect(await found(token, "50%")).toEqual(["d"]);
    expect(await found(token, "reste 50")).toEqual(["e"]);
    expect(await found(token, "vendredi")).toEqual([]);
  });

  it("answers 400 error.min-search-characters under 3 characters, spaces aside", async () => {
    for (const q of ["", "ab", "  ab  ", "12", "é "]) {
      const res = await search(token, q);
      expectError(res, 400, "error.min-search-characters");
      expect(res.json().error.message).toBe("La recherche doit contenir au moins 3 caractères.");
    }
  });

  it("searches within the chosen state", async () => {
    const archived = (await createThread(t, token, "+15145550177", "Dossier archivé")).thread.id;
    const res = await t.request({ method: "PUT", url: `${API}/threads/${archived}`, token, payload: { state: "inactive" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found(token, "dossier")).toEqual([]);
    expect(await found(token, "dossier", "&state=inactive")).toEqual([archived]);
    expect(await found(token, "514 555", "&state=inactive")).toEqual([archived]);
  });

  it("never finds another team's or organisation's thread", async () => {
    const second = (await createThread(t, await t.as(org.users.other), "+15145550123", "Question d'hygiène")).thread.id;
    expect(await found(token, "hygiene")).toEqual([]);
    expect(await found(token, "(514) 555-0123")).toEqual(["a"]);
    // A member of both teams finds both threads of that number.
    expect(await found(await t.as(org.users.admin), "(514) 555-0123")).toEqual(["a", second].sort());
    // Another organisation finds nothing of this one.
    const foreign = await t.as(other.users.admin);
    expect(await found(foreign, "hygiene")).toEqual([]);
    expect(await found(foreign, "514 555")).toEqual([]);
    expect(await found(foreign, "jeudi")).toEqual([]);
  });

  it("pages the results by cursor, in list order, without gaps or repeats", async () => {
    const mine = await t.tenant();
    await givePhones(t, mine);
    const tok = await t.as(mine.users.user);
    const wanted: string[] = [];
    for (let i = 0; i < 9; i++) {
      const body = i % 3 === 0 ? "Autre sujet" : `Rappel de série n° ${i}`;
      const created = (await createThread(t, tok, `+1514555${String(3000 + i)}`, body)).thread;
      if (i % 3 !== 0) wanted.push(created.id);
    }
    // A pinned match comes first, as in the unsearched list.
    const pinned = wanted[1];
    expect(pinned).toBeDefined();
    await t.request({ method: "PUT", url: `${API}/threads/${pinned ?? ""}`, token: tok, payload: { attributes: { pinned: true } } });

    const whole = (await search(tok, "SERIE")).json<ThreadsPage>().threads.map((x) => x.id);
    expect([...whole].sort()).toEqual([...wanted].sort());
    expect(whole[0]).toBe(pinned);

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const res = await search(tok, "SERIE", `&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<ThreadsPage>();
      expect(page.threads.length).toBeLessThanOrEqual(2);
      seen.push(...page.threads.map((x) => x.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(whole);
  });
});

import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { CommunicationTemplate, DynamicFieldToken, SignatureSettings, TextBlock, TextBlockList } from "@relais/shared";
import { apiSuite, expectError, type TestUser } from "../../../test/helpers.ts";

/** Quick messages, SMS templates and their tokens, and the signature, with roles and organisations. */

const { t, org, other } = apiSuite({ config: { jobs: false } });

async function call(who: TestUser, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.request({ method, url, token: await t.as(who), ...(payload ? { payload } : {}) });
}

const blocksUrl = (orgId: string) => `/api/organizations/${orgId}/text-blocks`;

async function createBlock(payload: object, who: TestUser = org.users.admin, orgId = org.orgId): Promise<TextBlock> {
  const res = await call(who, "POST", blocksUrl(orgId), payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function setOrg(orgId: string, fields: { url?: string | null; france_region?: boolean; sector?: string }) {
  await t.db.owner.updateTable("organizations").set(fields).where("id", "=", orgId).execute();
}

describe("text blocks", () => {
  it("has-own is false until the organisation writes one, then lists pinned first then by title", async () => {
    const none = await call(org.users.user, "GET", `${blocksUrl(org.orgId)}/has-own`);
    expect(none.json()).toEqual({ hasOwn: false });

    await createBlock({ locale: "fr-CA", title: "Rappel", body: "Bonjour {{firstName}}, votre rendez-vous est demain." });
    await createBlock({ locale: "fr-CA", title: "Annulation", body: "Votre rendez-vous est annulé." }, org.users.marketing);
    const pinned = await createBlock({ locale: "fr-CA", title: "Zèbre", body: "Épinglé", pinned: true });
    await createBlock({ locale: "en-CA", title: "Reminder", body: "Hello {{firstName}}" });

    expect((await call(org.users.user, "GET", `${blocksUrl(org.orgId)}/has-own`)).json()).toEqual({ hasOwn: true });
    const list = await call(org.users.user, "GET", `${blocksUrl(org.orgId)}?locale=fr-CA`);
    expect(list.statusCode, list.body).toBe(200);
    const body: TextBlockList = list.json();
    expect(body.items.map((b) => b.title)).toEqual(["Zèbre", "Annulation", "Rappel"]);
    expect(body.items[0]).toMatchObject({ id: pinned.id, pinned: true, kind: "text-block" });
    expect(body.abilities).toEqual({ edit: false });
    const all: TextBlockList = (await call(org.users.admin, "GET", blocksUrl(org.orgId))).json();
    expect(all.items).toHaveLength(4);
    expect(all.abilities).toEqual({ edit: true });
  });

  it("lets administrators and marketing edit, pin and delete; a user only reads", async () => {
    const block = await createBlock({ locale: "fr-CA", title: "Ouverture", body: "Nous ouvrons à 9 h." });
    const url = `${blocksUrl(org.orgId)}/${block.id}`;

    expectError(
      await call(org.users.user, "POST", blocksUrl(org.orgId), { locale: "fr-CA", title: "X", body: "Y" }),
      403,
      "error.forbidden",
    );
    expectError(await call(org.users.user, "PUT", url, { title: "X", body: "Y" }), 403, "error.forbidden");
    expectError(await call(org.users.user, "PUT", `${url}/pin`, { pinned: true }), 403, "error.forbidden");
    expectError(await call(org.users.user, "DELETE", url), 403, "error.forbidden");

    const updated = await call(org.users.marketing, "PUT", url, { title: "Heures", body: "Nous ouvrons à 8 h." });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: "Heures", body: "Nous ouvrons à 8 h.", pinned: false });
    const pinned = await call(org.users.superAdmin, "PUT", `${url}/pin`, { pinned: true });
    expect(pinned.json()).toMatchObject({ pinned: true, title: "Heures" });

    expect((await call(org.users.devops, "DELETE", url)).json()).toEqual({ ok: true });
    expectError(await call(org.users.admin, "DELETE", url), 404, "error.not-found");
    expectError(await call(org.users.admin, "PUT", `${url}/pin`, { pinned: false }), 404, "error.not-found");
  });

  it("refuses an empty title or body with the catalogue's keys", async () => {
    const res = await call(org.users.admin, "POST", blocksUrl(org.orgId), { locale: "fr-CA", title: "  ", body: " " });
    expectError(res, 400, "error.validation");
    expect(res.json().error.fields).toEqual([
      { path: "title", code: "validation.required" },
      { path: "body", code: "validation.text-block-body-required" },
    ]);
    const long = await call(org.users.admin, "POST", blocksUrl(org.orgId), { locale: "fr-CA", title: "Long", body: "x".repeat(1601) });
    expectError(long, 400, "validation.max-length");
  });

  it("hides another organisation's blocks: its path and its block ids are not found", async () => {
    const theirs = await createBlock({ locale: "fr-CA", title: "Chez eux", body: "Texte" }, other.users.admin, other.orgId);
    expectError(await call(org.users.admin, "GET", blocksUrl(other.orgId)), 404, "error.not-found");
    expectError(await call(org.users.admin, "GET", `${blocksUrl(other.orgId)}/has-own`), 404, "error.not-found");
    expectError(
      await call(org.users.admin, "POST", blocksUrl(other.orgId), { locale: "fr-CA", title: "X", body: "Y" }),
      404,
      "error.not-found",
    );
    // Their block through our own organisation's path: still not found, and left untouched.
    expectError(
      await call(org.users.admin, "PUT", `${blocksUrl(org.orgId)}/${theirs.id}`, { title: "Pris", body: "Pris" }),
      404,
      "error.not-found",
    );
    expectError(await call(org.users.admin, "PUT", `${blocksUrl(org.orgId)}/${theirs.id}/pin`, { pinned: true }), 404, "error.not-found");
    expectError(await call(org.users.admin, "DELETE", `${blocksUrl(org.orgId)}/${theirs.id}`), 404, "error.not-found");
    const still: TextBlockList = (await call(other.users.user, "GET", blocksUrl(other.orgId))).json();
    expect(still.items).toEqual([expect.objectContaining({ id: theirs.id, title: "Chez eux", pinned: false })]);
  });
});

describe("templates", () => {
  async function createTemplate(who: TestUser, payload: object): Promise<CommunicationTemplate> {
    const res = await call(who, "POST", "/api/communication-templates", payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it("keeps each user's SMS templates by locale, and shows them to marketing and devops in the text block list", async () => {
    const mine = await createTemplate(org.users.marketing, { locale: "fr-CA", title: "Mon suivi", content: "Bonjour {{firstName}}" });
    await createTemplate(org.users.marketing, { locale: "en-CA", title: "My follow-up", content: "Hello" });
    await createTemplate(org.users.devops, { locale: "fr-CA", title: "Devops", content: "Test" });
    await createTemplate(org.users.user, { locale: "fr-CA", title: "Perso", content: "À moi" });

    const list = await call(org.users.marketing, "GET", "/api/communication-templates?type=sms&locale=fr-CA");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: mine.id, type: "sms", userId: org.users.marketing.id, title: "Mon suivi" }),
    ]);

    const forMarketing: TextBlockList = (await call(org.users.marketing, "GET", `${blocksUrl(org.orgId)}?locale=fr-CA`)).json();
    expect(forMarketing.items.filter((i) => i.kind === "template").map((i) => i.title)).toEqual(["Mon suivi"]);
    expect(forMarketing.items.find((i) => i.kind === "template")?.body).toBe("Bonjour {{firstName}}");
    const forDevops: TextBlockList = (await call(org.users.devops, "GET", `${blocksUrl(org.orgId)}?locale=fr-CA`)).json();
    expect(forDevops.items.filter((i) => i.kind === "template").map((i) => i.title)).toEqual(["Devops"]);
    for (const who of [org.users.user, org.users.admin]) {
      const seen: TextBlockList = (await call(who, "GET", `${blocksUrl(org.orgId)}?locale=fr-CA`)).json();
      expect(seen.items.some((i) => i.kind === "template")).toBe(false);
    }
  });

  it("lets the owner (or an administrator) read, change and delete a template; others are refused", async () => {
    const tpl = await createTemplate(org.users.user, { locale: "fr-CA", title: "Confirmation", content: "C'est noté." });
    const url = `/api/communication-templates/${tpl.id}`;
    expectError(await call(org.users.other, "GET", url), 403, "error.forbidden");
    expectError(await call(org.users.other, "PUT", url, { title: "X", content: "Y", pinned: false }), 403, "error.forbidden");
    expectError(await call(org.users.other, "DELETE", url), 403, "error.forbidden");
    expectError(await call(org.users.other, "GET", `/api/communication-templates?userId=${org.users.user.id}`), 403, "error.forbidden");

    const changed = await call(org.users.user, "PUT", url, { title: "Confirmé", content: "Rendez-vous confirmé.", pinned: true });
    expect(changed.json()).toMatchObject({ title: "Confirmé", content: "Rendez-vous confirmé.", pinned: true });
    const byAdmin = await call(org.users.admin, "GET", `/api/communication-templates?userId=${org.users.user.id}`);
    expect(byAdmin.json().map((x: CommunicationTemplate) => x.id)).toContain(tpl.id);
    expect((await call(org.users.admin, "GET", url)).json()).toMatchObject({ title: "Confirmé" });
    expect((await call(org.users.user, "DELETE", url)).json()).toEqual({ ok: true });
    expectError(await call(org.users.user, "GET", url), 404, "error.not-found");
  });

  it("does not show or touch another organisation's templates or users", async () => {
    const theirs = await createTemplate(other.users.user, { locale: "fr-CA", title: "Ailleurs", content: "Texte" });
    const url = `/api/communication-templates/${theirs.id}`;
    expectError(await call(org.users.admin, "GET", url), 404, "error.not-found");
    expectError(await call(org.users.admin, "PUT", url, { title: "X", content: "Y", pinned: false }), 404, "error.not-found");
    expectError(await call(org.users.admin, "DELETE", url), 404, "error.not-found");
    expectError(await call(org.users.admin, "GET", `/api/communication-templates?userId=${other.users.user.id}`), 404, "error.not-found");
    expect((await call(other.users.user, "GET", url)).json()).toMatchObject({ title: "Ailleurs" });
  });
});

describe("tokens", () => {
  const fields = async (who: TestUser, query = "") =>
    (await call(who, "GET", `/api/communication-templates/tokens${query}`)).json<DynamicFieldToken[]>().map((x) => x.field);

  it("hides the link token without a website and the questionnaires in France", async () => {
    await setOrg(org.orgId, { url: null, france_region: false, sector: "dental" });
    expect(await fields(org.users.user)).toEqual([
      "firstName",
      "lastName",
      "date",
      "nextAppointmentDate",
      "nextAppointmentTime",
      "organizationName",
      "organizationPhone",
      "organizationAddress",
      "medicalQuestionnaire",
      "covidQuestionnaire",
    ]);
    await setOrg(org.orgId, { url: "https://clinique.exemple.test", france_region: true });
    const france = await fields(org.users.user);
    expect(france).toContain("website");
    expect(france).not.toContain("medicalQuestionnaire");
    expect(france).not.toContain("covidQuestionnaire");
    expect(await fields(org.users.user, "?sector=notary")).not.toContain("medicalQuestionnaire");
    const res = await call(org.users.user, "GET", "/api/communication-templates/tokens");
    expect(res.json()[0]).toEqual({ field: "firstName", token: "{{firstName}}" });
  });
});

describe("signature", () => {
  const url = (orgId: string) => `/api/organizations/${orgId}/signature`;

  it("is none by default; administrators choose the mode; each user writes their own line", async () => {
    const first: SignatureSettings = (await call(org.users.user, "GET", url(org.orgId))).json();
    expect(first).toMatchObject({ mode: "no-signature", effective: null, abilities: { update: false } });

    expectError(await call(org.users.user, "PUT", url(org.orgId), { mode: "clinic" }), 403, "error.forbidden");
    expectError(await call(org.users.marketing, "PUT", url(org.orgId), { mode: "clinic" }), 403, "error.forbidden");

    const clinic = await call(org.users.admin, "PUT", url(org.orgId), { mode: "clinic" });
    expect(clinic.statusCode, clinic.body).toBe(200);
    const name = await sql<{ name_fr: string }>`select name_fr from organizations where id = ${org.orgId}`.execute(t.db.owner);
    expect((await call(org.users.user, "GET", url(org.orgId))).json()).toMatchObject({ mode: "clinic", effective: name.rows[0]?.name_fr });

    await call(org.users.admin, "PUT", url(org.orgId), { mode: "user" });
    const byName: SignatureSettings = (await call(org.users.user, "GET", url(org.orgId))).json();
    expect(byName.effective).toMatch(/^user /);
    const own = await call(org.users.user, "PUT", `${url(org.orgId)}/user`, { text: "Julie, hygiéniste" });
    expect(own.json()).toMatchObject({ userSignature: "Julie, hygiéniste", effective: "Julie, hygiéniste" });
    // Another user's line is their own.
    expect((await call(org.users.other, "GET", url(org.orgId))).json().userSignature).toBe("");

    expectError(
      await call(org.users.admin, "PUT", url(org.orgId), { mode: "personalized-signature", personalizedText: " " }),
      400,
      "validation.required",
    );
    await call(org.users.admin, "PUT", url(org.orgId), { mode: "personalized-signature", personalizedText: "L'équipe de la clinique" });
    expect((await call(org.users.user, "GET", url(org.orgId))).json()).toMatchObject({ effective: "L'équipe de la clinique" });
  });

  it("answers not found for another organisation's signature", async () => {
    expectError(await call(org.users.admin, "GET", url(other.orgId)), 404, "error.not-found");
    expectError(await call(org.users.admin, "PUT", url(other.orgId), { mode: "clinic" }), 404, "error.not-found");
    expectError(await call(org.users.user, "PUT", `${url(other.orgId)}/user`, { text: "Moi" }), 404, "error.not-found");
    expect((await call(other.users.user, "GET", url(other.orgId))).json()).toMatchObject({ mode: "no-signature", userSignature: "" });
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { TransferExtension } from "@relais/shared";
import { withTenant } from "../../db/database.ts";
import { apiSuite, expectError } from "../../../test/helpers.ts";
import { transferExtension } from "./index.ts";
import { setExtTransfer } from "./voice-settings-test-kit.ts";

/** Transfer extensions (issue 13 §2): tier permission 2 and the organisation's flag, admin writes, staff reads. */

const { t, org, other } = apiSuite();
const URL = "/api/transfer-extension";

beforeAll(async () => {
  await setExtTransfer(t, org.orgId, true);
  await setExtTransfer(t, other.orgId, true);
});

async function create(payload: object, who = org) {
  return t.request({ method: "POST", url: URL, token: await t.as(who.users.admin), payload });
}

describe("transfer extensions", () => {
  it("adds an extension with the number stored in E.164, and every staff member lists them by name", async () => {
    const res = await create({ name: "Laboratoire Dentaire", phoneNumber: "(514) 555-0199", extension: "12" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: "Laboratoire Dentaire", phoneNumber: "+15145550199", extension: "12" });
    expect((await create({ name: "assurances", phoneNumber: "+1 418 555 0100", extension: "" })).statusCode).toBe(201);

    const list = await t.request({ method: "GET", url: URL, token: await t.as(org.users.user) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<TransferExtension[]>().map((e) => e.name)).toEqual(["assurances", "Laboratoire Dentaire"]);
    // Another organisation sees none of them.
    const theirs = await t.request({ method: "GET", url: URL, token: await t.as(other.users.user) });
    expect(theirs.json()).toEqual([]);
  });

  it("refuses a bad number, too many extension digits and a name used twice", async () => {
    const bad = await create({ name: "Mauvais", phoneNumber: "555-01", extension: "" });
    expectError(bad, 400, "validation.phone");
    expect(bad.json().error.fields).toContainEqual({ path: "phoneNumber", code: "validation.phone" });
    const digits = await create({ name: "Poste", phoneNumber: "+15145550123", extension: "1234" });
    expect(digits.json().error.fields).toContainEqual({ path: "extension", code: "validation.extension" });
    expect((await create({ name: "Doublon", phoneNumber: "+15145550123", extension: "" })).statusCode).toBe(201);
    expectError(await create({ name: "doublon", phoneNumber: "+15145550124", extension: "" }), 409, "error.transfer-extension-exists");
  });

  it("lets only administrators change them", async () => {
    const res = await t.request({
      method: "POST",
      url: URL,
      token: await t.as(org.users.user),
      payload: { name: "X", phoneNumber: "+15145550123", extension: "" },
    });
    expectError(res, 403, "error.forbidden");
  });

  it("changes and deletes one; another organisation's is not found", async () => {
    const id = (await create({ name: "Radiologie", phoneNumber: "+15145550150", extension: "7" })).json<TransferExtension>().id;
    const foreign = await t.request({
      method: "PUT",
      url: `${URL}/${id}`,
      token: await t.as(other.users.admin),
      payload: { name: "Volé", phoneNumber: "+15145550150", extension: "" },
    });
    expectError(foreign, 404, "error.not-found");
    expectError(await t.request({ method: "DELETE", url: `${URL}/${id}`, token: await t.as(other.users.admin) }), 404, "error.not-found");

    const put = await t.request({
      method: "PUT",
      url: `${URL}/${id}`,
      token: await t.as(org.users.admin),
      payload: { name: "Radiologie centrale", phoneNumber: "514 555 0151", extension: "789" },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id, name: "Radiologie centrale", phoneNumber: "+15145550151", extension: "789" });

    // The transfer code reads it through the module's index.ts, scoped by organisation.
    const read = await withTenant(t.db.app, org.orgId, (tx) => transferExtension(tx, org.orgId, id));
    expect(read).toMatchObject({ phoneNumber: "+15145550151", extension: "789" });
    expect(await withTenant(t.db.app, other.orgId, (tx) => transferExtension(tx, other.orgId, id))).toBeNull();

    const del = await t.request({ method: "DELETE", url: `${URL}/${id}`, token: await t.as(org.users.admin) });
    expect(del.statusCode, del.body).toBe(200);
    expectError(await t.request({ method: "DELETE", url: `${URL}/${id}`, token: await t.as(org.users.admin) }), 404, "error.not-found");
  });

  it("answers 403 while the organisation's flag is off, and without tier permission 2", async () => {
    const off = await t.tenant();
    expectError(await t.request({ method: "GET", url: URL, token: await t.as(off.users.user) }), 403, "error.ext-transfer-disabled");
    expectError(
      await t.request({
        method: "POST",
        url: URL,
        token: await t.as(off.users.admin),
        payload: { name: "A", phoneNumber: "+15145550123", extension: "" },
      }),
      403,
      "error.ext-transfer-disabled",
    );
    // Tier 2 has outgoing calls only; no tier at all grants no transfer to extensions either.
    for (const tierId of [2, null]) {
      const plan = await t.tenant({ tierId });
      await setExtTransfer(t, plan.orgId, true);
      expectError(await t.request({ method: "GET", url: URL, token: await t.as(plan.users.user) }), 403, "error.tier-forbidden");
    }
  });
});

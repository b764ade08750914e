import { expect, it } from "vitest";
import { apiSuite } from "../../test/helpers.ts";
import { withTenant } from "../db/database.ts";
import { DEMO_CLINIC_ID, DEMO_CLINIC_USERS, DEMO_NOTARY_ID, DEMO_PASSWORD, seedDemo } from "./demo.ts";

const { t } = apiSuite({ tenants: 0 });

const countUsers = (orgId: string) =>
  withTenant(
    t.db.owner,
    orgId,
    async (tx) => (await tx.selectFrom("users").select("id").where("organization_id", "=", orgId).execute()).length,
  );

it("seeds the demo once: a second start changes nothing and keeps a person's edits", async () => {
  await seedDemo(t.db.owner, t.media, () => undefined);
  expect(await countUsers(DEMO_CLINIC_ID)).toBe(DEMO_CLINIC_USERS.length);
  const admin = await t.login("admin@clinique-demo.ca", DEMO_PASSWORD);
  const renamed = await t.request({ method: "PUT", url: "/api/auth/profile", token: admin.jwt, payload: { name: "Dre Tremblay" } });
  expect(renamed.statusCode).toBe(200);

  await seedDemo(t.db.owner, t.media, () => undefined);
  expect(await countUsers(DEMO_CLINIC_ID)).toBe(DEMO_CLINIC_USERS.length);
  expect(await countUsers(DEMO_NOTARY_ID)).toBe(2);
  const again = await t.login("admin@clinique-demo.ca", DEMO_PASSWORD);
  expect(again.user.name).toBe("Dre Tremblay");
  // The notary's office sits on the single-team plan and sees none of the clinic.
  const notary = await t.login("admin@notaire-demo.ca", DEMO_PASSWORD);
  const res = await t.request({ method: "GET", url: `/api/organizations/${DEMO_CLINIC_ID}`, token: notary.jwt });
  expect(res.statusCode).toBe(404);
});

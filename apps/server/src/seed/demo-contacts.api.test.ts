import { expect, it } from "vitest";
import type { ContactsPage, ContactSurvey, LinkedContact } from "@relais/shared";
import { apiSuite } from "../../test/helpers.ts";
import { DEMO_CLINIC_CONTACTS, DEMO_NOTARY_CONTACTS } from "./demo-contacts.ts";
import { DEMO_PASSWORD, seedDemo } from "./demo.ts";

const { t } = apiSuite({ tenants: 0 });

it("seeds the demo contacts once, searchable without accents, with a link, a pinned note and a survey", async () => {
  await seedDemo(t.db.owner, t.media, () => undefined);
  await seedDemo(t.db.owner, t.media, () => undefined);
  const clinic = (await t.login("admin@clinique-demo.ca", DEMO_PASSWORD)).jwt;
  const all = (await t.request({ method: "GET", url: "/api/patients?limit=200", token: clinic })).json<ContactsPage>();
  expect(all.contacts).toHaveLength(DEMO_CLINIC_CONTACTS.length);

  const found = (await t.request({ method: "GET", url: "/api/patients?q=helene", token: clinic })).json<ContactsPage>();
  expect(found.contacts.map((c) => c.fullName)).toEqual(["Hélène Tremblay"]);
  const helene = found.contacts[0]?.id ?? "";
  const links = (await t.request({ method: "GET", url: `/api/patients/${helene}/contacts`, token: clinic })).json<LinkedContact[]>();
  expect(links.map((l) => [l.contact.fullName, l.relation])).toEqual([["Chloé Tremblay", "daughter"]]);
  const notes = (await t.request({ method: "GET", url: `/api/patients/${helene}/notes`, token: clinic })).json<{ pinned: boolean }[]>();
  expect(notes.map((n) => n.pinned)).toEqual([true]);

  const francois = (await t.request({ method: "GET", url: "/api/patients/phone/5145550112", token: clinic })).json<{ id: string }>();
  const surveys = (await t.request({ method: "GET", url: `/api/patients/${francois.id}/surveys`, token: clinic })).json<ContactSurvey[]>();
  expect(surveys.map((s) => [s.title, s.followupDone])).toEqual([["Sondage de satisfaction", false]]);

  // The notary's office sees its own contact only.
  const notary = (await t.login("admin@notaire-demo.ca", DEMO_PASSWORD)).jwt;
  const theirs = (await t.request({ method: "GET", url: "/api/patients", token: notary })).json<ContactsPage>();
  expect(theirs.contacts.map((c) => c.phone)).toEqual(DEMO_NOTARY_CONTACTS.map((c) => c.phone));
});

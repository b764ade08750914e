import { withTenant, type Db } from "../db/database.ts";
import { recordSurvey } from "../modules/contacts/index.ts";
import { filledDefaultSurvey } from "../modules/surveys/index.ts";

export const DEMO_CLINIC_NAME = "Clinique dentaire des Érables";
/** What François Côté answered to the satisfaction survey (his contact and his conversation show them). */
export const FRANCOIS_SURVEY_ANSWERS = ["3", "L'attente était un peu longue."] as const;

type DemoContact = {
  firstname: string;
  lastname: string;
  phone: string;
  email?: string;
  business?: string;
  birthday?: string;
  address?: string;
  city?: string;
  postalCode?: string;
  language: "fr" | "en";
  gender: "male" | "female";
};

/** Patients of the demo clinic: accents on purpose, so that a search for "helene" shows its worth. */
export const DEMO_CLINIC_CONTACTS: DemoContact[] = [
  {
    firstname: "Hélène",
    lastname: "Tremblay",
    phone: "+15145550111",
    email: "helene.tremblay@exemple.ca",
    birthday: "1978-04-12",
    address: "4521, rue Saint-Denis",
    city: "Montréal",
    postalCode: "H2J 2L2",
    language: "fr",
    gender: "female",
  },
  { firstname: "Chloé", lastname: "Tremblay", phone: "+15145550115", birthday: "2009-09-03", language: "fr", gender: "female" },
  { firstname: "François", lastname: "Côté", phone: "+15145550112", email: "f.cote@exemple.ca", language: "fr", gender: "male" },
  { firstname: "Émilie", lastname: "Gagnon", phone: "+14385550113", city: "Laval", language: "fr", gender: "female" },
  {
    firstname: "Jérôme",
    lastname: "Bélanger",
    phone: "+14505550114",
    business: "Garage Bélanger et fils",
    city: "Longueuil",
    language: "fr",
    gender: "male",
  },
  { firstname: "Sarah", lastname: "O'Neil", phone: "+15145550116", email: "sarah.oneil@example.com", language: "en", gender: "female" },
];

export const DEMO_NOTARY_CONTACTS: DemoContact[] = [
  { firstname: "Gilles", lastname: "Bouchard", phone: "+14185550111", city: "Québec", language: "fr", gender: "male" },
];

/**
 * The demo organisation's contacts, added when it has none (a fresh start, or a database from
 * before contacts existed); a person's own contacts and edits are left as they are. In the
 * clinic, Chloé is linked to her mother Hélène, Hélène has a pinned note and François a survey
 * waiting for its follow-up.
 */
export async function seedDemoContacts(owner: Db, orgId: string, contacts: DemoContact[], authorEmail: string): Promise<boolean> {
  const ids = await withTenant(owner, orgId, async (tx) => {
    const any = await tx.selectFrom("contacts").select("id").where("organization_id", "=", orgId).limit(1).executeTakeFirst();
    if (any) return null;
    const author = await tx
      .selectFrom("users")
      .select("id")
      .where("organization_id", "=", orgId)
      .where("email", "=", authorEmail)
      .executeTakeFirst();
    const out = new Map<string, string>();
    for (const c of contacts) {
      const row = await tx
        .insertInto("contacts")
        .values({
          organization_id: orgId,
          first_name: c.firstname,
          last_name: c.lastname,
          business: c.business ?? null,
          phone: c.phone,
          email: c.email ?? null,
          birthday: c.birthday ?? null,
          address: c.address ?? null,
          city: c.city ?? null,
          postal_code: c.postalCode ?? null,
          language: c.language,
          gender: c.gender,
          salutation: c.gender === "male" ? "M" : "Mme",
          note: null,
          created_by: author?.id ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      out.set(c.phone, row.id);
    }
    const helene = out.get("+15145550111");
    const chloe = out.get("+15145550115");
    if (helene && chloe) {
      await tx
        .insertInto("contact_links")
        .values([
          { organization_id: orgId, contact_id: helene, linked_contact_id: chloe, relation: "daughter" },
          { organization_id: orgId, contact_id: chloe, linked_contact_id: helene, relation: "mother" },
        ])
        .execute();
      await tx
        .insertInto("contact_notes")
        .values({
          organization_id: orgId,
          contact_id: helene,
          body: "Préfère les rendez-vous le matin. Rappeler la veille.",
          noted_on: "2026-01-15",
          pinned: true,
          author_id: author?.id ?? null,
        })
        .execute();
    }
    return out;
  });
  if (!ids) return false;
  const francois = ids.get("+15145550112");
  if (francois) {
    // The questions as his run asked them: filled for him, as a completed run records them.
    const survey = filledDefaultSurvey({ firstName: "François", lastName: "Côté", organizationName: DEMO_CLINIC_NAME });
    await recordSurvey(owner, orgId, {
      contactId: francois,
      title: survey.title,
      answers: FRANCOIS_SURVEY_ANSWERS.map((answer, i) => ({ question: survey.questions[i]?.text ?? "", answer })),
    });
  }
  return true;
}

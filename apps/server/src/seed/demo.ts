import type { Role, TeamRole } from "@relais/shared";
import { withTenant, type Db } from "../db/database.ts";
import { hashPassword } from "../platform/auth/passwords.ts";
import { insertOrganization, insertTeam, insertUser } from "./builders.ts";
import { DEFAULT_SURVEY } from "../modules/surveys/index.ts";
import { DEMO_CLINIC_CONTACTS, DEMO_NOTARY_CONTACTS, seedDemoContacts } from "./demo-contacts.ts";
import { seedDemoEmail } from "./demo-email.ts";
import { seedDemoCalls } from "./demo-calls.ts";
import { seedDemoConversations } from "./demo-conversations.ts";
import { seedDemoOffice } from "./demo-office.ts";
import type { MediaHost } from "../modules/messaging/index.ts";

/** Fixed ids so that the seed can tell, on every start, whether the demo is already there. */
export const DEMO_CLINIC_ID = "0b1e2d3c-4a5b-4c6d-8e7f-000000000001";
export const DEMO_NOTARY_ID = "0b1e2d3c-4a5b-4c6d-8e7f-000000000002";
export const DEMO_PASSWORD = "Relais!2026";

type DemoUser = { name: string; email: string; role: Role; locale?: string; teams: [number, TeamRole][] };

export const DEMO_CLINIC_USERS: DemoUser[] = [
  {
    name: "Isabelle Tremblay",
    email: "admin@clinique-demo.ca",
    role: "admin",
    teams: [
      [0, "admin"],
      [1, "admin"],
    ],
  },
  { name: "Marc Gagnon", email: "user@clinique-demo.ca", role: "user", teams: [[0, "user"]] },
  { name: "Sophie Roy", email: "hygiene@clinique-demo.ca", role: "user", teams: [[1, "user"]] },
  { name: "Julie Côté", email: "superadmin@clinique-demo.ca", role: "super-admin", teams: [[0, "user"]] },
  { name: "Alex Morin", email: "devops@clinique-demo.ca", role: "devops", locale: "en-CA", teams: [[0, "user"]] },
  { name: "Camille Pelletier", email: "marketing@clinique-demo.ca", role: "marketing", teams: [[0, "user"]] },
];

export const DEMO_NOTARY_USERS: DemoUser[] = [
  { name: "Louise Lavoie", email: "admin@notaire-demo.ca", role: "admin", teams: [[0, "admin"]] },
  { name: "Thomas Bélanger", email: "user@notaire-demo.ca", role: "user", teams: [[0, "user"]] },
];

async function exists(owner: Db, orgId: string): Promise<boolean> {
  const row = await withTenant(owner, orgId, (tx) =>
    tx.selectFrom("organizations").select("id").where("id", "=", orgId).executeTakeFirst(),
  );
  return !!row;
}

async function seedUsers(owner: Db, orgId: string, teamIds: string[], users: DemoUser[], hash: string) {
  for (const u of users) {
    await insertUser(
      owner,
      orgId,
      {
        name: u.name,
        email: u.email,
        role: u.role,
        password: DEMO_PASSWORD,
        locale: u.locale ?? "fr-CA",
        teams: u.teams.map(([i, teamRole]) => ({ id: teamIds[i] ?? "", teamRole })),
      },
      hash,
    );
  }
}

/**
 * The demo of `npm start`: a French-Canadian dental clinic with two teams and one account of
 * each role, plus a notary's office so that tenancy can be seen. The clinic comes with a few days
 * of life dated back from the first start: calls, conversations, a survey answered, scheduled
 * messages, appointments, quick messages. Idempotent: an organisation already there is left as
 * it is, and each part is added only while the clinic has none of its kind (a person's changes
 * survive restarts). `media` stores the conversations' photos.
 */
export async function seedDemo(owner: Db, media: MediaHost["media"], log: (msg: string) => void): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  if (!(await exists(owner, DEMO_CLINIC_ID))) {
    await insertOrganization(owner, {
      id: DEMO_CLINIC_ID,
      nameFr: "Clinique dentaire des Érables",
      nameEn: "Maple Dental Clinic",
      sector: "dental",
      tierId: 3,
      email: "info@clinique-demo.ca",
      phone: "+15145550100",
      url: "https://clinique-demo.ca",
      address: "1200, rue Sainte-Catherine Ouest, Montréal (Québec) H3B 1K1",
      timezone: "America/Toronto",
      consultationsEnabled: true,
      // Its plan (tier 3) includes transfer to extensions; the clinic has it turned on.
      enableExtTransfer: true,
      // Its plan includes the call queue too; an administrator turns it on (Configuration → Organisation).
      callQueueEnabled: true,
      clientId: "demo-clinic",
      services: ["dental-exam", "dental-cleaning", "dental-filling", "dental-whitening"],
    });
    const teams = [
      await insertTeam(owner, DEMO_CLINIC_ID, {
        label: "Réception",
        main: true,
        email: "reception@clinique-demo.ca",
        phoneNumber: "+15145550101",
      }),
      await insertTeam(owner, DEMO_CLINIC_ID, { label: "Hygiène", email: "hygiene-equipe@clinique-demo.ca", phoneNumber: "+15145550102" }),
    ];
    await seedUsers(owner, DEMO_CLINIC_ID, teams, DEMO_CLINIC_USERS, hash);
    log("demo clinic seeded");
  }
  if (!(await exists(owner, DEMO_NOTARY_ID))) {
    await insertOrganization(owner, {
      id: DEMO_NOTARY_ID,
      nameFr: "Étude notariale Lavoie",
      nameEn: "Lavoie Notaries",
      sector: "notary",
      tierId: 1,
      email: "info@notaire-demo.ca",
      phone: "+14185550100",
      timezone: "America/Toronto",
      clientId: "demo-notary",
      services: ["notary-real-estate", "notary-will"],
    });
    const teams = [await insertTeam(owner, DEMO_NOTARY_ID, { label: "Étude", main: true, phoneNumber: "+14185550101" })];
    await seedUsers(owner, DEMO_NOTARY_ID, teams, DEMO_NOTARY_USERS, hash);
    log("demo notary office seeded");
  }
  if (await seedDemoContacts(owner, DEMO_CLINIC_ID, DEMO_CLINIC_CONTACTS, "admin@clinique-demo.ca")) log("demo clinic contacts seeded");
  if (await seedDemoContacts(owner, DEMO_NOTARY_ID, DEMO_NOTARY_CONTACTS, "admin@notaire-demo.ca")) log("demo notary contacts seeded");
  if (await seedDemoSurvey(owner, DEMO_CLINIC_ID)) log("demo clinic satisfaction survey turned on");
  // Calls first: the conversations then take their threads and order them by the latest message.
  if (await seedDemoCalls(owner, DEMO_CLINIC_ID)) log("demo clinic calls seeded");
  const host: MediaHost = { db: owner, media, log: { warn: (_obj, msg) => log(msg), error: (_obj, msg) => log(msg) } };
  // The week ahead before the conversations: their sent scheduled message is not one of the clinic's own.
  for (const part of await seedDemoOffice(owner, host, DEMO_CLINIC_ID, log)) log(`demo clinic ${part} seeded`);
  if (await seedDemoConversations(owner, host, DEMO_CLINIC_ID)) log("demo clinic conversations seeded");
  if (await seedDemoEmail(owner, DEMO_CLINIC_ID)) log("demo clinic sandbox mailbox and email conversation seeded");
}

/** The clinic offers its satisfaction survey (the default questions), once: an administrator's later change stays. */
async function seedDemoSurvey(owner: Db, orgId: string): Promise<boolean> {
  return withTenant(owner, orgId, async (tx) => {
    const { questions, ...texts } = DEFAULT_SURVEY;
    const inserted = await tx
      .insertInto("survey_settings")
      .values({ organization_id: orgId, ...texts, enabled: true, questions: JSON.stringify(questions) })
      .onConflict((oc) => oc.column("organization_id").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  });
}

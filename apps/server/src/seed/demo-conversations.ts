import { withTenant, type Db, type Tx } from "../db/database.ts";
import {
  discardFiles,
  hasTexts,
  storeInboundMedia,
  storePastConversation,
  type MediaHost,
  type PastMedia,
  type PastText,
} from "../modules/messaging/index.ts";
import { filledDefaultSurvey, storePastSurveyRun } from "../modules/surveys/index.ts";
import { scheduledInstant, storePastScheduled } from "../modules/scheduled-messages/index.ts";
import { chippedToothPhoto, insuranceCardPhoto } from "./demo-images.ts";
import { DEMO_CLINIC_NAME, FRANCOIS_SURVEY_ANSWERS } from "./demo-contacts.ts";
import { RECEPTION_NUMBER } from "./demo-reception.ts";

/**
 * A few days of texts in the demo clinic (issue 15 §6), so the first start opens a lived-in
 * inbox: conversations active and archived, unread ones, two photos, a satisfaction survey
 * answered, a scheduled message sent with its reminder, a number nobody knows yet. Dated back
 * from the moment they are written (the first start), so they always read as the last few days.
 * Added once, when the clinic has no text at all: a person's own conversations and edits stay.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const HYGIENE_NUMBER = "+15145550102";
/** Someone who moved nearby and is not a contact yet. */
export const DEMO_NEWCOMER_NUMBER = "+15145550177";

type Staff = "marc" | "sophie" | "isabelle";
const STAFF_EMAILS: Record<Staff, string> = {
  marc: "user@clinique-demo.ca",
  sophie: "hygiene@clinique-demo.ca",
  isabelle: "admin@clinique-demo.ca",
};

/** A text of the script: who wrote it, how long before the first start, and a picture if any. */
type Line = { by: Staff | "contact"; ago: number; body: string; photo?: "card" | "tooth" };

type Script = {
  team: "reception" | "hygiene";
  phone: string;
  state: "active" | "inactive";
  unread: boolean;
  pinned?: boolean;
  lines: Line[];
};

const SCRIPTS: Script[] = [
  {
    // Hélène Tremblay: booking her and her daughter, then a question this morning (and a call yesterday).
    team: "reception",
    phone: "+15145550111",
    state: "active",
    unread: true,
    lines: [
      {
        by: "marc",
        ago: 2 * DAY + 5 * HOUR,
        body: "Bonjour Hélène, c'est Marc de la Clinique dentaire des Érables. Il est temps de prévoir votre nettoyage annuel. Quel moment vous conviendrait ?",
      },
      {
        by: "contact",
        ago: 2 * DAY + 4 * HOUR + 35 * MINUTE,
        body: "Bonjour ! Le matin, c'est mieux pour moi. Est-ce que Chloé pourrait venir en même temps ?",
      },
      {
        by: "marc",
        ago: 2 * DAY + 4 * HOUR,
        body: "Bien sûr. Je vous réserve toutes les deux avec Sophie cette semaine, vous recevrez une confirmation la veille.",
      },
      { by: "contact", ago: 2 * DAY + 3 * HOUR + 55 * MINUTE, body: "Merci beaucoup, c'est parfait !" },
      { by: "contact", ago: 35 * MINUTE, body: "Bonjour, est-ce que je dois arriver 10 minutes à l'avance pour remplir un formulaire ?" },
    ],
  },
  {
    // Émilie Gagnon sends her new insurance card (a call back from Marc an hour ago comes from the calls).
    team: "reception",
    phone: "+14385550113",
    state: "active",
    unread: false,
    lines: [
      { by: "contact", ago: 3 * DAY + 2 * HOUR, body: "Bonjour, voici ma nouvelle carte d'assurance pour mon dossier.", photo: "card" },
      { by: "marc", ago: 3 * DAY + HOUR + 48 * MINUTE, body: "Merci Émilie, c'est ajouté à votre dossier. Bonne journée !" },
    ],
  },
  {
    // Sarah O'Neil writes in English with a photo of a chipped tooth; Sophie answers. Pinned.
    team: "hygiene",
    phone: "+15145550116",
    state: "active",
    unread: false,
    pinned: true,
    lines: [
      {
        by: "contact",
        ago: 3 * HOUR + 10 * MINUTE,
        body: "Hi, I think I chipped a tooth last night. Here is a picture. Is it urgent?",
        photo: "tooth",
      },
      {
        by: "sophie",
        ago: 2 * HOUR + 55 * MINUTE,
        body: "Hi Sarah, thanks for the photo. It does not look urgent, but we would like to see you this week. I will call you this afternoon to find a time.",
      },
      { by: "contact", ago: 2 * HOUR + 40 * MINUTE, body: "Thank you so much, that's great!" },
    ],
  },
  {
    // Jérôme Bélanger asked about Saturdays last week: answered, then archived.
    team: "reception",
    phone: "+14505550114",
    state: "inactive",
    unread: false,
    lines: [
      { by: "contact", ago: 6 * DAY + 3 * HOUR, body: "Bonjour, êtes-vous ouverts le samedi ?" },
      {
        by: "marc",
        ago: 6 * DAY + 2 * HOUR + 40 * MINUTE,
        body: "Bonjour Jérôme, la clinique est ouverte du lundi au vendredi, de 9 h à 17 h. Voulez-vous un rendez-vous en fin de journée ?",
      },
      { by: "contact", ago: 6 * DAY + 2 * HOUR, body: "Parfait, je vais regarder mon horaire et je vous reviens. Merci !" },
    ],
  },
  {
    // Someone new in the neighbourhood, not a contact yet: the newest unread text.
    team: "reception",
    phone: DEMO_NEWCOMER_NUMBER,
    state: "active",
    unread: true,
    lines: [
      {
        by: "contact",
        ago: 18 * MINUTE,
        body: "Bonjour, est-ce que vous prenez de nouveaux patients ? Je viens d'emménager dans le quartier avec mes deux enfants.",
      },
    ],
  },
];

type Ids = { reception: string; hygiene: string; staff: Record<Staff, string>; contacts: Map<string, string> };

async function idsOf(tx: Tx, orgId: string): Promise<Ids | null> {
  const teams = await tx
    .selectFrom("teams")
    .select(["id", "phone_number"])
    .where("organization_id", "=", orgId)
    .where("phone_number", "in", [RECEPTION_NUMBER, HYGIENE_NUMBER])
    .execute();
  const users = await tx
    .selectFrom("users")
    .select(["id", "email"])
    .where("organization_id", "=", orgId)
    .where("email", "in", Object.values(STAFF_EMAILS))
    .execute();
  const contacts = await tx.selectFrom("contacts").select(["id", "phone"]).where("organization_id", "=", orgId).execute();
  const reception = teams.find((t) => t.phone_number === RECEPTION_NUMBER)?.id;
  const hygiene = teams.find((t) => t.phone_number === HYGIENE_NUMBER)?.id;
  const staffId = (who: Staff) => users.find((u) => u.email === STAFF_EMAILS[who])?.id;
  const marc = staffId("marc");
  const sophie = staffId("sophie");
  const isabelle = staffId("isabelle");
  if (!reception || !hygiene || !marc || !sophie || !isabelle) return null;
  return {
    reception,
    hygiene,
    staff: { marc, sophie, isabelle },
    contacts: new Map(contacts.flatMap((c) => (c.phone ? [[c.phone, c.id] as const] : []))),
  };
}

function pastTexts(lines: Line[], now: number, ids: Ids, photos: Map<string, PastMedia[]>): PastText[] {
  return lines.map((line) => ({
    direction: line.by === "contact" ? "inbound" : "outbound",
    body: line.body,
    at: new Date(now - line.ago),
    authorId: line.by === "contact" ? null : ids.staff[line.by],
    ...(line.photo ? { media: photos.get(line.photo) ?? [] } : {}),
  }));
}

/** François Côté answered the satisfaction survey five days ago (the answers his contact holds). */
async function seedSurveyConversation(tx: Tx, orgId: string, ids: Ids, now: number): Promise<void> {
  const phone = "+15145550112";
  const contactId = ids.contacts.get(phone);
  if (!contactId) return;
  const survey = filledDefaultSurvey({ firstName: "François", lastName: "Côté", organizationName: DEMO_CLINIC_NAME });
  const startedAt = now - 5 * DAY - 6 * HOUR;
  const [q1, q2] = survey.questions;
  const [a1, a2] = FRANCOIS_SURVEY_ANSWERS;
  if (!q1 || !q2 || a1 === undefined || a2 === undefined) return;
  const lines: Line[] = [
    { by: "isabelle", ago: now - startedAt, body: q1.text },
    { by: "contact", ago: now - startedAt - 7 * MINUTE, body: a1 },
    { by: "isabelle", ago: now - startedAt - 7 * MINUTE - 5_000, body: q2.text },
    { by: "contact", ago: now - startedAt - 12 * MINUTE, body: a2 },
    { by: "isabelle", ago: now - startedAt - 12 * MINUTE - 5_000, body: survey.thanks },
  ];
  const { threadId } = await storePastConversation(tx, orgId, {
    teamId: ids.reception,
    teamPhone: RECEPTION_NUMBER,
    contactPhone: phone,
    // His missed call this morning (the calls) waits for someone to call back.
    state: "active",
    unread: true,
    texts: pastTexts(lines, now, ids, new Map()),
  });
  await storePastSurveyRun(tx, orgId, {
    teamId: ids.reception,
    threadId,
    contactId,
    contactPhone: phone,
    startedBy: ids.staff.isabelle,
    survey,
    answers: [a1, a2],
    startedAt: new Date(startedAt),
    endedAt: new Date(startedAt + 12 * MINUTE + 5_000),
  });
  // His contact holds the answers since the seed's contacts: dated when he gave them.
  await tx
    .updateTable("contact_surveys")
    .set({ created_at: new Date(startedAt + 12 * MINUTE + 5_000) })
    .where("organization_id", "=", orgId)
    .where("contact_id", "=", contactId)
    .where("title", "=", survey.title)
    .where("created_at", ">", new Date(startedAt))
    .execute();
}

/**
 * Chloé Tremblay got a scheduled message last week, with its reminder the day before: both texts
 * in her (archived) conversation, and the scheduled message listed as sent.
 */
async function seedSentScheduled(tx: Tx, orgId: string, ids: Ids, now: number, timezone: string): Promise<void> {
  const phone = "+15145550115";
  const body = "Bonjour Chloé, c'est le moment de changer de brosse à dents ! Une neuve vous attend à l'accueil à votre prochaine visite.";
  const at = new Date(now - 8 * DAY);
  const date = localDate(at, timezone);
  const time = "10:00";
  const sentAt = await scheduledInstant(tx, date, time, timezone);
  const lines: Line[] = [
    { by: "sophie", ago: now - sentAt.getTime() + DAY, body: `Rappel : ${body}` },
    { by: "sophie", ago: now - sentAt.getTime(), body },
    { by: "contact", ago: now - sentAt.getTime() - 2 * HOUR, body: "Merci, je vais y penser !" },
  ];
  const { messageIds } = await storePastConversation(tx, orgId, {
    teamId: ids.hygiene,
    teamPhone: HYGIENE_NUMBER,
    contactPhone: phone,
    state: "inactive",
    unread: false,
    texts: pastTexts(lines, now, ids, new Map()),
  });
  const sent = messageIds[1];
  if (!sent) return;
  await storePastScheduled(tx, orgId, ids.staff.sophie, {
    teamId: ids.hygiene,
    toPhone: phone,
    title: "Brosse à dents",
    body,
    date,
    time,
    at: sentAt,
    reminders: ["24h"],
    remindersSent: ["24h"],
    messageId: sent,
  });
}

/** The local date (YYYY-MM-DD) of an instant in `timezone`. */
export function localDate(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** The two photos, stored through the media storage before the transaction (as an inbound text's are). */
async function storePhotos(host: MediaHost, orgId: string): Promise<Map<string, PastMedia[]>> {
  const card = await storeInboundMedia(
    host,
    orgId,
    [{ filename: "carte-assurance.png", read: () => Promise.resolve(insuranceCardPhoto()) }],
    {
      demo: "card",
    },
  );
  const tooth = await storeInboundMedia(host, orgId, [{ filename: "IMG_2231.png", read: () => Promise.resolve(chippedToothPhoto()) }], {
    demo: "tooth",
  });
  return new Map([
    ["card", card],
    ["tooth", tooth],
  ]);
}

/** Adds the clinic's conversations once; true when they were added now. */
export async function seedDemoConversations(owner: Db, host: MediaHost, orgId: string): Promise<boolean> {
  const ready = await withTenant(owner, orgId, async (tx) => !(await hasTexts(tx, orgId)) && (await idsOf(tx, orgId)) !== null);
  if (!ready) return false;
  const photos = await storePhotos(host, orgId);
  let added = false;
  try {
    added = await withTenant(owner, orgId, async (tx) => {
      // Checked again under the transaction: two servers starting at once seed it once.
      await tx.selectFrom("organizations").select("id").where("id", "=", orgId).forUpdate().execute();
      if (await hasTexts(tx, orgId)) return false;
      const ids = await idsOf(tx, orgId);
      if (!ids) return false;
      const org = await tx.selectFrom("organizations").select("timezone").where("id", "=", orgId).executeTakeFirstOrThrow();
      const now = Date.now();
      for (const s of SCRIPTS) {
        await storePastConversation(tx, orgId, {
          teamId: s.team === "reception" ? ids.reception : ids.hygiene,
          teamPhone: s.team === "reception" ? RECEPTION_NUMBER : HYGIENE_NUMBER,
          contactPhone: s.phone,
          state: s.state,
          unread: s.unread,
          ...(s.pinned ? { pinned: true } : {}),
          texts: pastTexts(s.lines, now, ids, photos),
        });
      }
      await seedSurveyConversation(tx, orgId, ids, now);
      await seedSentScheduled(tx, orgId, ids, now, org.timezone);
      return true;
    });
    return added;
  } finally {
    // The photos stay only with the conversations that show them.
    if (!added) {
      await discardFiles(
        host,
        [...photos.values()].flat().map((m) => m.storageKey),
      );
    }
  }
}

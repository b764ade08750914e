import { randomUUID } from "node:crypto";
import type { Role, TeamRole } from "@relais/shared";
import { withTenant, type Db } from "../db/database.ts";
import type { Ctx } from "../platform/auth/ctx.ts";
import { createAppointment, replaceAvailabilities } from "../modules/agenda/index.ts";
import { quickMessageFilesOf, type MediaHost } from "../modules/messaging/index.ts";
import { tierPermissions } from "../modules/organizations/index.ts";
import { createScheduled } from "../modules/scheduled-messages/index.ts";
import { createTextBlock } from "../modules/text-blocks/index.ts";
import { localDate } from "./demo-conversations.ts";

/**
 * The demo clinic's week ahead (issue 15 §6): Sophie's availabilities and appointments on the
 * next working days, messages scheduled with their reminders, and quick messages. Written
 * through the modules' own services, as a staff member would, so each part obeys the rules a
 * person meets (five minutes ahead, no double booking, …) and plans its jobs. Each part is added
 * once, when the clinic has none of its kind: a person's own are never doubled or overwritten.
 */

/** Who does it, as the services see a signed-in staff member. */
async function staffCtx(owner: Db, orgId: string, email: string): Promise<Ctx | null> {
  return withTenant(owner, orgId, async (tx) => {
    const user = await tx
      .selectFrom("users")
      .select(["id", "role", "locale"])
      .where("organization_id", "=", orgId)
      .where("email", "=", email)
      .executeTakeFirst();
    if (!user) return null;
    const teams = await tx
      .selectFrom("team_members")
      .select(["team_id", "team_role"])
      .where("organization_id", "=", orgId)
      .where("user_id", "=", user.id)
      .execute();
    return {
      orgId,
      userId: user.id,
      sessionId: randomUUID(),
      role: user.role as Role,
      teams: teams.map((t) => ({ id: t.team_id, teamRole: t.team_role as TeamRole })),
      currentTeamId: teams[0]?.team_id ?? null,
      locale: user.locale === "en-CA" ? "en-CA" : "fr-CA",
      tierPermissions: await tierPermissions(tx, orgId),
      ip: "127.0.0.1",
    };
  });
}

/** The next `count` working days (Monday to Friday) after today, in `timezone`, as YYYY-MM-DD. */
export function nextWorkingDays(now: Date, timezone: string, count: number): string[] {
  const out: string[] = [];
  const today = localDate(now, timezone);
  const [y, m, d] = today.split("-").map(Number);
  for (let i = 1; out.length < count; i++) {
    const day = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + i));
    const weekday = day.getUTCDay();
    if (weekday >= 1 && weekday <= 5) out.push(day.toISOString().slice(0, 10));
  }
  return out;
}

async function none(owner: Db, orgId: string, table: "appointments" | "scheduled_messages" | "text_blocks"): Promise<boolean> {
  return withTenant(owner, orgId, async (tx) => {
    const row = await tx.selectFrom(table).select("id").where("organization_id", "=", orgId).limit(1).executeTakeFirst();
    return row === undefined;
  });
}

async function contactIds(owner: Db, orgId: string): Promise<Map<string, string>> {
  return withTenant(owner, orgId, async (tx) => {
    const rows = await tx.selectFrom("contacts").select(["id", "phone"]).where("organization_id", "=", orgId).execute();
    return new Map(rows.flatMap((c) => (c.phone ? [[c.phone, c.id] as const] : [])));
  });
}

async function timezoneOf(owner: Db, orgId: string): Promise<string> {
  return withTenant(owner, orgId, async (tx) => {
    const org = await tx.selectFrom("organizations").select("timezone").where("id", "=", orgId).executeTakeFirstOrThrow();
    return org.timezone;
  });
}

/** Sophie works Monday to Friday, 8:00 to 16:00; the week's appointments are hers. */
async function seedAgenda(owner: Db, orgId: string, days: string[]): Promise<boolean> {
  if (!(await none(owner, orgId, "appointments"))) return false;
  const admin = await staffCtx(owner, orgId, "admin@clinique-demo.ca");
  const marc = await staffCtx(owner, orgId, "user@clinique-demo.ca");
  const sophie = await staffCtx(owner, orgId, "hygiene@clinique-demo.ca");
  const contacts = await contactIds(owner, orgId);
  if (!admin || !marc || !sophie) return false;
  await replaceAvailabilities(owner, admin, sophie.userId, {
    slots: [1, 2, 3, 4, 5].map((day) => ({ day, start: "08:00", end: "16:00" })),
  });
  const bookings: { phone: string; day: number; start: string; duration: number; serviceId: string; requests?: string }[] = [
    { phone: "+15145550112", day: 0, start: "09:00", duration: 30, serviceId: "dental-exam", requests: "Suivi du sondage : l'attente." },
    { phone: "+15145550111", day: 1, start: "09:00", duration: 60, serviceId: "dental-cleaning" },
    { phone: "+15145550115", day: 1, start: "10:00", duration: 30, serviceId: "dental-exam" },
    {
      phone: "+15145550116",
      day: 2,
      start: "14:00",
      duration: 30,
      serviceId: "dental-filling",
      requests: "Dent ébréchée (photo dans la conversation).",
    },
    { phone: "+14505550114", day: 3, start: "15:00", duration: 60, serviceId: "dental-cleaning" },
  ];
  for (const b of bookings) {
    const contactId = contacts.get(b.phone);
    const date = days[b.day];
    if (!contactId || !date) continue;
    await createAppointment(owner, marc, {
      memberId: sophie.userId,
      contactId,
      date,
      start: b.start,
      duration: b.duration,
      serviceId: b.serviceId,
      ...(b.requests ? { requests: b.requests } : {}),
    });
  }
  return true;
}

/** Two messages Marc scheduled: a confirmation with its reminder, and a recall for a day, at no set time. */
async function seedScheduled(owner: Db, orgId: string, days: string[], now: Date): Promise<boolean> {
  if (!(await none(owner, orgId, "scheduled_messages"))) return false;
  const marc = await staffCtx(owner, orgId, "user@clinique-demo.ca");
  const [, cleaningDay, , , lastDay] = days;
  if (!marc || !cleaningDay || !lastDay) return false;
  await createScheduled(
    owner,
    marc,
    {
      toPhoneNumber: "+15145550111",
      title: "Confirmation du nettoyage",
      message: "Bonjour Hélène, nous vous attendons ce matin à 9 h, et Chloé à 10 h. Au plaisir de vous voir !",
      date: cleaningDay,
      time: "07:30",
      reminders: ["24h"],
    },
    now,
  );
  await createScheduled(
    owner,
    marc,
    {
      toPhoneNumber: "+14505550114",
      title: "Examen annuel",
      message: "Bonjour Jérôme, votre dernier examen date d'un an. Répondez à ce message pour choisir un moment qui vous convient.",
      // A date alone: it goes when the office opens that day (decision 0034).
      date: lastDay,
      reminders: ["48h"],
    },
    now,
  );
  return true;
}

const QUICK_MESSAGES: { locale: "fr-CA" | "en-CA"; title: string; body: string }[] = [
  {
    locale: "fr-CA",
    title: "Confirmation de rendez-vous",
    body: "Bonjour {{firstName}}, votre rendez-vous à la {{organizationName}} est confirmé. Répondez à ce message pour toute question.",
  },
  {
    locale: "fr-CA",
    title: "Petit retard",
    body: "Bonjour {{firstName}}, nous avons environ 15 minutes de retard ce matin. Merci de votre patience !",
  },
  {
    locale: "fr-CA",
    title: "Après une obturation",
    body: "Évitez de manger pendant deux heures et de boire chaud jusqu'à ce soir. Appelez-nous si la douleur persiste.",
  },
  {
    locale: "en-CA",
    title: "Appointment confirmation",
    body: "Hello {{firstName}}, your appointment at {{organizationName}} is confirmed. Reply to this message with any question.",
  },
];

async function seedQuickMessages(owner: Db, host: MediaHost, orgId: string): Promise<boolean> {
  if (!(await none(owner, orgId, "text_blocks"))) return false;
  const admin = await staffCtx(owner, orgId, "admin@clinique-demo.ca");
  if (!admin) return false;
  const blocks = { db: host.db, files: quickMessageFilesOf(host) };
  for (const q of QUICK_MESSAGES) await createTextBlock(blocks, admin, orgId, { ...q, pinned: false });
  return true;
}

/**
 * Adds each part of the clinic's week that it has none of yet; answers the parts added. A part
 * the services refuse (a person changed the clinic: no texting number, no Sophie) is left out
 * and said in the log: the demo never stops the server from starting.
 */
export async function seedDemoOffice(owner: Db, host: MediaHost, orgId: string, log: (msg: string) => void): Promise<string[]> {
  const now = new Date();
  const days = nextWorkingDays(now, await timezoneOf(owner, orgId), 5);
  const parts: [string, () => Promise<boolean>][] = [
    ["appointments", () => seedAgenda(owner, orgId, days)],
    ["scheduled messages", () => seedScheduled(owner, orgId, days, now)],
    ["quick messages", () => seedQuickMessages(owner, host, orgId)],
  ];
  const added: string[] = [];
  for (const [name, seed] of parts) {
    try {
      if (await seed()) added.push(name);
    } catch (err) {
      log(`demo clinic ${name} left out: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return added;
}

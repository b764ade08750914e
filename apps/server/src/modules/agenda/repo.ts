import { sql } from "kysely";
import type { Tx } from "../../db/database.ts";

/** SQL of availabilities and appointments. Every query is scoped by organisation (and RLS). */

export type SlotRow = { member_id: string; day: number; start_minute: number; end_minute: number };
export type MemberRow = { id: string; name: string };

/** A member (user) of the organisation, or undefined. */
export async function findMember(tx: Tx, orgId: string, memberId: string): Promise<MemberRow | undefined> {
  return tx.selectFrom("users").select(["id", "name"]).where("organization_id", "=", orgId).where("id", "=", memberId).executeTakeFirst();
}

/** The members of one team, by name. */
export async function membersOfTeam(tx: Tx, orgId: string, teamId: string): Promise<MemberRow[]> {
  return tx
    .selectFrom("team_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["u.id", "u.name"])
    .where("m.organization_id", "=", orgId)
    .where("m.team_id", "=", teamId)
    .orderBy("u.name")
    .orderBy("u.id")
    .execute();
}

export async function slotsOf(tx: Tx, orgId: string, memberIds: string[]): Promise<SlotRow[]> {
  if (memberIds.length === 0) return [];
  return tx
    .selectFrom("availabilities")
    .select(["member_id", "day", "start_minute", "end_minute"])
    .where("organization_id", "=", orgId)
    .where("member_id", "in", memberIds)
    .orderBy("day")
    .orderBy("start_minute")
    .execute();
}

/** Replaces a member's whole week. */
export async function replaceSlots(tx: Tx, orgId: string, memberId: string, slots: Omit<SlotRow, "member_id">[]): Promise<void> {
  await tx.deleteFrom("availabilities").where("organization_id", "=", orgId).where("member_id", "=", memberId).execute();
  if (slots.length === 0) return;
  await tx
    .insertInto("availabilities")
    .values(slots.map((s) => ({ organization_id: orgId, member_id: memberId, ...s })))
    .execute();
}

/** Serialises changes to one member's agenda (week edits, bookings) inside the transaction. */
export async function lockMember(tx: Tx, orgId: string, memberId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`agenda:${orgId}:${memberId}`}, 0))`.execute(tx);
}

/** The organisation's time zone, sector and offered services. */
export async function organizationOf(tx: Tx, orgId: string) {
  return tx.selectFrom("organizations").select(["timezone", "sector", "services"]).where("id", "=", orgId).executeTakeFirstOrThrow();
}

export async function findService(tx: Tx, id: string) {
  return tx.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The range [local date + start, + duration minutes) in the organisation's time zone. */
const rangeOf = (orgId: string, date: string, start: string, duration: number) => sql<string>`tstzrange(
  (${date}::date + ${start}::time) at time zone (select o.timezone from organizations o where o.id = ${orgId}),
  (${date}::date + ${start}::time) at time zone (select o.timezone from organizations o where o.id = ${orgId})
    + make_interval(mins => ${duration}::int),
  '[)')`;

export type AppointmentColumns = {
  member_id: string;
  contact_id: string;
  category: string | null;
  service_id: string;
  gender: string;
  kit: boolean;
  extra_document: string;
  requests: string | null;
  notes: string | null;
};

export type When = { date: string; start: string; duration: number };

export async function insertAppointment(tx: Tx, orgId: string, userId: string, columns: AppointmentColumns, when: When): Promise<string> {
  const row = await tx
    .insertInto("appointments")
    .values({ organization_id: orgId, created_by: userId, ...columns, during: rangeOf(orgId, when.date, when.start, when.duration) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function moveAppointment(tx: Tx, orgId: string, id: string, memberId: string, when: When): Promise<void> {
  await tx
    .updateTable("appointments")
    .set({ member_id: memberId, during: rangeOf(orgId, when.date, when.start, when.duration), updated_at: sql`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}

export async function cancelAppointment(tx: Tx, orgId: string, id: string, userId: string): Promise<void> {
  await tx
    .updateTable("appointments")
    .set({ status: "cancelled", cancelled_at: sql`now()`, cancelled_by: userId, updated_at: sql`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .execute();
}

/** Appointments with what the presenter needs: local date and times, names, service labels. */
function selectAppointments(tx: Tx, orgId: string) {
  const tz = sql<string>`o.timezone`;
  return tx
    .selectFrom("appointments as a")
    .innerJoin("organizations as o", "o.id", "a.organization_id")
    .innerJoin("users as u", "u.id", "a.member_id")
    .innerJoin("contacts as c", (j) => j.onRef("c.organization_id", "=", "a.organization_id").onRef("c.id", "=", "a.contact_id"))
    .innerJoin("services as s", "s.id", "a.service_id")
    .select([
      "a.id",
      "a.member_id",
      "u.name as member_name",
      "a.contact_id",
      "c.first_name",
      "c.last_name",
      "c.business",
      "c.phone as contact_phone",
      "a.status",
      "a.category",
      "a.service_id",
      "s.label_fr",
      "s.label_en",
      "a.gender",
      "a.kit",
      "a.extra_document",
      "a.requests",
      "a.notes",
      sql<string>`to_char(lower(a.during) at time zone ${tz}, 'YYYY-MM-DD')`.as("local_date"),
      sql<string>`to_char(lower(a.during) at time zone ${tz}, 'HH24:MI')`.as("local_start"),
      sql<string>`to_char(upper(a.during) at time zone ${tz}, 'HH24:MI')`.as("local_end"),
      sql<number>`(extract(epoch from upper(a.during) - lower(a.during)) / 60)::int`.as("duration"),
      sql<Date>`lower(a.during)`.as("starts_at"),
    ])
    .where("a.organization_id", "=", orgId);
}
export type AppointmentRow = Awaited<ReturnType<ReturnType<typeof selectAppointments>["executeTakeFirstOrThrow"]>>;

export async function findAppointment(tx: Tx, orgId: string, id: string, lock = false): Promise<AppointmentRow | undefined> {
  let q = selectAppointments(tx, orgId).where("a.id", "=", id);
  if (lock) q = q.forUpdate("a");
  return q.executeTakeFirst();
}

/** Booked appointments of the members starting on local days from..to (inclusive). */
export async function appointmentsBetween(tx: Tx, orgId: string, memberIds: string[], from: string, to: string): Promise<AppointmentRow[]> {
  if (memberIds.length === 0) return [];
  return (
    selectAppointments(tx, orgId)
      .where("a.member_id", "in", memberIds)
      .where("a.status", "=", "booked")
      // A date becomes the local midnight only as a timestamp without time zone; cast otherwise, it
      // would be read as midnight UTC first.
      .where(
        sql<boolean>`a.during && tstzrange(${from}::date::timestamp at time zone o.timezone, (${to}::date + 1)::timestamp at time zone o.timezone, '[)')`,
      )
      .orderBy(sql`lower(a.during)`)
      .orderBy("a.id")
      .execute()
  );
}

/** Every appointment of a contact, the latest first, cancelled ones included (its history). */
export async function appointmentsOfContact(tx: Tx, orgId: string, contactId: string): Promise<AppointmentRow[]> {
  return selectAppointments(tx, orgId)
    .where("a.contact_id", "=", contactId)
    .orderBy(sql`lower(a.during)`, "desc")
    .orderBy("a.id")
    .execute();
}

export async function countBookedOfContact(tx: Tx, orgId: string, contactId: string): Promise<number> {
  const row = await tx
    .selectFrom("appointments")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("organization_id", "=", orgId)
    .where("contact_id", "=", contactId)
    .where("status", "=", "booked")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

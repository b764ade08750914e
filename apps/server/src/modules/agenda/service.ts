import {
  contactPhoneOf,
  createContactRequest,
  fitsAvailability,
  minutesOf,
  weekdayOf,
  type Agenda,
  type AgendaQuery,
  type Appointment,
  type AppointmentChanged,
  type AppointmentContactFields,
  type AvailabilitiesRequest,
  type CreateAppointmentRequest,
  type CreateContactRequest,
  type MemberAvailabilities,
  type MessageId,
  type MoveAppointmentRequest,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { recordEvent } from "../../platform/realtime/record-event.ts";
import * as contacts from "../contacts/index.ts";
import * as teams from "../teams/index.ts";
import { canBook, canEditAvailabilities } from "./policy.ts";
import { presentAppointment, presentWeek } from "./presenter.ts";
import * as repo from "./repo.ts";

/** Member availabilities and appointments (issue 4 §3). */

/** PostgreSQL's exclusion_violation on the constraint that refuses a double booking. */
function isDoubleBooking(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown } | null;
  return typeof e === "object" && e !== null && e.code === "23P01" && e.constraint === "appointments_no_overlap";
}

/**
 * The database, not a check made before the insert, decides between two staff booking one slot
 * at the same moment: the loser's insert meets the exclusion constraint, answered as 409
 * error.appointment-taken ('Cette disponibilité est déjà prise par un autre patient').
 */
async function guardDoubleBooking<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isDoubleBooking(err)) throw conflict("error.appointment-taken");
    throw err;
  }
}

async function visibleMember(tx: Tx, ctx: Ctx, memberId: string): Promise<repo.MemberRow> {
  const member = await repo.findMember(tx, ctx.orgId, memberId);
  if (!member) throw notFound();
  return member;
}

/** GET members/{id}/availabilities. */
export async function getAvailabilities(db: Db, ctx: Ctx, memberId: string): Promise<MemberAvailabilities> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const member = await visibleMember(tx, ctx, memberId);
    return presentWeek(member, await repo.slotsOf(tx, ctx.orgId, [member.id]), canEditAvailabilities(ctx, member.id));
  });
}

/**
 * PUT members/{id}/availabilities: the member's whole week at once (the contract has refused
 * overlaps and slots that end before they start; the exclusion constraint on availabilities
 * guards the same rule in the database). Appointments already booked stay as they are.
 */
export async function replaceAvailabilities(
  db: Db,
  ctx: Ctx,
  memberId: string,
  input: AvailabilitiesRequest,
): Promise<MemberAvailabilities> {
  return withTenant(db, ctx.orgId, async (tx) => {
    const member = await visibleMember(tx, ctx, memberId);
    if (!canEditAvailabilities(ctx, member.id)) throw forbidden();
    await repo.lockMember(tx, ctx.orgId, member.id);
    const slots = input.slots.map((s) => ({ day: s.day, start_minute: minutesOf(s.start), end_minute: minutesOf(s.end) }));
    await repo.replaceSlots(tx, ctx.orgId, member.id, slots);
    await recordAudit(tx, ctx, "update", "availabilities", member.id, { slots: slots.length });
    const week = presentWeek(member, await repo.slotsOf(tx, ctx.orgId, [member.id]), true);
    // Organisation-wide, as the agenda is readable by every staff member (getAgenda).
    await recordEvent(tx, ctx.orgId, { type: "availability.changed", payload: { memberId: member.id } });
    return week;
  });
}

/** GET agenda: the members asked for, their weeks, and their booked appointments of from..to. */
export async function getAgenda(db: Db, ctx: Ctx, query: AgendaQuery): Promise<Agenda> {
  return withTenant(db, ctx.orgId, async (tx) => {
    let members: repo.MemberRow[];
    if (query.teamId) {
      if (!(await teams.findTeamFor(tx, ctx, query.teamId))) throw notFound();
      members = await repo.membersOfTeam(tx, ctx.orgId, query.teamId);
    } else {
      members = [await visibleMember(tx, ctx, query.memberId ?? "")];
    }
    const ids = members.map((m) => m.id);
    const slots = await repo.slotsOf(tx, ctx.orgId, ids);
    const rows = await repo.appointmentsBetween(tx, ctx.orgId, ids, query.from, query.to);
    return {
      members: members.map((m) => presentWeek(m, slots, canEditAvailabilities(ctx, m.id))),
      appointments: rows.map((r) => presentAppointment(r, ctx.locale)),
    };
  });
}

/**
 * The appointment lies inside one of the member's weekly availabilities (the form's
 * "selectedAvailability"). Called with the member locked, so a week being replaced at the same
 * moment is either wholly before or wholly after.
 */
async function assertInsideAvailability(tx: Tx, ctx: Ctx, memberId: string, when: repo.When): Promise<void> {
  await repo.lockMember(tx, ctx.orgId, memberId);
  const weekly = (await repo.slotsOf(tx, ctx.orgId, [memberId])).map((s) => ({
    day: s.day,
    start: minutesToTime(s.start_minute),
    end: minutesToTime(s.end_minute),
  }));
  if (!fitsAvailability(weekly, weekdayOf(when.date), when.start, when.duration)) throw badRequest("agenda.error.outside-availability");
}

/** HH:mm, with 24:00 for the end of the day (what fitsAvailability compares, not shown to anyone). */
const minutesToTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** The service must be one the organisation offers, of its sector (seed/reference.ts). */
async function assertOfferedService(tx: Tx, orgId: string, serviceId: string): Promise<void> {
  const org = await repo.organizationOf(tx, orgId);
  const service = await repo.findService(tx, serviceId);
  const offered = service && service.sector === org.sector && (org.services.length === 0 || org.services.includes(service.id));
  if (!offered) throw badRequest("agenda.error.unknown-service");
}

/** Reads the first problem of the contact fields as its catalogue key. */
function contactRequestOf(fields: AppointmentContactFields, gender: CreateAppointmentRequest["gender"]) {
  const parsed = createContactRequest.safeParse({
    firstname: fields.firstName,
    lastname: fields.lastName,
    birthday: fields.birthday,
    phone: fields.phone,
    email: fields.email,
    gender,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const code = (issue?.message ?? "validation.invalid") as MessageId;
    throw new AppError(code, 400, undefined, [{ path: `contact.${issue?.path.join(".") ?? ""}`, code }]);
  }
  return parsed.data;
}

/**
 * The contact of a booking made from the form's fields, in the booking's transaction: the
 * organisation's contact with that phone, else a new one (with its audit and event). A booking
 * and the contact it creates land or fail together: a slot taken meanwhile leaves no contact.
 */
async function contactForBooking(tx: Tx, ctx: Ctx, request: CreateContactRequest): Promise<string> {
  const phone = contactPhoneOf(request.phone);
  const found = phone ? await contacts.contactIdOfPhoneIn(tx, ctx, phone) : null;
  return found ?? (await contacts.insertContactIn(tx, ctx, request)).id;
}

/**
 * Runs the booking once more when a concurrent request created the same new number first: the
 * second run finds that contact instead of making another (one contact per number).
 */
async function retryOnDuplicatePhone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!contacts.isDuplicatePhone(err)) throw err;
    return work();
  }
}

/** POST appointments. */
export async function createAppointment(db: Db, ctx: Ctx, input: CreateAppointmentRequest): Promise<Appointment> {
  if (!canBook(ctx)) throw forbidden();
  const gender = input.gender ?? "male";
  const when = { date: input.date, start: input.start, duration: input.duration };
  const assertBookable = async (tx: Tx) => {
    await visibleMember(tx, ctx, input.memberId);
    await assertOfferedService(tx, ctx.orgId, input.serviceId);
    await assertInsideAvailability(tx, ctx, input.memberId, when);
  };
  // Checked before anything is written: a wrong contact field answers 400 on its own.
  const newContact = input.contact ? contactRequestOf(input.contact, gender) : null;
  return guardDoubleBooking(() =>
    retryOnDuplicatePhone(() =>
      withTenant(db, ctx.orgId, async (tx) => {
        if (input.contactId) await contacts.visibleContact(tx, ctx, input.contactId);
        await assertBookable(tx);
        const contactId = newContact ? await contactForBooking(tx, ctx, newContact) : input.contactId;
        if (!contactId) throw badRequest("validation.invalid");
        const columns: repo.AppointmentColumns = {
          member_id: input.memberId,
          contact_id: contactId,
          category: input.category?.trim() || null,
          service_id: input.serviceId,
          gender,
          kit: input.kit ?? false,
          extra_document: input.extraDocument ?? "covid",
          requests: input.requests?.trim() || null,
          notes: input.notes?.trim() || null,
        };
        const id = await repo.insertAppointment(tx, ctx.orgId, ctx.userId, columns, when);
        await recordAudit(tx, ctx, "create", "appointment", id, { contactId, memberId: input.memberId, ...when });
        const row = await visibleAppointment(tx, ctx, id);
        await announce(tx, ctx, row, "booked");
        return presentAppointment(row, ctx.locale);
      }),
    ),
  );
}

async function visibleAppointment(tx: Tx, ctx: Ctx, id: string, lock = false): Promise<repo.AppointmentRow> {
  const row = await repo.findAppointment(tx, ctx.orgId, id, lock);
  if (!row) throw notFound();
  return row;
}

/**
 * appointment.changed, in the change's transaction (DESIGN §5), to every staff member of the
 * organisation: the agenda has no narrower reader than that (getAgenda lets any of them read any
 * member's days). A move names the day it left too, so a screen showing only that day updates.
 */
async function announce(
  tx: Tx,
  ctx: Ctx,
  row: repo.AppointmentRow,
  change: AppointmentChanged["change"],
  before?: repo.AppointmentRow,
): Promise<void> {
  const days = [{ memberId: row.member_id, date: row.local_date }];
  if (before && (before.member_id !== row.member_id || before.local_date !== row.local_date)) {
    days.push({ memberId: before.member_id, date: before.local_date });
  }
  await recordEvent(tx, ctx.orgId, { type: "appointment.changed", payload: { id: row.id, contactId: row.contact_id, change, days } });
}

/** PUT appointments/{id}: a booked appointment moves to another time, length or member. */
export async function moveAppointment(db: Db, ctx: Ctx, id: string, input: MoveAppointmentRequest): Promise<Appointment> {
  if (!canBook(ctx)) throw forbidden();
  return guardDoubleBooking(() =>
    withTenant(db, ctx.orgId, async (tx) => {
      const before = await visibleAppointment(tx, ctx, id, true);
      if (before.status !== "booked") throw conflict("agenda.error.appointment-cancelled");
      await visibleMember(tx, ctx, input.memberId);
      const when = { date: input.date, start: input.start, duration: input.duration };
      await assertInsideAvailability(tx, ctx, input.memberId, when);
      await repo.moveAppointment(tx, ctx.orgId, id, input.memberId, when);
      await recordAudit(tx, ctx, "move", "appointment", id, {
        from: { memberId: before.member_id, date: before.local_date, start: before.local_start, duration: before.duration },
        to: { memberId: input.memberId, ...when },
      });
      const row = await visibleAppointment(tx, ctx, id);
      await announce(tx, ctx, row, "moved", before);
      return presentAppointment(row, ctx.locale);
    }),
  );
}

/** POST appointments/{id}/cancel: kept as cancelled (the contact's history); its slot is free. */
export async function cancelAppointment(db: Db, ctx: Ctx, id: string): Promise<Appointment> {
  if (!canBook(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    const before = await visibleAppointment(tx, ctx, id, true);
    if (before.status !== "booked") throw conflict("agenda.error.appointment-cancelled");
    await repo.cancelAppointment(tx, ctx.orgId, id, ctx.userId);
    await recordAudit(tx, ctx, "cancel", "appointment", id);
    const row = await visibleAppointment(tx, ctx, id);
    await announce(tx, ctx, row, "cancelled");
    return presentAppointment(row, ctx.locale);
  });
}

/**
 * A contact with a booked appointment cannot be deleted (spec part 2 §5: 409
 * error.contact-has-appointment); cancelled ones go with it. The contacts module runs this before
 * a deletion (app.ts hands it over), with the contact row locked: a booking racing the deletion
 * either committed before (and is counted here) or waits on that lock through its foreign key
 * and then finds no contact.
 * In the caller's transaction.
 */
export async function refuseDeletingBookedContact(tx: Tx, orgId: string, contactId: string): Promise<void> {
  if ((await repo.countBookedOfContact(tx, orgId, contactId)) > 0) throw conflict("error.contact-has-appointment");
}

/** GET patients/{id}/appointments: the contact's appointments, latest first. */
export async function appointmentsOfContact(db: Db, ctx: Ctx, contactId: string): Promise<Appointment[]> {
  return withTenant(db, ctx.orgId, async (tx) => {
    await contacts.visibleContact(tx, ctx, contactId);
    return (await repo.appointmentsOfContact(tx, ctx.orgId, contactId)).map((r) => presentAppointment(r, ctx.locale));
  });
}

import { z } from "zod";
import { weeklySlotProblems } from "../rules/availability.ts";
import { isCalendarDate, isPhoneOrEmpty, isValidBirthday } from "../rules/contact-fields.ts";
import { CONTACT_GENDERS } from "../rules/contact-relations.ts";
import { timeOfDay } from "../rules/schedule.ts";
import { uuid } from "./common.ts";

/**
 * Member availabilities and appointments (issue 4 §3, spec part 2 §3 "Appointment form").
 * Times travel as the organisation's local date (YYYY-MM-DD) and HH:mm; the server stores them
 * as timestamptz ranges, so a change of daylight saving time never moves a booked appointment.
 */

/** What the clinic sends with the appointment (spec part 2 §3: extraDocument, default covid). */
export const EXTRA_DOCUMENTS = ["covid", "medical", "none"] as const;
export const APPOINTMENT_STATUSES = ["booked", "cancelled"] as const;
/** Minutes: five-minute steps from 5 minutes to 8 hours. */
export const APPOINTMENT_DURATION = { min: 5, max: 480, step: 5 } as const;
/** Longest range of one agenda read, in days (a week view needs 7; a month 31). */
export const AGENDA_MAX_DAYS = 31;
export const MAX_WEEKLY_SLOTS = 70;

const maxLength = { message: "validation.max-length" };
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "validation.date-format", abort: true })
  .refine(isCalendarDate, { message: "validation.date-format" });

export const weeklySlot = z.object({ day: z.number().int().min(0).max(6), start: timeOfDay, end: timeOfDay }).strict();
export type WeeklySlotInput = z.infer<typeof weeklySlot>;

/** The whole week of one member: slots start before they end and never overlap (spec part 2 §5). */
export const availabilitiesRequest = z
  .object({ slots: z.array(weeklySlot).max(MAX_WEEKLY_SLOTS, maxLength) })
  .strict()
  .superRefine((value, ctx) => {
    for (const p of weeklySlotProblems(value.slots)) {
      ctx.addIssue({ code: "custom", message: p.key, path: ["slots", p.index, p.key === "validation.start-before-end" ? "end" : "start"] });
    }
  });
export type AvailabilitiesRequest = z.infer<typeof availabilitiesRequest>;

export const memberAvailabilities = z.object({
  memberId: uuid,
  name: z.string(),
  slots: z.array(weeklySlot),
  /** May the caller change this week (an administrator, or the member themself). */
  canEdit: z.boolean(),
});
export type MemberAvailabilities = z.infer<typeof memberAvailabilities>;

const optionalText = (max: number) => z.string().trim().max(max, maxLength).nullable().optional();
const duration = z
  .number()
  .int()
  .min(APPOINTMENT_DURATION.min, { message: "validation.invalid" })
  .max(APPOINTMENT_DURATION.max, { message: "validation.invalid" })
  .refine((v) => v % APPOINTMENT_DURATION.step === 0, { message: "validation.invalid" });

/** Where and when: the member (the form's "dentist"), the local date, start and length. */
const slotFields = { memberId: uuid, date: calendarDate, start: timeOfDay, duration };

/** A new contact made with the booking, found first by its phone (spec part 2 §3 form fields). */
export const appointmentContactFields = z
  .object({
    firstName: optionalText(100),
    lastName: optionalText(100),
    birthday: z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, { message: "validation.date-format", abort: true })
      .refine((v) => v === "" || isValidBirthday(v), { message: "validation.birthday" })
      .nullable()
      .optional(),
    phone: z.string().max(40, maxLength).refine(isPhoneOrEmpty, { message: "error.phone-invalid" }).nullable().optional(),
    email: z.string().trim().toLowerCase().max(254, maxLength).nullable().optional(),
  })
  .strict();
export type AppointmentContactFields = z.infer<typeof appointmentContactFields>;

/**
 * POST appointments: the contact is an existing one (`contactId`) or made from `contact`
 * (found by its phone when it already exists). Exactly one of the two.
 */
export const createAppointmentRequest = z
  .object({
    ...slotFields,
    contactId: uuid.optional(),
    contact: appointmentContactFields.optional(),
    category: optionalText(100),
    serviceId: z.string().min(1, { message: "validation.required" }).max(60, maxLength),
    gender: z.enum(CONTACT_GENDERS).default("male"),
    kit: z.boolean().default(false),
    extraDocument: z.enum(EXTRA_DOCUMENTS).default("covid"),
    requests: optionalText(2000),
    notes: optionalText(2000),
  })
  .strict()
  .refine((v) => (v.contactId === undefined) !== (v.contact === undefined), {
    message: "agenda.error.contact-required",
    path: ["contactId"],
  });
export type CreateAppointmentRequest = z.input<typeof createAppointmentRequest>;

/** PUT appointments/{id}: move it (another date, time, length or member). */
export const moveAppointmentRequest = z.object(slotFields).strict();
export type MoveAppointmentRequest = z.infer<typeof moveAppointmentRequest>;

export const appointment = z.object({
  id: uuid,
  memberId: uuid,
  memberName: z.string(),
  contactId: uuid,
  contactName: z.string(),
  contactPhone: z.string().nullable(),
  date: z.string(),
  start: z.string(),
  end: z.string(),
  duration: z.number(),
  /** The start as an instant (ISO 8601), for sorting and the contact's history. */
  startsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  category: z.string().nullable(),
  serviceId: z.string(),
  serviceLabel: z.string(),
  gender: z.enum(CONTACT_GENDERS),
  kit: z.boolean(),
  extraDocument: z.enum(EXTRA_DOCUMENTS),
  requests: z.string().nullable(),
  notes: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointment>;

/** GET agenda: one member's, or one team's members', availabilities and booked appointments. */
export const agendaQuery = z
  .object({ from: calendarDate, to: calendarDate, memberId: uuid.optional(), teamId: uuid.optional() })
  .strict()
  .refine((v) => (v.memberId === undefined) !== (v.teamId === undefined), { message: "validation.invalid", path: ["memberId"] })
  .refine((v) => v.from <= v.to, { message: "validation.start-before-end", path: ["to"] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < AGENDA_MAX_DAYS, {
    message: "validation.invalid",
    path: ["to"],
  });
export type AgendaQuery = z.infer<typeof agendaQuery>;

export const agenda = z.object({
  members: z.array(memberAvailabilities),
  appointments: z.array(appointment),
});
export type Agenda = z.infer<typeof agenda>;

import { contactDisplayName, timeOfMinutes, type Appointment, type Locale, type MemberAvailabilities } from "@relais/shared";
import type { AppointmentRow, MemberRow, SlotRow } from "./repo.ts";

export function presentAppointment(row: AppointmentRow, locale: Locale): Appointment {
  return {
    id: row.id,
    memberId: row.member_id,
    memberName: row.member_name,
    contactId: row.contact_id,
    contactName: contactDisplayName({ firstname: row.first_name, lastname: row.last_name, business: row.business }),
    contactPhone: row.contact_phone,
    date: row.local_date,
    start: row.local_start,
    end: row.local_end,
    duration: row.duration,
    startsAt: new Date(row.starts_at).toISOString(),
    status: row.status,
    category: row.category,
    serviceId: row.service_id,
    serviceLabel: locale === "fr-CA" ? row.label_fr : row.label_en,
    gender: row.gender as Appointment["gender"],
    kit: row.kit,
    extraDocument: row.extra_document as Appointment["extraDocument"],
    requests: row.requests,
    notes: row.notes,
  };
}

export function presentWeek(member: MemberRow, slots: SlotRow[], canEdit: boolean): MemberAvailabilities {
  return {
    memberId: member.id,
    name: member.name,
    slots: slots
      .filter((s) => s.member_id === member.id)
      .map((s) => ({ day: s.day, start: timeOfMinutes(s.start_minute), end: timeOfMinutes(s.end_minute) })),
    canEdit,
  };
}

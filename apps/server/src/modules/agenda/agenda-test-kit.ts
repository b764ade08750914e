import { expect } from "vitest";
import type { Appointment, MemberAvailabilities } from "@relais/shared";
import type { TestApp } from "../../../test/helpers.ts";

/** Shared steps of the agenda API tests. */

/** A Monday well in the future (2027-03-01), and the Tuesday after it. */
export const MONDAY = "2027-03-01";
export const TUESDAY = "2027-03-02";

/** Monday 09:00–12:00 and 13:00–17:00, Tuesday 09:00–12:00. */
export const WEEK = [
  { day: 1, start: "09:00", end: "12:00" },
  { day: 1, start: "13:00", end: "17:00" },
  { day: 2, start: "09:00", end: "12:00" },
];

export async function putWeek(t: TestApp, token: string, memberId: string, slots: object[]): Promise<MemberAvailabilities> {
  const res = await t.request({ method: "PUT", url: `/api/members/${memberId}/availabilities`, token, payload: { slots } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MemberAvailabilities>();
}

export const book = (t: TestApp, token: string, payload: object) => t.request({ method: "POST", url: "/api/appointments", token, payload });

/** A booking payload for a member at `start` on MONDAY (30 minutes, a dental service), new contact by default. */
export function bookingOf(memberId: string, start: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    memberId,
    date: MONDAY,
    start,
    duration: 30,
    serviceId: "dental-exam",
    contact: { firstName: "Hélène", lastName: "Tremblay" },
    ...extra,
  };
}

export async function booked(t: TestApp, token: string, payload: object): Promise<Appointment> {
  const res = await book(t, token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Appointment>();
}

import { describe, expect, it } from "vitest";
import type { Agenda, RealtimeEvent } from "@relais/shared";
import { agendaKeys } from "./keys.ts";
import { agendaChangeOf, isStaleAfter, type AgendaChange } from "./live-events.ts";

const ANNE = "11111111-1111-4111-8111-111111111111";
const BOB = "22222222-2222-4222-8222-222222222222";
const TEAM = "33333333-3333-4333-8333-333333333333";
const CONTACT = "44444444-4444-4444-8444-444444444444";

const booked = (memberId: string, date: string): AgendaChange => ({
  kind: "appointment",
  change: { id: "a", contactId: CONTACT, change: "booked", days: [{ memberId, date }] },
});
const teamOf = (...memberIds: string[]): Agenda => ({
  members: memberIds.map((memberId) => ({ memberId, name: memberId, slots: [], canEdit: false })),
  appointments: [],
});
const wire = (type: string, payload: Record<string, unknown>): RealtimeEvent => ({
  position: 1,
  type,
  teamId: null,
  payload,
  createdAt: "2027-03-01T08:00:00.000Z",
});
const anneWeek = agendaKeys.range({ kind: "member", id: ANNE }, "2027-03-01", "2027-03-07");
const teamWeek = agendaKeys.range({ kind: "team", id: TEAM }, "2027-03-01", "2027-03-07");

describe("agenda reads made stale by a real-time change", () => {
  it("re-reads a member's range only when the change is that member's, on one of its days", () => {
    expect(isStaleAfter(booked(ANNE, "2027-03-03"), anneWeek, undefined)).toBe(true);
    expect(isStaleAfter(booked(ANNE, "2027-03-01"), anneWeek, undefined)).toBe(true);
    expect(isStaleAfter(booked(ANNE, "2027-03-07"), anneWeek, undefined)).toBe(true);
    expect(isStaleAfter(booked(ANNE, "2027-03-08"), anneWeek, undefined)).toBe(false);
    expect(isStaleAfter(booked(BOB, "2027-03-03"), anneWeek, undefined)).toBe(false);
  });

  it("re-reads a team's range when one of its members (as last read) is touched, or when not read yet", () => {
    expect(isStaleAfter(booked(BOB, "2027-03-02"), teamWeek, teamOf(ANNE, BOB))).toBe(true);
    expect(isStaleAfter(booked(BOB, "2027-03-02"), teamWeek, teamOf(ANNE))).toBe(false);
    expect(isStaleAfter(booked(BOB, "2027-03-02"), teamWeek, undefined)).toBe(true);
  });

  it("re-reads both days of a move", () => {
    const moved: AgendaChange = {
      kind: "appointment",
      change: {
        id: "a",
        contactId: CONTACT,
        change: "moved",
        days: [
          { memberId: BOB, date: "2027-03-10" },
          { memberId: ANNE, date: "2027-03-02" },
        ],
      },
    };
    expect(isStaleAfter(moved, anneWeek, undefined)).toBe(true);
  });

  it("re-reads the contact's appointments, not another contact's", () => {
    expect(isStaleAfter(booked(ANNE, "2027-03-03"), agendaKeys.contact(CONTACT), undefined)).toBe(true);
    expect(isStaleAfter(booked(ANNE, "2027-03-03"), agendaKeys.contact("other"), undefined)).toBe(false);
  });

  it("re-reads a member's week and every range showing that member when availabilities change", () => {
    const change: AgendaChange = { kind: "availability", memberId: ANNE };
    expect(isStaleAfter(change, agendaKeys.week(ANNE), undefined)).toBe(true);
    expect(isStaleAfter(change, agendaKeys.week(BOB), undefined)).toBe(false);
    expect(isStaleAfter(change, anneWeek, undefined)).toBe(true);
    expect(isStaleAfter(change, teamWeek, teamOf(BOB))).toBe(false);
    expect(isStaleAfter(change, agendaKeys.contact(CONTACT), undefined)).toBe(false);
  });

  it("leaves the agenda's other reads (members, services) alone", () => {
    expect(isStaleAfter(booked(ANNE, "2027-03-03"), ["agenda", "members"], undefined)).toBe(false);
    expect(isStaleAfter(booked(ANNE, "2027-03-03"), ["contacts", "list"], undefined)).toBe(false);
  });
});

describe("agenda events read from the wire", () => {
  it("reads both event types", () => {
    expect(agendaChangeOf(wire("availability.changed", { memberId: ANNE }))).toEqual({ kind: "availability", memberId: ANNE });
    const payload = { id: "a", contactId: CONTACT, change: "cancelled", days: [{ memberId: ANNE, date: "2027-03-01" }] };
    expect(agendaChangeOf(wire("appointment.changed", payload))).toEqual({ kind: "appointment", change: payload });
  });

  it("answers null for other events and malformed payloads", () => {
    expect(agendaChangeOf(wire("contact.created", { memberId: ANNE }))).toBeNull();
    expect(agendaChangeOf(wire("availability.changed", {}))).toBeNull();
    expect(
      agendaChangeOf(wire("appointment.changed", { id: "a", contactId: CONTACT, change: "booked", days: [{ memberId: ANNE }] })),
    ).toBeNull();
    expect(agendaChangeOf(wire("appointment.changed", { id: "a", contactId: CONTACT, change: "lost", days: [] }))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { fitsAvailability, timeOfMinutes, weekdayOf, weeklySlotProblems } from "./availability.ts";

describe("weeklySlotProblems", () => {
  it("accepts slots that touch or sit on different days", () => {
    expect(
      weeklySlotProblems([
        { day: 1, start: "09:00", end: "12:00" },
        { day: 1, start: "12:00", end: "15:00" },
        { day: 2, start: "09:00", end: "12:00" },
      ]),
    ).toEqual([]);
  });

  it("refuses a slot that does not start before it ends", () => {
    expect(weeklySlotProblems([{ day: 1, start: "10:00", end: "10:00" }])).toEqual([{ index: 0, key: "validation.start-before-end" }]);
    expect(weeklySlotProblems([{ day: 1, start: "11:00", end: "10:00" }])).toEqual([{ index: 0, key: "validation.start-before-end" }]);
  });

  it("refuses overlapping slots of one day, whatever their order", () => {
    expect(
      weeklySlotProblems([
        { day: 3, start: "10:00", end: "11:00" },
        { day: 3, start: "08:00", end: "17:00" },
      ]),
    ).toEqual([{ index: 0, key: "validation.availability-overlap" }]);
  });

  it("finds a slot covered by a long one that is not its neighbour", () => {
    expect(
      weeklySlotProblems([
        { day: 0, start: "08:00", end: "17:00" },
        { day: 0, start: "09:00", end: "10:00" },
        { day: 0, start: "15:00", end: "16:00" },
      ]).map((p) => p.index),
    ).toEqual([1, 2]);
  });
});

describe("fitsAvailability", () => {
  const slots = [{ day: 1, start: "09:00", end: "12:00" }];
  it("accepts an appointment inside a slot, up to its end", () => {
    expect(fitsAvailability(slots, 1, "09:00", 30)).toBe(true);
    expect(fitsAvailability(slots, 1, "11:30", 30)).toBe(true);
  });
  it("refuses one that spills out, starts early or falls on another day", () => {
    expect(fitsAvailability(slots, 1, "11:45", 30)).toBe(false);
    expect(fitsAvailability(slots, 1, "08:45", 30)).toBe(false);
    expect(fitsAvailability(slots, 2, "09:00", 30)).toBe(false);
  });
});

describe("helpers", () => {
  it("weekdayOf reads the calendar day, 0 being Sunday", () => {
    expect(weekdayOf("2026-11-22")).toBe(0);
    expect(weekdayOf("2026-11-23")).toBe(1);
  });
  it("timeOfMinutes writes HH:mm", () => {
    expect(timeOfMinutes(0)).toBe("00:00");
    expect(timeOfMinutes(9 * 60 + 5)).toBe("09:05");
  });
});

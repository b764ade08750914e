import { describe, expect, it } from "vitest";
import { addDays, daysOf, freeStarts, gridHours, mondayOf, todayIn } from "./dates.ts";

describe("agenda dates", () => {
  it("adds days across months and years", () => {
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
  });

  it("finds the Monday of a week, Sunday belonging to the week before", () => {
    expect(mondayOf("2027-03-03")).toBe("2027-03-01");
    expect(mondayOf("2027-03-01")).toBe("2027-03-01");
    expect(mondayOf("2027-03-07")).toBe("2027-03-01");
  });

  it("lists the days of a day and a week view", () => {
    expect(daysOf("day", "2027-03-03")).toEqual(["2027-03-03"]);
    expect(daysOf("week", "2027-03-03")).toEqual([
      "2027-03-01",
      "2027-03-02",
      "2027-03-03",
      "2027-03-04",
      "2027-03-05",
      "2027-03-06",
      "2027-03-07",
    ]);
  });

  it("reads today in the organisation's time zone", () => {
    // 02:00 UTC on March 2nd is still March 1st in Toronto.
    expect(todayIn("America/Toronto", new Date("2027-03-02T02:00:00Z"))).toBe("2027-03-01");
  });

  it("spans the grid over the slots, rounded to the hour, with a default", () => {
    expect(gridHours([])).toEqual({ from: 480, to: 1080 });
    expect(
      gridHours([
        { start: "09:30", end: "12:00" },
        { start: "13:00", end: "16:45" },
      ]),
    ).toEqual({ from: 540, to: 1020 });
  });

  it("offers the free starts of a slot around the appointments", () => {
    expect(freeStarts({ start: "09:00", end: "10:00" }, [{ start: "09:15", end: "09:45" }])).toEqual(["09:00", "09:45"]);
    expect(freeStarts({ start: "09:00", end: "09:30" }, [])).toEqual(["09:00", "09:15"]);
  });
});

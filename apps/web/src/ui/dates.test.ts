import { describe, expect, it } from "vitest";
import { createIntl } from "react-intl";
import { calendarDate, formatDate, formatDateTime, formatTime, sameOfficeDay } from "./dates.ts";

const fr = createIntl({ locale: "fr-CA" });
const en = createIntl({ locale: "en-CA" });
const TORONTO = "America/Toronto";

describe("dates as shown (spec part 1 §9)", () => {
  it("writes YYYY-MM-DD in both languages, the weekday in words before it when asked", () => {
    expect(formatDate(fr, "2027-03-17", TORONTO)).toBe("2027-03-17");
    expect(formatDate(fr, "2027-03-17", TORONTO, "long")).toBe("mercredi 2027-03-17");
    expect(formatDate(en, "2027-03-17", TORONTO, "short")).toBe("Wed 2027-03-17");
  });

  it("reads an instant on the office's clock, not the browser's", () => {
    // 02:30 UTC on the 27th is still the evening of the 26th in Montréal.
    const late = "2026-11-27T02:30:00Z";
    expect(calendarDate(late, TORONTO)).toBe("2026-11-26");
    expect(calendarDate(late, "Europe/Paris")).toBe("2026-11-27");
    expect(formatTime(fr, late, TORONTO)).toBe("21 h 30");
    expect(formatDateTime(fr, late, TORONTO)).toBe("2026-11-26 21 h 30");
    expect(formatDateTime(en, late, TORONTO)).toMatch(/^2026-11-26 09:30\sp\.m\.$/);
    expect(sameOfficeDay(late, "2026-11-26T15:00:00Z", TORONTO)).toBe(true);
    expect(sameOfficeDay(late, "2026-11-26T15:00:00Z", "Europe/Paris")).toBe(false);
  });
});

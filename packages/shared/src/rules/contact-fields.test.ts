import { describe, expect, it } from "vitest";
import { contactDisplayName, contactPhoneOf, hasContactName, isPhoneOrEmpty, isValidBirthday, latestToday } from "./contact-fields.ts";

const NOW = new Date("2026-03-10T12:00:00Z");

describe("isValidBirthday", () => {
  it.each(["1980-02-29", "2000-12-31", "1900-01-01", "2026-03-10", "2026-03-11"])("accepts %s", (value) => {
    expect(isValidBirthday(value, NOW)).toBe(true);
  });

  it.each([
    ["1981-02-29", "not a leap year"],
    ["2001-13-01", "month 13"],
    ["2001-04-31", "April 31"],
    ["1899-12-31", "before 1900"],
    ["2026-03-12", "the day after tomorrow in UTC: the future everywhere"],
    ["2030-01-01", "the future"],
    ["01/02/1980", "another format"],
    ["1980-2-3", "missing zeros"],
    ["", "empty"],
  ])("refuses %s (%s)", (value) => {
    expect(isValidBirthday(value, NOW)).toBe(false);
  });

  it("judges today by the latest time zone (UTC+14)", () => {
    expect(latestToday(new Date("2026-03-10T09:59:59Z"))).toBe("2026-03-10");
    expect(latestToday(new Date("2026-03-10T10:00:00Z"))).toBe("2026-03-11");
  });
});

describe("phone of a contact", () => {
  it("accepts a valid number in any formatting, or nothing", () => {
    for (const v of ["", "   ", "(514) 555-0199", "+1 514 555 0199", "514.555.0199", "+33 6 12 34 56 78"]) {
      expect(isPhoneOrEmpty(v), v).toBe(true);
    }
  });

  it("refuses what is not a valid international number", () => {
    for (const v of ["123", "abc", "514-555-019x", "+1 514 555 01999999", "+0 514 555 0199"]) {
      expect(isPhoneOrEmpty(v), v).toBe(false);
    }
  });

  it("stores E.164, or null for empty", () => {
    expect(contactPhoneOf(" (514) 555-0199 ")).toBe("+15145550199");
    expect(contactPhoneOf("")).toBeNull();
    expect(contactPhoneOf(null)).toBeNull();
    expect(contactPhoneOf(undefined)).toBeNull();
  });
});

describe("contact names", () => {
  it("needs a first name, a last name or a business", () => {
    expect(hasContactName({ firstname: "Hélène" })).toBe(true);
    expect(hasContactName({ lastname: "Côté" })).toBe(true);
    expect(hasContactName({ business: "Garage Côté" })).toBe(true);
    expect(hasContactName({ firstname: "  ", lastname: null, business: "" })).toBe(false);
    expect(hasContactName({})).toBe(false);
  });

  it("shows first and last name, else the business", () => {
    expect(contactDisplayName({ firstname: "Hélène", lastname: "Tremblay", business: "X" })).toBe("Hélène Tremblay");
    expect(contactDisplayName({ firstname: null, lastname: "Côté", business: null })).toBe("Côté");
    expect(contactDisplayName({ firstname: null, lastname: null, business: "Garage Côté" })).toBe("Garage Côté");
    expect(contactDisplayName({ firstname: null, lastname: null, business: null })).toBe("");
  });
});

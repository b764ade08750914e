import { describe, expect, it } from "vitest";
import { fillDynamicFields, type Organization } from "@relais/shared";
import { dynamicValuesFor, localeForContact, matchesFilter, nextAppointmentOf } from "./dynamic-values.ts";

const org = {
  name: { "fr-CA": "Clinique du Parc", "en-CA": "Park Clinic" },
  timezone: "America/Toronto",
  phone: "+15145550123",
  address: "12 rue du Parc",
  url: null,
} as unknown as Organization;

describe("dynamicValuesFor", () => {
  it("fills a reply from the contact and the organisation, in the text's locale", () => {
    const values = dynamicValuesFor({ firstname: "Hélène", lastname: "Tremblay" }, org, "fr-CA", { now: new Date("2026-03-05T15:00:00Z") });
    const filled = fillDynamicFields("{{firstName}} {{lastName}}, le {{date}} à la {{organizationName}} ({{organizationPhone}})", values);
    expect(filled).toEqual({ text: "Hélène Tremblay, le 5 mars 2026 à la Clinique du Parc ((514) 555-0123)", missing: [] });
    expect(dynamicValuesFor(null, org, "en-CA").organizationName).toBe("Park Clinic");
  });

  it("leaves what is unknown unfilled: no contact, no website", () => {
    const filled = fillDynamicFields("{{firstName}} {{website}}", dynamicValuesFor(null, org, "fr-CA"));
    expect(filled.missing).toEqual(["firstName", "website"]);
  });
});

describe("next appointment", () => {
  const NOW = new Date("2026-03-05T15:00:00Z");
  const at = (date: string, start: string, startsAt: string, status: "booked" | "cancelled" = "booked") => ({
    date,
    start,
    startsAt,
    status,
  });

  it("takes the soonest booked appointment still to come, never a past or cancelled one", () => {
    const list = [
      at("2026-03-20", "14:00", "2026-03-20T18:00:00Z"),
      at("2026-03-04", "09:00", "2026-03-04T14:00:00Z"),
      at("2026-03-10", "08:00", "2026-03-10T12:00:00Z", "cancelled"),
      at("2026-03-12", "09:30", "2026-03-12T13:30:00Z"),
    ];
    expect(nextAppointmentOf(list, NOW)).toMatchObject({ date: "2026-03-12", start: "09:30" });
    expect(nextAppointmentOf([list[1]!, list[2]!], NOW)).toBeNull();
    expect(nextAppointmentOf(undefined, NOW)).toBeNull();
  });

  it("fills its date and time in the text's language, apart from today's date", () => {
    const nextAppointment = { date: "2026-03-12", start: "09:30" };
    const fr = dynamicValuesFor(null, org, "fr-CA", { now: NOW, nextAppointment });
    expect(fillDynamicFields("Le {{date}}: RDV le {{nextAppointmentDate}} à {{nextAppointmentTime}}", fr).text).toBe(
      "Le 5 mars 2026: RDV le 12 mars 2026 à 9 h 30",
    );
    const en = dynamicValuesFor(null, org, "en-CA", { now: NOW, nextAppointment });
    expect(en.nextAppointmentDate).toBe("March 12, 2026");
    expect(en.nextAppointmentTime).toBe("9:30 a.m.");
  });

  it("leaves them unfilled for a contact without an appointment to come", () => {
    const filled = fillDynamicFields("{{nextAppointmentDate}} {{nextAppointmentTime}}", dynamicValuesFor(null, org, "fr-CA"));
    expect(filled.missing).toEqual(["nextAppointmentDate", "nextAppointmentTime"]);
  });
});

describe("helpers", () => {
  it("writes in the contact's language when known", () => {
    expect(localeForContact({ language: "en" }, "fr-CA")).toBe("en-CA");
    expect(localeForContact({ language: null }, "en-CA")).toBe("en-CA");
    expect(localeForContact(null, "fr-CA")).toBe("fr-CA");
  });

  it("filters by title or text, accents and case aside", () => {
    const block = { title: "Rappel de rendez-vous", body: "Bonjour, à demain" };
    expect(matchesFilter(block, "RAPPEL")).toBe(true);
    expect(matchesFilter(block, "a demain")).toBe(true);
    expect(matchesFilter(block, "annul")).toBe(false);
    expect(matchesFilter(block, "  ")).toBe(true);
  });
});

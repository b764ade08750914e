import { describe, expect, it } from "vitest";
import { fillDynamicFields, type Organization } from "@relais/shared";
import { dynamicValuesFor, localeForContact, matchesFilter } from "./dynamic-values.ts";

const org = {
  name: { "fr-CA": "Clinique du Parc", "en-CA": "Park Clinic" },
  timezone: "America/Toronto",
  phone: "+15145550123",
  address: "12 rue du Parc",
  url: null,
} as unknown as Organization;

describe("dynamicValuesFor", () => {
  it("fills a reply from the contact and the organisation, in the text's locale", () => {
    const values = dynamicValuesFor({ firstname: "Hélène", lastname: "Tremblay" }, org, "fr-CA", new Date("2026-03-05T15:00:00Z"));
    const filled = fillDynamicFields("{{firstName}} {{lastName}}, le {{date}} à la {{organizationName}} ({{organizationPhone}})", values);
    expect(filled).toEqual({ text: "Hélène Tremblay, le 5 mars 2026 à la Clinique du Parc ((514) 555-0123)", missing: [] });
    expect(dynamicValuesFor(null, org, "en-CA").organizationName).toBe("Park Clinic");
  });

  it("leaves what is unknown unfilled: no contact, no website", () => {
    const filled = fillDynamicFields("{{firstName}} {{website}}", dynamicValuesFor(null, org, "fr-CA"));
    expect(filled.missing).toEqual(["firstName", "website"]);
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

import { describe, expect, it } from "vitest";
import { fillSurveyText, holdEndsAt } from "./policy.ts";

describe("holdEndsAt", () => {
  it("holds the contact's line for one hour", () => {
    expect(holdEndsAt(new Date("2026-11-22T14:00:00Z")).toISOString()).toBe("2026-11-22T15:00:00.000Z");
  });
});

describe("fillSurveyText", () => {
  const org = { organizationName: "Clinique des Érables" };
  it("fills the contact and organisation fields", () => {
    expect(
      fillSurveyText("Bonjour {{firstName}} {{ lastName }}, ici {{organizationName}}.", {
        firstName: "Hélène",
        lastName: "Tremblay",
        ...org,
      }),
    ).toBe("Bonjour Hélène Tremblay, ici Clinique des Érables.");
  });
  it("drops a field with no value with the space it leaves, never a raw token", () => {
    expect(fillSurveyText("Bonjour {{firstName}}, merci.", { firstName: null, lastName: null, ...org })).toBe("Bonjour, merci.");
    expect(fillSurveyText("Bonjour {{firstName}} {{lastName}} !", { firstName: " ", lastName: null, ...org })).toBe("Bonjour !");
  });
});

import { describe, expect, it } from "vitest";
import {
  appendSignature,
  dynamicFieldsFor,
  fillDynamicFields,
  signatureFor,
  tokenOf,
  tokensIn,
  unfilledFieldsOf,
} from "./dynamic-fields.ts";

describe("dynamicFieldsFor", () => {
  it("offers the link token only with a website and the questionnaires only outside France", () => {
    const dental = dynamicFieldsFor("dental", { hasWebsite: true, franceRegion: false });
    expect(dental).toContain("website");
    expect(dental).toContain("medicalQuestionnaire");
    expect(dental).toContain("covidQuestionnaire");
    expect(dynamicFieldsFor("dental", { hasWebsite: false, franceRegion: false })).not.toContain("website");
    const france = dynamicFieldsFor("dental", { hasWebsite: true, franceRegion: true });
    expect(france).not.toContain("medicalQuestionnaire");
    expect(france).not.toContain("covidQuestionnaire");
    expect(france.slice(0, 6)).toEqual(["firstName", "lastName", "date", "nextAppointmentDate", "nextAppointmentTime", "organizationName"]);
  });

  it("gives notaries no health questionnaires", () => {
    expect(dynamicFieldsFor("notary", { hasWebsite: true, franceRegion: false })).not.toContain("medicalQuestionnaire");
  });
});

describe("fillDynamicFields", () => {
  it("fills every token that has a value, spaces inside the braces allowed", () => {
    const r = fillDynamicFields("Bonjour {{firstName}} {{ lastName }}, ici {{organizationName}}.", {
      firstName: "Hélène",
      lastName: "Tremblay",
      organizationName: "Clinique du Parc",
    });
    expect(r).toEqual({ text: "Bonjour Hélène Tremblay, ici Clinique du Parc.", missing: [] });
  });

  it("keeps tokens without a value (empty, blank or unknown) and lists each once", () => {
    const r = fillDynamicFields("{{firstName}} {{lastName}} {{lastName}} {{rabais}} {{date}}", {
      firstName: "Luc",
      lastName: "  ",
      date: null,
    });
    expect(r.text).toBe("Luc {{lastName}} {{lastName}} {{rabais}} {{date}}");
    expect(r.missing).toEqual(["lastName", "rabais", "date"]);
  });

  it("leaves text without tokens alone, single braces included", () => {
    expect(fillDynamicFields("Prix {x} {{}} {{ 1a }}", { firstName: "Luc" })).toEqual({ text: "Prix {x} {{}} {{ 1a }}", missing: [] });
  });

  it("finds the tokens of a text once each", () => {
    expect(tokensIn("{{a}} {{firstName}} {{a}}")).toEqual(["a", "firstName"]);
    expect(tokenOf("firstName")).toBe("{{firstName}}");
  });
});

describe("signature", () => {
  const sources = { clinic: "Clinique du Parc", user: "Julie", personalized: " " };

  it("picks the line of the mode, none when its text is empty", () => {
    expect(signatureFor("no-signature", sources)).toBeNull();
    expect(signatureFor("clinic", sources)).toBe("Clinique du Parc");
    expect(signatureFor("user", sources)).toBe("Julie");
    expect(signatureFor("personalized-signature", sources)).toBeNull();
  });

  it("appends it after a blank line, once", () => {
    expect(appendSignature("Bonjour  \n", "Julie")).toBe("Bonjour\n\nJulie");
    expect(appendSignature("Bonjour\n\nJulie", "Julie")).toBe("Bonjour\n\nJulie");
    expect(appendSignature("Bonjour", null)).toBe("Bonjour");
    expect(appendSignature("", "Julie")).toBe("Julie");
  });
});

describe("unfilledFieldsOf", () => {
  it("lists each token left in a text once, as written, for the error's {fields}", () => {
    expect(unfilledFieldsOf("Bonjour {{firstName}}, {{ date }} et {{firstName}}")).toBe("{{firstName}}, {{date}}");
    expect(unfilledFieldsOf("Bonjour Julie")).toBe("");
  });
});

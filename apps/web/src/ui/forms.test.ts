import { describe, expect, it } from "vitest";
import { createTeamRequest, defaultWeekSchedule, weekSchedule } from "@relais/shared";
import { ApiError } from "../api/errors.ts";
import { issuesToErrors, serverFieldErrors, validate, phoneOrNull } from "./forms.ts";
import { initialsOf } from "./initials.ts";

describe("form problems from the shared schemas", () => {
  it("places each schedule problem under its own field with its catalogue key", () => {
    const week = defaultWeekSchedule();
    const monday = week[1];
    if (!monday) {
      throw new Error("no Monday");
    }
    monday.end = "08:00";
    monday.breaks = [{ start: "18:00", end: "19:00" }];
    const tuesday = week[2];
    if (!tuesday) {
      throw new Error("no Tuesday");
    }
    tuesday.start = "9h";
    const result = weekSchedule.safeParse(week);
    expect(result.success).toBe(false);
    const errors = result.success ? {} : issuesToErrors(result.error.issues);
    expect(errors["1.end"]).toEqual({ key: "validation.start-before-end" });
    expect(errors["2.start"]).toEqual({ key: "validation.time-format" });
  });

  it("turns a too-long text into the max-length message with its limit", () => {
    const result = validate(createTeamRequest, { label: "x".repeat(81), members: [] });
    expect(result.errors?.label).toEqual({ key: "validation.max-length", values: { maxLength: 80 } });
  });

  it("falls back to validation.invalid for issues that carry no catalogue key", () => {
    expect(issuesToErrors([{ path: ["members"], message: "Too small: expected array to have >=1 items" }])).toEqual({
      members: { key: "validation.invalid" },
    });
  });
});

describe("form problems from the server", () => {
  it("keeps the values a field's message needs, so a text too long says its maximum", () => {
    const refused = new ApiError(400, "validation.max-length", "Maximum de 100 caractères.", { maxLength: 100 }, [
      { path: "firstname", code: "validation.max-length" },
    ]);
    expect(serverFieldErrors(refused)).toEqual({ firstname: { key: "validation.max-length", values: { maxLength: 100 } } });
  });
});

describe("avatar initials", () => {
  it("keeps at most two initials, first and last word", () => {
    expect(initialsOf("Isabelle Tremblay")).toBe("IT");
    expect(initialsOf("Marie-Ève de la Fontaine")).toBe("MF");
    expect(initialsOf("Émile")).toBe("É");
    expect(initialsOf("  ")).toBe("");
  });
});

describe("phoneOrNull", () => {
  it("sends a typed number as E.164, a blank one as null, and anything else as typed for the schema to refuse", () => {
    expect(phoneOrNull(" (514) 555-0100 ")).toBe("+15145550100");
    expect(phoneOrNull("+1 514 555-0100")).toBe("+15145550100");
    expect(phoneOrNull("   ")).toBeNull();
    expect(phoneOrNull("12ab")).toBe("12ab");
  });
});

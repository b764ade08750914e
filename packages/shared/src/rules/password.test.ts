import { describe, expect, it } from "vitest";
import { PASSWORD_MIN_LENGTH, passwordProblems } from "./password.ts";

describe("passwordProblems", () => {
  it("needs at least 8 characters", () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(passwordProblems("Abcde1!")).toEqual(["validation.password-min-length"]);
    expect(passwordProblems("Abcdef1!")).toEqual([]);
  });

  it.each([
    ["no lowercase letter", "ABCDEFG1!", "validation.password-lowercase"],
    ["no uppercase letter", "abcdefg1!", "validation.password-uppercase"],
    ["no digit", "Abcdefgh!", "validation.password-digit"],
    ["no special character", "Abcdefg12", "validation.password-special"],
  ])("%s is its own problem and the only one", (_label, password, key) => {
    expect(passwordProblems(password)).toEqual([key]);
  });

  it("lists every broken rule, in order", () => {
    expect(passwordProblems("")).toEqual([
      "validation.password-min-length",
      "validation.password-lowercase",
      "validation.password-uppercase",
      "validation.password-digit",
      "validation.password-special",
    ]);
    expect(passwordProblems("abc")).toEqual([
      "validation.password-min-length",
      "validation.password-uppercase",
      "validation.password-digit",
      "validation.password-special",
    ]);
  });

  it("counts accented and other unicode letters as letters", () => {
    expect(passwordProblems("Éléphant1!")).toEqual([]);
    expect(passwordProblems("ÉLÉPHANT1!")).toEqual(["validation.password-lowercase"]);
    expect(passwordProblems("éléphant1!")).toEqual(["validation.password-uppercase"]);
    expect(passwordProblems("Ωmegaπρο9?")).toEqual([]);
  });

  it("does not count letters or spaces as special characters", () => {
    expect(passwordProblems("Éléphant12")).toEqual(["validation.password-special"]);
    expect(passwordProblems("Ab cd ef 12")).toEqual(["validation.password-special"]);
    expect(passwordProblems("Ab-cd ef 12")).toEqual([]);
  });

  it("counts characters, not UTF-16 units", () => {
    // 7 characters, but 10 UTF-16 units: still too short.
    expect(passwordProblems("Ab1!😀😀😀")).toEqual(["validation.password-min-length"]);
    expect(passwordProblems("Ab1!😀😀😀😀")).toEqual([]);
  });

  it.each(["Motdepasse1!", "Tr0ub4dor&3", "Bonjour_2024", "Québec#1608", "P@ssw0rd"])("accepts %j", (password) => {
    expect(passwordProblems(password)).toEqual([]);
  });
});

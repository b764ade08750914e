import { describe, expect, it } from "vitest";
import { detectDelimiter } from "./read-file.ts";
import { checkLine, firstLineColumnProblem, isHeaderLine } from "./rules.ts";

const line = (...cells: string[]) => [...cells, ...Array<string>(11 - cells.length).fill("")];

describe("checkLine", () => {
  it("reads a full line, with the words people type for language and gender", () => {
    const checked = checkLine(
      line(
        "Hélène",
        "Bérubé",
        "(438) 555-0199",
        " Helene@Exemple.CA ",
        "1980-03-14",
        "12 rue",
        "Québec",
        "G1R 2B5",
        "Français",
        "Femme",
        "Note",
      ),
      false,
    );
    expect(checked).toEqual({
      ok: true,
      key: "phone:+14385550199",
      input: expect.objectContaining({
        firstname: "Hélène",
        email: "helene@exemple.ca",
        birthday: "1980-03-14",
        language: "fr",
        gender: "female",
      }),
    });
  });

  it("keys a line without a phone by its names, email and birthday", () => {
    const checked = checkLine(line("Anne", "Hébert", "", "anne@exemple.ca", "1990/01/02 00:00:00"), false);
    expect(checked).toMatchObject({ ok: true, key: `name:${JSON.stringify(["Anne", "Hébert", "anne@exemple.ca", "1990-01-02"])}` });
  });

  it("gives every reason of a bad line", () => {
    expect(checkLine(line("", "", "514-555", "pas@", "14/03/1980", "", "", "", "klingon", "lutin"), false)).toEqual({
      ok: false,
      reasons: expect.arrayContaining(["missing-name", "bad-phone", "bad-email", "bad-birthday", "bad-language", "bad-gender"]),
    });
    expect(checkLine(line("A", "B", "", "", "2999-01-01"), false)).toEqual({ ok: false, reasons: ["bad-birthday"] });
    expect(checkLine(line("x".repeat(101)), false)).toEqual({ ok: false, reasons: ["too-long"] });
  });

  it("wants 11 cells in a CSV line, lets an Excel row end at its last filled cell", () => {
    expect(checkLine(["Anne", "Hébert", "4385550199"], false)).toEqual({ ok: false, reasons: ["column-count"] });
    expect(checkLine(["Anne", "Hébert", "4385550199"], true)).toMatchObject({ ok: true });
    expect(checkLine([...line("Anne"), "", ""], false)).toMatchObject({ ok: true });
    expect(checkLine([...line("Anne"), "de trop"], true)).toEqual({ ok: false, reasons: ["column-count"] });
  });
});

describe("the first line", () => {
  it("is a title line when its phone cell has words and no digit", () => {
    expect(isHeaderLine(line("Prénom", "Nom", "Téléphone", "Courriel"))).toBe(true);
    expect(isHeaderLine(line("Anne", "Hébert", "438 555-0199"))).toBe(false);
    expect(isHeaderLine(line("Anne", "Hébert", "", "anne@exemple.ca"))).toBe(false);
  });

  it("must have 11 columns", () => {
    expect(firstLineColumnProblem(line("Anne"), false)).toBeNull();
    expect(firstLineColumnProblem(["Anne", "Hébert", "4385550199", "", ""], false)).toBe(5);
    expect(firstLineColumnProblem([...line("Anne"), "x"], false)).toBe(12);
    expect(firstLineColumnProblem(["Prénom", "Nom", "Téléphone"], true)).toBe(3);
    expect(firstLineColumnProblem(["Anne", "Hébert", "4385550199"], true)).toBeNull();
  });
});

describe("detectDelimiter", () => {
  it("takes the separator that makes 11 columns, else the more frequent", () => {
    expect(detectDelimiter("a;b;c;d;e;f;g;h;i;j;k")).toBe(";");
    expect(detectDelimiter("a,b,c,d,e,f,g,h,i,j,k")).toBe(",");
    expect(detectDelimiter('"Tremblay, Anne";b;c;d;e;f;g;h;i;j;k')).toBe(";");
    expect(detectDelimiter("a;b;c")).toBe(";");
    expect(detectDelimiter("abc")).toBe(",");
  });
});

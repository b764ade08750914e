import { describe, expect, it } from "vitest";
import { detectImportDateFormat, readImportDate } from "./import-dates.ts";

describe("readImportDate", () => {
  it("reads a French Excel's DD/MM/YYYY day first", () => {
    expect(readImportDate("23/04/1982", "DD/MM/YYYY")).toBe("1982-04-23");
    expect(readImportDate("3/4/1982", "DD/MM/YYYY")).toBe("1982-04-03");
    expect(readImportDate("23.04.1982", "DD/MM/YYYY")).toBe("1982-04-23");
    expect(readImportDate("23/04/1982 00:00:00", "DD/MM/YYYY")).toBe("1982-04-23");
  });

  it("reads YYYY-MM-DD whatever the file's format", () => {
    for (const format of ["YYYY-MM-DD", "DD/MM/YYYY", "MM/DD/YYYY"] as const) {
      expect(readImportDate("1982-04-23", format)).toBe("1982-04-23");
      expect(readImportDate("1982/04/23", format)).toBe("1982-04-23");
      expect(readImportDate("1982-04-23T00:00:00Z", format)).toBe("1982-04-23");
    }
  });

  it("reads month first when the person said so", () => {
    expect(readImportDate("04/05/1982", "MM/DD/YYYY")).toBe("1982-04-05");
    expect(readImportDate("04/05/1982", "DD/MM/YYYY")).toBe("1982-05-04");
  });

  it("refuses what is not a date of the format", () => {
    expect(readImportDate("23/04/1982", "MM/DD/YYYY")).toBeNull();
    expect(readImportDate("23/04/1982", "YYYY-MM-DD")).toBeNull();
    expect(readImportDate("avril 1982", "DD/MM/YYYY")).toBeNull();
    expect(readImportDate("23/04/82", "DD/MM/YYYY")).toBeNull();
  });
});

describe("detectImportDateFormat", () => {
  it("finds day first when a day is above 12", () => {
    expect(detectImportDateFormat(["03/04/1982", "23/04/1982", ""])).toEqual({ format: "DD/MM/YYYY", ambiguous: false });
  });

  it("finds month first when a second number is above 12", () => {
    expect(detectImportDateFormat(["04/23/1982", "03/04/1990"])).toEqual({ format: "MM/DD/YYYY", ambiguous: false });
  });

  it("finds YYYY-MM-DD when no date is written day or month first", () => {
    expect(detectImportDateFormat(["1982-04-23", "", "pas une date"])).toEqual({ format: "YYYY-MM-DD", ambiguous: false });
  });

  it("asks when every date could be day or month first", () => {
    expect(detectImportDateFormat(["03/04/1982", "12/11/1990", "1975-06-30"])).toEqual({ format: null, ambiguous: true });
  });

  it("says nothing of a file without dates", () => {
    expect(detectImportDateFormat(["", ""])).toEqual({ format: null, ambiguous: false });
  });
});

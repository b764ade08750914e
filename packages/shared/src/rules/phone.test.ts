import { describe, expect, it } from "vitest";
import { E164_PATTERN, formatPhoneForDisplay, toE164 } from "./phone.ts";

describe("toE164", () => {
  it.each([
    ["(514) 398-0000", "+15143980000"],
    ["514-398-0000", "+15143980000"],
    ["514.398.0000", "+15143980000"],
    ["514 398 0000", "+15143980000"],
    ["1 (514) 398-0000", "+15143980000"],
    ["+1 514 398 0000", "+15143980000"],
    ["+15143980000", "+15143980000"],
    ["(613) 555-0134", "+16135550134"],
    ["+1 800 555 0199", "+18005550199"],
  ])("reads the Canadian number %j", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([
    ["+33 6 12 34 56 78", "CA", "+33612345678"],
    ["+33 1 42 68 53 00", "CA", "+33142685300"],
    ["06 12 34 56 78", "FR", "+33612345678"],
    ["01.42.68.53.00", "FR", "+33142685300"],
  ] as const)("reads the French number %j (default country %s)", (input, country, expected) => {
    expect(toE164(input, country)).toBe(expected);
  });

  it("needs the country code for a French national number when the default is CA", () => {
    expect(toE164("06 12 34 56 78")).toBeNull();
  });

  it("answers a number asked again the same way, by its default country", () => {
    // Remembered per country: a French mobile typed without its code is valid only from France.
    for (let round = 0; round < 2; round++) {
      expect(toE164("06 12 34 56 78", "CA")).toBeNull();
      expect(toE164("06 12 34 56 78", "FR")).toBe("+33612345678");
    }
  });

  it("removes white space of any kind", () => {
    expect(toE164("  514 398 0000\t")).toBe("+15143980000");
    expect(toE164("514\u00a0398\u00a00000")).toBe("+15143980000");
    expect(toE164("+1\n514 398 0000")).toBe("+15143980000");
  });

  it.each(["", "   ", "abc", "123", "911", "+1 123 456 7890", "514-398-000", "+33 6 12 34", "+1 514 398 00000"])("rejects %j", (input) => {
    expect(toE164(input)).toBeNull();
  });

  it("always answers in the spec's E.164 shape", () => {
    for (const input of ["(514) 398-0000", "+33 6 12 34 56 78", "+44 20 7946 0958"]) {
      const e164 = toE164(input);
      expect(e164).not.toBeNull();
      expect(e164).toMatch(E164_PATTERN);
    }
  });
});

describe("E164_PATTERN", () => {
  it("is + then 1-9 then 10 to 14 digits", () => {
    expect(E164_PATTERN.test("+15143980000")).toBe(true);
    expect(E164_PATTERN.test("+123456789012345")).toBe(true);
    expect(E164_PATTERN.test("+1234567890")).toBe(false);
    expect(E164_PATTERN.test("+1234567890123456")).toBe(false);
    expect(E164_PATTERN.test("+05143980000")).toBe(false);
    expect(E164_PATTERN.test("15143980000")).toBe(false);
  });
});

describe("formatPhoneForDisplay", () => {
  it("shows 10 digits as (AAA) BBB-CCCC", () => {
    expect(formatPhoneForDisplay("5143980000")).toBe("(514) 398-0000");
    expect(formatPhoneForDisplay("514-398-0000")).toBe("(514) 398-0000");
  });

  it("shows 11 digits as (AAA) BBB-CCCC, dropping the leading country digit", () => {
    expect(formatPhoneForDisplay("+15143980000")).toBe("(514) 398-0000");
    expect(formatPhoneForDisplay("1 514 398 0000")).toBe("(514) 398-0000");
  });

  it("shows a number outside North America in its international format, never as (AAA) BBB-CCCC", () => {
    expect(formatPhoneForDisplay("+33612345678")).toBe("+33 6 12 34 56 78");
    expect(formatPhoneForDisplay("+33 6 12 34 56 78")).toBe("+33 6 12 34 56 78");
    expect(formatPhoneForDisplay("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhoneForDisplay("+32470123456")).toBe("+32 470 12 34 56");
  });

  it("shows a North American number of any formatting the same way", () => {
    expect(formatPhoneForDisplay("+1 (514) 555-0102")).toBe("(514) 555-0102");
    expect(formatPhoneForDisplay("+1 212 555 0199")).toBe("(212) 555-0199");
  });

  it("shows other lengths as given", () => {
    expect(formatPhoneForDisplay("911")).toBe("911");
    expect(formatPhoneForDisplay("33612345678")).toBe("33612345678");
    expect(formatPhoneForDisplay("514398000")).toBe("514398000");
    expect(formatPhoneForDisplay("")).toBe("");
  });
});

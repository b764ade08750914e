import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/errors.ts";
import { parseContactSearch } from "./search.ts";

describe("parseContactSearch", () => {
  it("is no search without q", () => {
    expect(parseContactSearch(undefined)).toBeNull();
  });

  it.each(["", "  ", "ab", " é ", "12"])("refuses %j: fewer than 3 characters", (q) => {
    try {
      parseContactSearch(q);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe("error.min-search-characters");
      expect((err as AppError).status).toBe(400);
    }
  });

  it.each([
    ["(514) 555-0111", "5145550111"],
    ["+1 514.555.0111", "15145550111"],
    ["555-01", "55501"],
    ["0111", "0111"],
    [" 450 ", "450"],
  ])("reads %j as the phone digits %s", (q, digits) => {
    expect(parseContactSearch(q)).toEqual({ terms: [digits] });
  });

  it("reads anything else as words, each to be found", () => {
    expect(parseContactSearch("  Tremblay   Hélène ")).toEqual({ terms: ["Tremblay", "Hélène"] });
    expect(parseContactSearch("helene.t@exemple.ca")).toEqual({ terms: ["helene.t@exemple.ca"] });
    // Letters among the digits: not a number.
    expect(parseContactSearch("514 Côté")).toEqual({ terms: ["514", "Côté"] });
    // Fewer than 3 digits in number characters: searched as text.
    expect(parseContactSearch("(1)")).toEqual({ terms: ["(1)"] });
  });

  it("drops repeated words and keeps at most 8", () => {
    expect(parseContactSearch("roy roy roy")).toEqual({ terms: ["roy"] });
    expect(parseContactSearch("a b c d e f g h i j")?.terms).toHaveLength(8);
  });
});

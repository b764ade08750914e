import { describe, expect, it } from "vitest";
import { inlineParameters, uuidLiteral } from "./tenant-read.ts";

const ORG = "6bcf86a3-955b-4ca4-8061-285935cea87a";

describe("inlineParameters", () => {
  it("writes UUIDs, numbers, booleans and nulls in place of their placeholders", () => {
    expect(inlineParameters("select * from t where a = $1 and b > $2 and c = $3 and d is $4 limit $5", [ORG, -3, true, null, 500])).toBe(
      `select * from t where a = '${ORG}' and b > -3 and c = true and d is null limit 500`,
    );
  });

  it("tells $1 from $10 and leaves placeholders inside quotes alone", () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inlineParameters("select $10, $1, '$2 ''$3', \"$4\"", params)).toBe("select 10, 1, '$2 ''$3', \"$4\"");
  });

  it("refuses any text that is not a UUID, a non-finite number, an object, a missing parameter, an open quote", () => {
    expect(() => inlineParameters("select $1", ["x'; drop table users; --"])).toThrow(/UUID/);
    expect(() => inlineParameters("select $1", [Number.NaN])).toThrow();
    expect(() => inlineParameters("select $1", [{}])).toThrow();
    expect(() => inlineParameters("select $1", [new Date()])).toThrow();
    expect(() => inlineParameters("select $2", [1])).toThrow(/no parameter/);
    expect(() => inlineParameters("select '$1", [1])).toThrow(/quote/);
  });
});

describe("uuidLiteral", () => {
  it("quotes a UUID and nothing else", () => {
    expect(uuidLiteral(ORG)).toBe(`'${ORG}'`);
    expect(() => uuidLiteral(`${ORG}'`)).toThrow();
    expect(() => uuidLiteral("")).toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { scheduledMessageRequest, skipsScheduledLookup } from "./scheduled-messages.ts";

describe("scheduled message lookups by phone", () => {
  it("skip emergency numbers and anonymous callers", () => {
    for (const p of ["+1911", "+1933", "933", "911", "anonymous", "Anonymous", "restricted", "", " ", "+1 (911)"]) {
      expect(skipsScheduledLookup(p), p).toBe(true);
    }
  });
  it("look up an ordinary number", () => {
    for (const p of ["+15145550100", "514 555-0100", "+19335550100"]) expect(skipsScheduledLookup(p), p).toBe(false);
  });
});

describe("scheduledMessageRequest", () => {
  const valid = { title: "Rappel", message: "Bonjour", date: "2027-01-15", time: "09:30", toPhoneNumber: "514 555-0100" };
  const codeOf = (input: object) => scheduledMessageRequest.safeParse(input).error?.issues.map((i) => i.message);

  it("keys each rule to the spec's text", () => {
    expect(codeOf({ ...valid, title: " " })).toEqual(["validation.scheduled-title-required"]);
    expect(codeOf({ ...valid, message: "" })).toEqual(["validation.scheduled-message-required"]);
    expect(codeOf({ ...valid, time: "9:30" })).toEqual(["validation.time-format"]);
    expect(codeOf({ ...valid, time: "23:60" })).toEqual(["validation.time-format"]);
    expect(codeOf({ ...valid, reminders: ["1h"] })).toEqual(["validation.invalid"]);
  });
  it("trims, and takes no reminder by default", () => {
    expect(scheduledMessageRequest.parse({ ...valid, title: "  Rappel " })).toMatchObject({ title: "Rappel", reminders: [] });
  });
});

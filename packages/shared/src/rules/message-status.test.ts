import { describe, expect, it } from "vitest";
import { canMoveStatus } from "./message-status.ts";
import { typedPhoneToE164 } from "./phone.ts";

describe("message status moves only forward", () => {
  it("allows sending → sent → delivered and failed from sending or sent", () => {
    expect(canMoveStatus("sending", "sent")).toBe(true);
    expect(canMoveStatus("sent", "delivered")).toBe(true);
    expect(canMoveStatus("sending", "delivered")).toBe(true);
    expect(canMoveStatus("sending", "failed")).toBe(true);
    expect(canMoveStatus("sent", "failed")).toBe(true);
  });

  it("refuses a late, repeated or backward status", () => {
    expect(canMoveStatus("delivered", "sent")).toBe(false);
    expect(canMoveStatus("delivered", "failed")).toBe(false);
    expect(canMoveStatus("sent", "sent")).toBe(false);
    expect(canMoveStatus("failed", "delivered")).toBe(false);
    expect(canMoveStatus("sent", "sending")).toBe(false);
  });
});

describe("typedPhoneToE164", () => {
  it("removes white space and formatting", () => {
    expect(typedPhoneToE164(" 514 555 0199 ")).toBe("+15145550199");
    expect(typedPhoneToE164("+1 (438) 200-1234")).toBe("+14382001234");
  });

  it("refuses letters, control characters and invalid numbers", () => {
    expect(typedPhoneToE164("+1438200123\u0000")).toBeNull();
    expect(typedPhoneToE164("abc")).toBeNull();
    expect(typedPhoneToE164("123")).toBeNull();
    expect(typedPhoneToE164("")).toBeNull();
  });
});

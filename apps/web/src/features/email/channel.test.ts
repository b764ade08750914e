import { describe, expect, it } from "vitest";
import { messages } from "@relais/shared";
import { failureKey, readOutcome } from "./channel.ts";

describe("the verification pages' word to the Configuration page", () => {
  it("reads a connection or a failure, and nothing else posted on the channel", () => {
    expect(readOutcome({ kind: "connected" })).toEqual({ kind: "connected" });
    expect(readOutcome({ kind: "failed", provider: "Gmail", reason: "scopes" })).toEqual({
      kind: "failed",
      provider: "Gmail",
      reason: "scopes",
    });
    expect(readOutcome({ kind: "failed", reason: 3 })).toEqual({ kind: "failed", provider: "", reason: "" });
    for (const other of [null, "connected", 42, {}, { kind: "other" }]) {
      expect(readOutcome(other)).toBeNull();
    }
  });

  it("explains every reason the callback gives, in both languages, and an unknown one generally", () => {
    // The reasons of connect-service.ts CallbackFailure.
    const reasons = ["denied", "state", "exchange", "scopes", "wrong-mailbox", "login", "not-configured", "address-taken"];
    const keys = reasons.map(failureKey);
    expect(new Set(keys).size).toBe(reasons.length);
    for (const key of keys) {
      expect(key).not.toBe("email.failed.other");
      expect(messages["fr-CA"][key]).toBeTruthy();
      expect(messages["en-CA"][key]).toBeTruthy();
    }
    expect(failureKey("constructor")).toBe("email.failed.other");
    expect(failureKey("")).toBe("email.failed.other");
  });
});

import { describe, expect, it } from "vitest";
import { canAssignSip, canManageSips, sipPasswordOf, sipUriOf, sipUsernameOf } from "./policy.ts";

/** Desk phone rules (decision 0041). */

describe("desk phone rules", () => {
  it("lets anyone take a free phone or keep theirs, never someone else's", () => {
    expect(canAssignSip({ userId: "u1" }, { userId: null })).toBe(true);
    expect(canAssignSip({ userId: "u1" }, { userId: "u1" })).toBe(true);
    expect(canAssignSip({ userId: "u1" }, { userId: "u2" })).toBe(false);
  });

  it("leaves adding and removing phones to administrators", () => {
    expect(canManageSips({ role: "admin" })).toBe(true);
    expect(canManageSips({ role: "super-admin" })).toBe(true);
    expect(canManageSips({ role: "user" })).toBe(false);
    expect(canManageSips({ role: "marketing" })).toBe(false);
  });

  it("makes usernames the migration's check accepts, whatever the random bytes", () => {
    for (const bytes of [Buffer.alloc(8, 0), Buffer.alloc(8, 0xff), Buffer.from("0123456789abcdef", "hex")]) {
      expect(sipUsernameOf(bytes)).toMatch(/^[a-z0-9_]{6,32}$/);
    }
  });

  it("makes passwords Twilio's SIP credentials accept: 12+ characters with upper, lower and a digit", () => {
    for (const fill of [0, 0xff, 0x41]) {
      const password = sipPasswordOf(Buffer.alloc(16, fill));
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/\d/);
    }
  });

  it("addresses the phone on the SIP domain", () => {
    expect(sipUriOf("desk_0a", "clinique.sip.twilio.com")).toBe("sip:desk_0a@clinique.sip.twilio.com");
  });
});

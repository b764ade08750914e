import { describe, expect, it } from "vitest";
import { isSelfDemotion } from "./self-demotion.ts";

const ME = "0d5c3f7e-1111-4b7a-9d1e-000000000001";
const COLLEAGUE = "0d5c3f7e-1111-4b7a-9d1e-000000000002";

describe("isSelfDemotion", () => {
  it("asks an administrator who makes herself a user", () => {
    expect(isSelfDemotion(ME, { id: ME, role: "admin" }, "user")).toBe(true);
  });

  it("asks a super-administrator who steps down to administrator", () => {
    expect(isSelfDemotion(ME, { id: ME, role: "super-admin" }, "admin")).toBe(true);
  });

  it("does not ask when the role stays the same or goes up", () => {
    expect(isSelfDemotion(ME, { id: ME, role: "admin" }, "admin")).toBe(false);
    expect(isSelfDemotion(ME, { id: ME, role: "admin" }, "super-admin")).toBe(false);
  });

  it("does not ask when the person changed is a colleague", () => {
    expect(isSelfDemotion(ME, { id: COLLEAGUE, role: "admin" }, "user")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import type { RealtimeEvent } from "@relais/shared";
import { isEvent } from "./typed-events.ts";

const wire = (type: string, payload: Record<string, unknown>): RealtimeEvent => ({
  position: 1,
  type,
  teamId: null,
  payload,
  createdAt: "2027-03-01T08:00:00.000Z",
});

describe("typed real-time events", () => {
  it("narrows an event of the name asked, whose payload has that name's shape", () => {
    const event = wire("contact.removed", { id: "c1" });
    expect(isEvent(event, "contact.removed")).toBe(true);
    if (isEvent(event, "contact.removed")) {
      // Typed: no indexing, no typeof.
      expect(event.payload.id).toBe("c1");
    }
  });

  it("refuses another name", () => {
    expect(isEvent(wire("contact.removed", { id: "c1" }), "contact.created")).toBe(false);
    expect(isEvent(wire("contact.merged", { id: "c1" }), "contact.removed")).toBe(false);
  });

  it("refuses a payload of another shape (a newer server's), so the handler reads again instead", () => {
    expect(isEvent(wire("contact.removed", { contactId: "c1" }), "contact.removed")).toBe(false);
    expect(isEvent(wire("thread.updated", { id: "t1" }), "thread.updated")).toBe(false);
    expect(isEvent(wire("survey.updated", { threadId: 7, teamId: "t" }), "survey.updated")).toBe(false);
  });
});

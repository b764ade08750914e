import { describe, expect, it } from "vitest";
import { hubWire, toWire } from "./event-log.ts";

describe("hubWire", () => {
  it("is toWire's JSON with the payload as PostgreSQL sent it", () => {
    const payload = { id: "m1", body: 'Bonjour "Hélène" \u2028 </script>', n: 1.5, nested: { list: [null, true] } };
    const base = {
      position: 123_456_789,
      type: "message.created",
      teamId: "2f0c3b9e-1111-4aaa-8bbb-123456789abc",
      userId: null,
      createdAt: new Date("2026-11-27T05:01:25.123Z"),
    };
    const wire = hubWire({ ...base, payloadJson: JSON.stringify(payload) });
    expect(JSON.parse(wire)).toEqual(JSON.parse(JSON.stringify(toWire({ ...base, payload }))));
  });

  it("keeps a null team", () => {
    const wire = hubWire({
      position: 1,
      type: "organization.updated",
      teamId: null,
      userId: null,
      createdAt: new Date(0),
      payloadJson: "{}",
    });
    expect(JSON.parse(wire)).toEqual({
      position: 1,
      type: "organization.updated",
      teamId: null,
      payload: {},
      createdAt: "1970-01-01T00:00:00.000Z",
    });
  });
});

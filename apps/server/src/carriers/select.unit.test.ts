import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { createCarrier } from "./select.ts";
import { statusFromTwilio } from "./twilio/webhooks.ts";

const noop = () => undefined;

describe("choosing the carrier (DESIGN §6)", () => {
  it("is the sandbox unless both Twilio credentials are set", async () => {
    for (const env of [{}, { TWILIO_ACCOUNT_SID: "AC1" }, { TWILIO_AUTH_TOKEN: "t" }, { TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "" }]) {
      const carrier = createCarrier(loadConfig({ NODE_ENV: "test", ...env }), noop);
      expect(carrier.kind, JSON.stringify(env)).toBe("sandbox");
      await carrier.close();
    }
  });

  it("is Twilio with both credentials, and then needs PUBLIC_URL", async () => {
    const creds = { NODE_ENV: "test", TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t" };
    expect(() => createCarrier(loadConfig(creds), noop)).toThrow(/PUBLIC_URL/);
    const carrier = createCarrier(loadConfig({ ...creds, PUBLIC_URL: "https://relais.example.test" }), noop);
    expect(carrier.kind).toBe("twilio");
    await carrier.close();
  });
});

describe("Twilio's message statuses", () => {
  it("map to sent, delivered and failed; the intermediate ones are ignored", () => {
    expect(statusFromTwilio("sent")).toBe("sent");
    expect(statusFromTwilio("delivered")).toBe("delivered");
    expect(statusFromTwilio("read")).toBe("delivered");
    expect(statusFromTwilio("undelivered")).toBe("failed");
    expect(statusFromTwilio("failed")).toBe("failed");
    for (const s of ["accepted", "scheduled", "queued", "sending", "canceled"] as const) expect(statusFromTwilio(s)).toBeNull();
  });
});

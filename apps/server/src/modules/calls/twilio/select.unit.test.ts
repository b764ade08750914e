import { describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { twilioVoiceCarrierOf } from "./select.ts";
import { TwilioVoiceCarrier } from "./voice-carrier.ts";

/** Which voice carrier a configuration gives (app.ts hands it to the calls module and the voice webhooks). */

const TWILIO = {
  NODE_ENV: "test",
  TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
  TWILIO_AUTH_TOKEN: "0123456789abcdef0123456789abcdef",
  PUBLIC_URL: "https://relais.example.test",
};
const KEYS = { TWILIO_API_KEY_SID: "SK1", TWILIO_API_KEY_SECRET: "secret", TWILIO_TWIML_APP_SID: "AP1" };
const identity = { userId: "3f2b8c1e-9a4d-4c6b-8e7f-0a1b2c3d4e5f", organizationId: "org" };

describe("twilioVoiceCarrierOf", () => {
  it("is null without Twilio's account SID and auth token: the sandbox bridge carries calls", () => {
    for (const env of [{}, { TWILIO_ACCOUNT_SID: "AC1" }, { TWILIO_AUTH_TOKEN: "t" }, { TWILIO_ACCOUNT_SID: "", TWILIO_AUTH_TOKEN: "" }]) {
      expect(twilioVoiceCarrierOf(loadConfig({ NODE_ENV: "test", ...env }))).toBeNull();
    }
  });

  it("needs PUBLIC_URL, and the three token settings together or not at all", () => {
    expect(() => twilioVoiceCarrierOf(loadConfig({ ...TWILIO, PUBLIC_URL: "" }))).toThrow(/PUBLIC_URL/);
    expect(() => twilioVoiceCarrierOf(loadConfig({ ...TWILIO, TWILIO_API_KEY_SID: "SK1" }))).toThrow(/all three or none/);
    expect(() => twilioVoiceCarrierOf(loadConfig({ ...TWILIO, ...KEYS, TWILIO_TWIML_APP_SID: "" }))).toThrow(/all three or none/);
  });

  it("signs browser tokens only when the API key and TwiML App are set", async () => {
    const withKeys = twilioVoiceCarrierOf(loadConfig({ ...TWILIO, ...KEYS }));
    expect(withKeys).toBeInstanceOf(TwilioVoiceCarrier);
    expect((await withKeys?.accessToken(identity))?.jwt.split(".")).toHaveLength(3);
    const without = twilioVoiceCarrierOf(loadConfig(TWILIO));
    await expect(without?.accessToken(identity)).rejects.toThrow(/TWILIO_API_KEY_SID/);
  });

  it("plays the configured hold and park music, Twilio's own otherwise", () => {
    const hold = "https://media.example.test/hold.mp3";
    const park = "https://media.example.test/park.mp3";
    const carrier = twilioVoiceCarrierOf(loadConfig({ ...TWILIO, TWILIO_HOLD_MUSIC_URL: hold, TWILIO_PARK_MUSIC_URL: park }));
    expect([carrier?.musicUrl("hold"), carrier?.musicUrl("park")]).toEqual([hold, park]);
    expect(twilioVoiceCarrierOf(loadConfig(TWILIO))?.musicUrl("park")).toMatch(/^https:\/\/com\.twilio\.music/);
  });
});

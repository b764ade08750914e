import { createTwilioCarrier } from "../../../carriers/twilio/twilio-carrier.ts";
import { callsWorld, clinic, openTab, type CallsWorld, type Clinic, type Tab } from "../calls-test-kit.ts";
import { ACCOUNT_SID, AUTH_TOKEN, startTwilioStandIn, type TwilioStandIn } from "./twilio-rest-test-kit.ts";
import { twilioSignature } from "../../../../test/twilio-signature.ts";

export const TEST_PUBLIC_URL = "https://relais.example.test";

/** The real app on the Twilio carrier, its REST calls answered by the local stand-in, with a clinic and two staff tabs. */
export type TwilioClinic = {
  standIn: TwilioStandIn;
  w: CallsWorld;
  c: Clinic;
  a: Tab;
  b: Tab;
  /** A webhook signed as Twilio signs it, over the public URL. */
  webhook: (path: string, params: Record<string, string>) => ReturnType<CallsWorld["t"]["request"]>;
  close: () => Promise<void>;
};

export async function startTwilioClinic(env: Record<string, string> = {}): Promise<TwilioClinic> {
  const standIn = await startTwilioStandIn();
  const w = await callsWorld(
    { PUBLIC_URL: TEST_PUBLIC_URL, TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_API_BASE: standIn.base, ...env },
    { carrier: createTwilioCarrier({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, publicUrl: TEST_PUBLIC_URL, apiBase: standIn.base }) },
  );
  const c = await clinic(w.t);
  const a = await openTab(w, c.staff[0]!);
  const b = await openTab(w, c.staff[1]!);
  const webhook = (path: string, params: Record<string, string>) =>
    w.t.request({
      method: "POST",
      url: path,
      payload: new URLSearchParams(params).toString(),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature": twilioSignature(AUTH_TOKEN, `${TEST_PUBLIC_URL}${path}`, params),
      },
    });
  const close = async () => {
    await a.socket.close();
    await b.socket.close();
    await w.close();
    await standIn.close();
  };
  return { standIn, w, c, a, b, webhook, close };
}

import { messages, type CallPeriod, type MessageId, type SandboxGreetingPiece } from "@relais/shared";
import type { Greeting } from "../carrier.ts";

/** The catalogue's greeting of each period, said when the team and the organisation have none (as in twiml.ts). */
const DEFAULT_GREETING: { [P in CallPeriod]: MessageId } = {
  OPEN: "voice-prompt.greeting-open",
  CLOSE: "voice-prompt.greeting-close",
  BREAK: "voice-prompt.greeting-break",
  VACATION: "voice-prompt.greeting-vacation",
};

/**
 * What the simulator plays for a greeting, as the Twilio adapter's TwiML does: the team's audio
 * (fetched from this server by path: the simulator is served by it), its words in its language,
 * or the catalogue's default for the period in French then English.
 */
export function greetingPieces(greeting: Greeting | null, period: CallPeriod): SandboxGreetingPiece[] {
  if (!greeting) {
    const key = DEFAULT_GREETING[period];
    return [
      { kind: "speech", text: messages["fr-CA"][key], locale: "fr-CA" },
      { kind: "speech", text: messages["en-CA"][key], locale: "en-CA" },
    ];
  }
  if (greeting.kind === "speech") return [{ kind: "speech", text: greeting.text, locale: greeting.locale }];
  const url = new URL(greeting.url, "http://relais.invalid");
  return [{ kind: "audio", url: `${url.pathname}${url.search}` }];
}

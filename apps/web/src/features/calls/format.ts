import type { CallView } from "@relais/shared";

/** Spec part 1 §9: a call's duration as mm:ss, or HH:mm:ss past one hour. */
export function callDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const two = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(s / 3600);
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return hours > 0 ? `${two(hours)}:${rest}` : rest;
}

/** Seconds since `fromIso` on the server's clock (`skewMs`: server clock minus this browser's). */
export function secondsSince(fromIso: string, skewMs: number, now: number): number {
  return (now + skewMs - Date.parse(fromIso)) / 1000;
}

/**
 * The own call's title (spec part 1 §2): Calling with its duration until an outbound call is
 * answered, then Outbound call; Transferred call for a call that came from another team, kept
 * once answered, as the offer said; else Incoming call; Call ended at the end.
 */
export function ownCallTitle(
  call: Pick<CallView, "state" | "direction" | "answeredAt" | "startedAt" | "fromGroupLabel">,
  skewMs: number,
  now: number,
): {
  id: "calls.title.calling" | "calls.title.outbound" | "calls.title.incoming" | "calls.title.transferred" | "calls.title.ended";
  duration?: string;
} {
  if (call.state === "ended") return { id: "calls.title.ended" };
  if (call.direction === "outbound") {
    return call.answeredAt
      ? { id: "calls.title.outbound" }
      : { id: "calls.title.calling", duration: callDuration(secondsSince(call.startedAt, skewMs, now)) };
  }
  return { id: call.fromGroupLabel ? "calls.title.transferred" : "calls.title.incoming" };
}

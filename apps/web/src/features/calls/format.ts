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

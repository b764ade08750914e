/**
 * What the verification pages (the popup's last stop) tell the Configuration page that opened
 * it: on a BroadcastChannel of this origin, which still works when a provider's
 * Cross-Origin-Opener-Policy cut the popup off from its opener (EMAIL.md §2).
 */
export const EMAIL_CHANNEL = "relais-email-connection";

export type ConnectionOutcome = { kind: "connected" } | { kind: "failed"; provider: string; reason: string };

/** A message of the channel, or null for anything else posted on it. */
export function readOutcome(data: unknown): ConnectionOutcome | null {
  if (typeof data !== "object" || data === null || !("kind" in data)) {
    return null;
  }
  if (data.kind === "connected") {
    return { kind: "connected" };
  }
  if (data.kind === "failed") {
    const provider = "provider" in data && typeof data.provider === "string" ? data.provider : "";
    const reason = "reason" in data && typeof data.reason === "string" ? data.reason : "";
    return { kind: "failed", provider, reason };
  }
  return null;
}

/** The callback's `?reason=` → the catalogue key that explains it (connect-service.ts CallbackFailure). */
const REASON_KEYS = {
  denied: "email.failed.denied",
  state: "error.email-state-invalid",
  exchange: "error.email-provider-failed",
  scopes: "error.email-scopes-missing",
  "wrong-mailbox": "email.failed.wrong-mailbox",
  login: "email.failed.login",
  "not-configured": "email.failed.not-configured",
  "address-taken": "error.email-address-taken",
} as const;

export type FailureKey = (typeof REASON_KEYS)[keyof typeof REASON_KEYS] | "email.failed.other";

export function failureKey(reason: string): FailureKey {
  return Object.hasOwn(REASON_KEYS, reason) ? REASON_KEYS[reason as keyof typeof REASON_KEYS] : "email.failed.other";
}

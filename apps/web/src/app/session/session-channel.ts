/**
 * Tells the other tabs of this browser that the person signed out (issue 15 item 8).
 *
 * The tabs share one session (one refresh cookie). Without a word from the tab that signed out,
 * another tab only learns it when its next call or its socket fails to refresh, and says the
 * session "expired", which is not what happened. The message goes out before the logout call,
 * so it arrives before the server ends the session and the other tab's socket closes.
 */
const CHANNEL = "relais-session";

type SessionMessage = { type: "signed-out" };

function isSessionMessage(data: unknown): data is SessionMessage {
  return typeof data === "object" && data !== null && "type" in data && data.type === "signed-out";
}

function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
}

/** Tells every other tab of this browser that the person signed out here. */
export function announceSignOut(): void {
  const channel = openChannel();
  if (!channel) return;
  channel.postMessage({ type: "signed-out" } satisfies SessionMessage);
  channel.close();
}

/** Calls `onSignedOut` when another tab of this browser signs out; answers the unsubscribe. */
export function onSignOutElsewhere(onSignedOut: () => void): () => void {
  const channel = openChannel();
  if (!channel) return () => undefined;
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isSessionMessage(event.data)) onSignedOut();
  };
  return () => {
    channel.close();
  };
}

import { useEffect, useRef } from "react";
import type { RealtimeState } from "../../app/realtime/realtime-client.ts";
import { isApiError } from "../../api/errors.ts";

/**
 * The conversation connection states of spec part 1 §4, as the conversations screen shows them:
 * the first load of the list (initializing, initialization-failed), then the real-time
 * connection's own states. Relais's polling fallback reads as `reconnecting`: texts still arrive,
 * the direct connection is being tried again.
 */
export type ConversationConnectionState =
  | "initializing"
  | "initialization-failed"
  | "connecting"
  | "connected"
  | "reconnecting"
  | "connection-failed"
  | "disconnecting"
  | "disconnected";

export function conversationConnectionState(load: "pending" | "error" | "success", realtime: RealtimeState): ConversationConnectionState {
  if (load === "pending") return "initializing";
  if (load === "error") return "initialization-failed";
  return realtime === "polling" ? "reconnecting" : realtime;
}

/** Attempts of the first load before it is given up (spec part 1 §4 and §9: up to 5, 1 s steps). */
const CONVERSATION_LOAD_ATTEMPTS = 5;

/**
 * Whether a failed load of the list is tried again: up to 5 attempts in all, never for an answer
 * that another try cannot change (a 4xx, which the API client already handled).
 */
export function retryConversationLoad(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < CONVERSATION_LOAD_ATTEMPTS - 1;
}

/** The growing delay before retry `failureCount` (0-based): 1 s, 2 s, 3 s, 4 s. */
export function conversationLoadDelay(failureCount: number): number {
  return (failureCount + 1) * 1_000;
}

/**
 * After the last attempt failed, re-authentication (spec part 1 §4): the session's token is
 * refreshed and the list read again; a refresh refused ends the session (the login screen with
 * its session-expired marker). Once per failure: a new failure after a success tries again.
 */
export function useReauthenticateOnFailedLoad(
  failed: boolean,
  auth: { refresh: () => Promise<boolean>; expire: () => void },
  reload: () => void,
): void {
  const tried = useRef(false);
  useEffect(() => {
    if (!failed) {
      tried.current = false;
      return;
    }
    if (tried.current) return;
    tried.current = true;
    void auth.refresh().then((ok) => {
      if (ok) reload();
      else auth.expire();
    });
  }, [failed, auth, reload]);
}

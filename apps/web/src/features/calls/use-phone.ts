import { useSyncExternalStore } from "react";
import { phone, type PhoneState } from "./phone.ts";

/** The tab's phone, re-rendering on each change. */
export function usePhone(): PhoneState {
  return useSyncExternalStore(phone.subscribe, phone.getSnapshot);
}

/** The call this tab carries, if it is not over yet or still shown. */
export function ownCall(state: PhoneState) {
  return state.ownCallId ? (state.calls[state.ownCallId] ?? null) : null;
}

/** Whether this tab carries a call that is not over. */
export function onCall(state: PhoneState): boolean {
  const call = ownCall(state);
  return state.ownCallId !== null && call?.state !== "ended";
}

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { EVENTS_PAGE_MAX, type RealtimeEvent } from "@relais/shared";
import { realtimeEndpoints } from "@relais/shared/endpoints/realtime";
import { api } from "../../api/index.ts";
import { useSessionContext } from "../session/session.tsx";
import { RealtimeClient, type ReadyInfo, type RealtimeState } from "./realtime-client.ts";

/** The socket's address; `frames=batch`: the events of one read of the log come in one frame. */
function realtimeUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/api${realtimeEndpoints.socket.path}?frames=batch`;
}

/** The tab's one connection: created on first use, kept across renders and StrictMode re-runs. */
let shared: RealtimeClient | null = null;

/** The tab's connection itself, for the browser phone (its own messages on the socket: decision 0021). */
export function realtimeClient(): RealtimeClient {
  shared ??= new RealtimeClient({
    url: realtimeUrl,
    getToken: () => api.getToken()?.jwt ?? null,
    refresh: () => api.refresh(),
    onSessionReplaced: () => {
      api.markDisconnected();
    },
    onSessionExpired: () => {
      api.markExpired();
    },
    poll: (after, signal) =>
      api.call(realtimeEndpoints.polling, { query: { after: after ?? undefined, limit: EVENTS_PAGE_MAX } }, { signal }),
  });
  return shared;
}

interface RealtimeContextValue {
  state: RealtimeState;
  /** Every event, in order; returns the unsubscribe function. */
  subscribe: (listener: (event: RealtimeEvent) => void) => () => void;
  /** Each `ready`; `resync: true` means the lists must be read again. */
  onReady: (listener: (ready: ReadyInfo) => void) => () => void;
}

const subscribe = (listener: (event: RealtimeEvent) => void): (() => void) => realtimeClient().onEvent(listener);
const onReady = (listener: (ready: ReadyInfo) => void): (() => void) => realtimeClient().onReady(listener);
const noop = () => () => undefined;
const RealtimeContext = createContext<RealtimeContextValue>({ state: "disconnected", subscribe: noop, onReady: noop });

/** Opens the real-time connection while someone is signed in, closes it on sign-out. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { state: session, disconnected } = useSessionContext();
  const [state, setState] = useState<RealtimeState>("disconnected");
  const signedIn = session.status === "authenticated" && !disconnected;

  useEffect(() => {
    const client = realtimeClient();
    const off = client.onState(setState);
    return off;
  }, []);

  useEffect(() => {
    const client = realtimeClient();
    if (signedIn) {
      client.start();
      return () => {
        client.stop();
      };
    }
    client.stop(true);
    return undefined;
  }, [signedIn]);

  const value = useMemo<RealtimeContextValue>(() => ({ state, subscribe, onReady }), [state]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}

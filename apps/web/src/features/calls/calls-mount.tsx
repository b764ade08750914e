import { Suspense, useEffect } from "react";
import { loadChunk } from "../../app/lazy/chunk-load.ts";
import { lazyPart } from "../../app/lazy/lazy-screen.tsx";
import { realtimeClient } from "../../app/realtime/realtime.tsx";

// The phone and its screens load right after the shell, never with it (decision 0029). No call
// can ring before: the server offers calls only to a tab whose heartbeat it heard, and the
// phone sends the first one once it is here.
const CallScreens = lazyPart("calls", () => import("./call-screens.tsx").then((m) => m.CallScreens));
const ReadyControl = lazyPart("calls", () => import("./call-screens.tsx").then((m) => m.ReadyForCalls));

/** The tab's phone for the signed-in shell: heartbeat and offer acks, then the call screens. */
export function CallsMount() {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void loadChunk("calls", () => import("./phone.ts")).then(({ phone }) => {
      if (live) stop = phone.start(realtimeClient());
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return (
    <Suspense fallback={null}>
      <CallScreens />
    </Suspense>
  );
}

/** The top bar's "ready for calls" control (loaded with the call screens). */
export function ReadyForCallsSlot() {
  return (
    <Suspense fallback={null}>
      <ReadyControl />
    </Suspense>
  );
}

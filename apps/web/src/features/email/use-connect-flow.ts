import { useCallback, useEffect, useRef, useState } from "react";
import { EMAIL_POPUP, type EmailProvider } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { authorizationUrl, detectProvider, useMailboxChanged } from "./api.ts";
import { EMAIL_CHANNEL, failureKey, readOutcome, type FailureKey } from "./channel.ts";

/** Where the connection stands: typing, asking the provider type, choosing it, or waiting on the popup. */
export type ConnectPhase = { step: "idle" } | { step: "busy" } | { step: "choose"; address: string } | { step: "popup"; address: string };

/** The last connection's end, shown above the form until the next one. */
export type ConnectOutcome =
  | { kind: "connected"; address: string }
  | { kind: "cancelled" }
  | { kind: "blocked" }
  | { kind: "failed"; key: FailureKey }
  | { kind: "error"; error: unknown };

/** The popup, centred on the window that opens it (spec part 2 §9: 800 × 600). */
function openPopup(): Window | null {
  const left = Math.max(0, window.screenX + (window.outerWidth - EMAIL_POPUP.width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - EMAIL_POPUP.height) / 2);
  // Opened empty within the click (a popup opened after an await is blocked), sent on once the URL is known.
  return window.open(
    "about:blank",
    "relais-email-authorization",
    `popup,width=${EMAIL_POPUP.width},height=${EMAIL_POPUP.height},left=${left},top=${top}`,
  );
}

/**
 * The connect flow of spec part 2 §4: address → POST /oauth2/type (else the person chooses) →
 * POST /oauth2/{type} → the provider's page in an 800 × 600 popup, checked every second. The
 * verification page the popup ends on says how it went (BroadcastChannel); a popup closed
 * without that word is a cancellation, unless the team's mailbox shows the address connected
 * (a provider's Cross-Origin-Opener-Policy can make `closed` true early: EMAIL.md §2).
 */
export function useConnectFlow(teamId: string) {
  const changed = useMailboxChanged(teamId);
  const [phase, setPhase] = useState<ConnectPhase>({ step: "idle" });
  const [outcome, setOutcome] = useState<ConnectOutcome | null>(null);
  const timer = useRef<number | null>(null);
  const popup = useRef<Window | null>(null);
  const settled = useRef(false);
  const changedRef = useRef(changed);
  useEffect(() => {
    changedRef.current = changed;
  });

  const stopWatching = useCallback((): void => {
    if (timer.current !== null) {
      window.clearInterval(timer.current);
      timer.current = null;
    }
  }, []);

  // The verification page's word, also when it arrives after `closed` was seen.
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") {
      return undefined;
    }
    const channel = new BroadcastChannel(EMAIL_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const said = readOutcome(event.data);
      if (!said) {
        return;
      }
      settled.current = true;
      stopWatching();
      void changedRef.current().then(
        (status) => {
          setPhase({ step: "idle" });
          setOutcome(
            said.kind === "connected"
              ? { kind: "connected", address: status.email ?? "" }
              : { kind: "failed", key: failureKey(said.reason) },
          );
        },
        (error: unknown) => {
          setPhase({ step: "idle" });
          setOutcome({ kind: "error", error });
        },
      );
    };
    return () => {
      channel.close();
    };
  }, [stopWatching]);

  useEffect(() => stopWatching, [stopWatching]);

  const closedWithoutWord = useCallback(async (address: string): Promise<void> => {
    try {
      const status = await changedRef.current();
      if (settled.current) {
        return;
      }
      setPhase({ step: "idle" });
      setOutcome(status.connected && status.valid && status.email === address ? { kind: "connected", address } : { kind: "cancelled" });
    } catch (error) {
      setPhase({ step: "idle" });
      setOutcome({ kind: "error", error });
    }
  }, []);

  const authorize = useCallback(
    async (type: EmailProvider, address: string, window_: Window): Promise<void> => {
      try {
        const url = await authorizationUrl(type, address);
        if (window_.closed) {
          setPhase({ step: "idle" });
          setOutcome({ kind: "cancelled" });
          return;
        }
        window_.location.href = url;
      } catch (error) {
        window_.close();
        setPhase({ step: "idle" });
        setOutcome({ kind: "error", error });
        return;
      }
      settled.current = false;
      setPhase({ step: "popup", address });
      stopWatching();
      timer.current = window.setInterval(() => {
        if (window_.closed) {
          stopWatching();
          void closedWithoutWord(address);
        }
      }, EMAIL_POPUP.pollMs);
    },
    [closedWithoutWord, stopWatching],
  );

  /** The person gave the address: find its provider, then off to its page. */
  const start = useCallback(
    (address: string): void => {
      setOutcome(null);
      const opened = openPopup();
      if (!opened) {
        setOutcome({ kind: "blocked" });
        return;
      }
      popup.current = opened;
      setPhase({ step: "busy" });
      detectProvider(address).then(
        (type) => authorize(type, address, opened),
        (error: unknown) => {
          opened.close();
          if (isApiError(error) && error.code === "error.email-provider-unknown") {
            setPhase({ step: "choose", address });
            return;
          }
          setPhase({ step: "idle" });
          setOutcome({ kind: "error", error });
        },
      );
    },
    [authorize],
  );

  /** The provider the person chose when the address did not tell. */
  const choose = useCallback(
    (type: EmailProvider, address: string): void => {
      setOutcome(null);
      const opened = openPopup();
      if (!opened) {
        setOutcome({ kind: "blocked" });
        return;
      }
      popup.current = opened;
      setPhase({ step: "busy" });
      void authorize(type, address, opened);
    },
    [authorize],
  );

  /** Stops waiting: closes the popup, which counts as cancelled. */
  const cancel = useCallback((): void => {
    stopWatching();
    popup.current?.close();
    setPhase({ step: "idle" });
    setOutcome({ kind: "cancelled" });
  }, [stopWatching]);

  return { phase, outcome, start, choose, cancel, reset: () => setPhase({ step: "idle" }) };
}

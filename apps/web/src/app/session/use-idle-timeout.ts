import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { IDLE_TIMEOUT_MS } from "@relais/shared";

/** How often the idle clock is read; the deadline itself is measured with Date.now(). */
const IDLE_CHECK_MS = 5_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "mousemove"] as const;

/**
 * Ends the session after 12 h without activity (spec part 1 §4). Input and navigation reset the
 * clock. The deadline is compared with Date.now() on a timer (and when the tab becomes visible),
 * so a suspended laptop or a test's fake clock that jumps ahead both trigger it.
 */
export function useIdleTimeout(active: boolean, onIdle: () => void): void {
  const lastActivity = useRef(0);
  const onIdleRef = useRef(onIdle);
  const location = useLocation();

  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    lastActivity.current = Date.now();
  }, [location.key]);

  useEffect(() => {
    if (!active) {
      return undefined;
    }
    lastActivity.current = Date.now();
    let fired = false;
    const mark = (): void => {
      lastActivity.current = Date.now();
    };
    const check = (): void => {
      if (!fired && Date.now() - lastActivity.current >= IDLE_TIMEOUT_MS) {
        fired = true;
        onIdleRef.current();
      }
    };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, mark, { passive: true, capture: true });
    }
    document.addEventListener("visibilitychange", check);
    check();
    const timer = window.setInterval(check, IDLE_CHECK_MS);
    return () => {
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, mark, { capture: true });
      }
      document.removeEventListener("visibilitychange", check);
      window.clearInterval(timer);
    };
  }, [active]);
}

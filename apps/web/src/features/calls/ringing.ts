import { TITLE_FLIP_MS, TITLE_HOLD_MS } from "@relais/shared";
import { audioUnlocked, playCadence, QUEUE_CHIME, RINGTONE } from "./sounds.ts";

const NOTIFICATIONS_ASKED = "relais.call-notifications-asked";

/**
 * The tab title alternates while a call rings (spec part 1 §2: the usual title for
 * TITLE_FLIP_MS, then `text` for TITLE_HOLD_MS), until the returned function is called.
 */
function flipTitle(text: string): () => void {
  const original = document.title;
  let timer = 0;
  const showOriginal = (): void => {
    document.title = original;
    timer = window.setTimeout(showAlert, TITLE_FLIP_MS);
  };
  const showAlert = (): void => {
    document.title = text;
    timer = window.setTimeout(showOriginal, TITLE_HOLD_MS);
  };
  showOriginal();
  return () => {
    window.clearTimeout(timer);
    document.title = original;
  };
}

/** Asks for desktop notifications once per browser (from a click), never again after an answer. */
export function askNotificationsOnce(): void {
  if (typeof Notification === "undefined" || Notification.permission !== "default") return;
  try {
    if (localStorage.getItem(NOTIFICATIONS_ASKED)) return;
    localStorage.setItem(NOTIFICATIONS_ASKED, "1");
  } catch {
    return;
  }
  void Notification.requestPermission().catch(() => undefined);
}

/**
 * Everything that says "a call rings" (spec part 1 §2, VOICE.md §6): the ring (once sound is
 * unlocked), the tab title, and a desktop notification when the tab is hidden. Returns the stop.
 */
export function startRinging(texts: { title: string; notificationTitle: string; notificationBody: string }): () => void {
  const stops: (() => void)[] = [flipTitle(texts.title)];
  if (audioUnlocked()) stops.push(playCadence(RINGTONE));
  if (document.visibilityState === "hidden" && typeof Notification !== "undefined" && Notification.permission === "granted") {
    const notification = new Notification(texts.notificationTitle, { body: texts.notificationBody, tag: "relais-call" });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
    stops.push(() => {
      notification.close();
    });
  }
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * A caller just entered the queue and the organisation asked to be told (issue 13 §1,
 * `options.voiceQueue.notification`): one chime once sound is unlocked, and a desktop
 * notification while the tab is hidden. Nothing keeps ringing: the call waits in the queue view.
 */
export function announceQueuedCall(texts: { title: string; body: string }): void {
  if (audioUnlocked()) {
    const stop = playCadence(QUEUE_CHIME);
    window.setTimeout(stop, QUEUE_CHIME.onMs);
  }
  if (document.visibilityState === "hidden" && typeof Notification !== "undefined" && Notification.permission === "granted") {
    const notification = new Notification(texts.title, { body: texts.body, tag: "relais-queue" });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  }
}

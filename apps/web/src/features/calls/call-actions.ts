import { useCallback, useSyncExternalStore } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { type CallOffer, type CallView, type MessageId, type QueuedCall } from "@relais/shared";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { api, isApiError } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSessionContext } from "../../app/session/session.tsx";
import { voiceTokenQuery } from "./api.ts";
import { MicrophoneError, SandboxMedia, type CallMedia } from "./media.ts";
import { phone } from "./phone.ts";
import { unlockAudio } from "./sounds.ts";

/** A tiny store of the call screens' own flags, shared by the panel, the buttons and the dialogs. */
interface CallUiState {
  /** The microphone guide is open (spec part 1 §2 dialogs), and why. */
  micGuide: "denied" | "none" | null;
  /** The server answered 403 error.tier-forbidden to an outbound call: the plan lacks permission 1. */
  forbidden: boolean;
  /** A request of the panel is under way (answer, hang-up…), per call. */
  busy: Readonly<Record<string, boolean>>;
}

let ui: CallUiState = { micGuide: null, forbidden: false, busy: {} };
const uiListeners = new Set<() => void>();

function setUi(patch: Partial<CallUiState>): void {
  ui = { ...ui, ...patch };
  for (const listener of uiListeners) listener();
}

function subscribeUi(listener: () => void): () => void {
  uiListeners.add(listener);
  return () => uiListeners.delete(listener);
}

export function useCallUi(): CallUiState {
  return useSyncExternalStore(subscribeUi, () => ui);
}

export function openMicGuide(reason: "denied" | "none"): void {
  setUi({ micGuide: reason });
}

export function closeMicGuide(): void {
  setUi({ micGuide: null });
}

function setBusy(callId: string, busy: boolean): void {
  setUi({ busy: { ...ui.busy, [callId]: busy } });
}

let media: Promise<CallMedia> | null = null;
/** Where the audio part reports trouble the person should know of (set by the call screens). */
let problemSink: (code: MessageId) => void = () => undefined;

export function reportMediaProblems(sink: (code: MessageId) => void): void {
  problemSink = sink;
}

/** The audio part, if it was created already (the signalling relay reads it). */
export function currentMedia(): Promise<CallMedia> | null {
  return media;
}

/**
 * The audio part for this person's carrier, chosen by the token endpoint (sandbox or Twilio); the
 * Twilio SDK is downloaded only when the carrier is Twilio.
 */
export function callMedia(queryClient: QueryClient): Promise<CallMedia> {
  media ??= queryClient.fetchQuery(voiceTokenQuery()).then(async (token): Promise<CallMedia> => {
    if (token.carrier === "twilio") {
      const { TwilioMedia } = await import("./twilio-media.ts");
      return new TwilioMedia(token, (code) => {
        problemSink(code);
      });
    }
    return new SandboxMedia();
  });
  media.catch(() => {
    media = null;
  });
  return media;
}

/**
 * What a person does with a call, from the panel, a call button or the dialpad: each asks for the
 * microphone first (no microphone: the guide, nothing sent), then tells the server, then moves the
 * tab's phone and its audio.
 */
export function useCallActions() {
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const { reloadSession, state } = useSessionContext();
  const currentTeam = state.status === "authenticated" ? (state.session.userGroup?.id ?? null) : null;

  /** The audio, microphone open; null when it cannot be (the guide or an alert said why). */
  const ready = useCallback(async (): Promise<CallMedia | null> => {
    void unlockAudio().catch(() => undefined);
    try {
      const m = await callMedia(queryClient);
      await m.prepare();
      return m;
    } catch (error) {
      if (error instanceof MicrophoneError) {
        openMicGuide(error.reason);
      } else {
        alerts.error("error.unable-to-initiate-call", error);
      }
      return null;
    }
  }, [alerts, queryClient]);

  const answer = useCallback(
    async (offer: CallOffer): Promise<void> => {
      setBusy(offer.callId, true);
      try {
        const m = await ready();
        if (!m) return;
        m.attach(offer.callId);
        try {
          const view = await api.call(voiceEndpoints.answer, { body: { callId: offer.callId } });
          phone.upsertCall(view);
          phone.setOwnCall(view.id);
          m.start(view.id);
          // Answering a call for another team switches the person to it (spec §2 'for team').
          if (offer.forGroupId !== currentTeam) void reloadSession();
        } catch (error) {
          m.release(offer.callId);
          alerts.apiError(error);
        }
      } finally {
        setBusy(offer.callId, false);
      }
    },
    [alerts, currentTeam, ready, reloadSession],
  );

  const decline = useCallback(
    async (offer: CallOffer, all: boolean): Promise<void> => {
      setBusy(offer.callId, true);
      try {
        await api.call(all ? voiceEndpoints.rejectAll : voiceEndpoints.reject, { body: { callId: offer.callId } });
      } catch (error) {
        if (!isApiError(error) || error.code !== "error.call-ended") alerts.apiError(error);
      } finally {
        setBusy(offer.callId, false);
      }
    },
    [alerts],
  );

  /**
   * Places a call (spec §5). A refusal of the number (error.invalid-number, error.call-contact)
   * is thrown for the dialpad to show under its field; the rest are alerts.
   */
  const call = useCallback(
    async (to: string, contactId?: string): Promise<CallView | null> => {
      const m = await ready();
      if (!m) return null;
      try {
        const view = await api.call(voiceEndpoints.outbound, { body: { to, ...(contactId ? { contactId } : {}) } });
        m.attach(view.id);
        phone.upsertCall(view);
        phone.setOwnCall(view.id);
        m.start(view.id);
        return view;
      } catch (error) {
        if (isApiError(error) && error.code === "error.tier-forbidden") setUi({ forbidden: true });
        if (isApiError(error) && (error.code === "error.invalid-number" || error.code === "error.call-contact")) throw error;
        alerts.apiError(error);
        return null;
      }
    },
    [alerts, ready],
  );

  const hangup = useCallback(
    async (callId: string): Promise<void> => {
      setBusy(callId, true);
      try {
        phone.upsertCall(await api.call(voiceEndpoints.hangup, { body: { callId } }));
      } catch (error) {
        alerts.apiError(error);
      } finally {
        setBusy(callId, false);
      }
    },
    [alerts],
  );

  const digits = useCallback(
    async (callId: string, keys: string): Promise<boolean> => {
      try {
        await api.call(voiceEndpoints.digits, { body: { callId, digits: keys } });
        void media?.then((m) => m.digits(callId, keys));
        return true;
      } catch (error) {
        alerts.apiError(error);
        return false;
      }
    },
    [alerts],
  );

  /** Spec §2 "send to queue (park)": the caller hears park music, this tab lets the call (and the microphone) go. */
  const park = useCallback(
    async (callId: string): Promise<void> => {
      setBusy(callId, true);
      try {
        phone.upsertCall(await api.call(voiceEndpoints.park, { params: { callId } }));
        phone.setOwnCall(null);
      } catch (error) {
        alerts.error("error.send-call-to-queue", error);
      } finally {
        setBusy(callId, false);
      }
    },
    [alerts],
  );

  /** Takes a queued or parked call from the queue view: a claim like answer ("taken by …" when someone was first). */
  const pick = useCallback(
    async (entry: QueuedCall): Promise<void> => {
      if (!entry.sid) return;
      setBusy(entry.id, true);
      try {
        const m = await ready();
        if (!m) return;
        m.attach(entry.id);
        try {
          const view = await api.call(voiceEndpoints.pick, { body: { callSid: entry.sid } });
          phone.upsertCall(view);
          phone.setOwnCall(view.id);
          m.start(view.id);
          if (entry.teamId !== currentTeam) void reloadSession();
        } catch (error) {
          m.release(entry.id);
          alerts.apiError(error);
        }
      } finally {
        setBusy(entry.id, false);
      }
    },
    [alerts, currentTeam, ready, reloadSession],
  );

  return { answer, decline, call, hangup, digits, park, pick };
}

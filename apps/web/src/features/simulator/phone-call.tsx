import { useEffect, useRef, useState } from "react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconPhone, IconPhoneOff, IconPhoneX } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { sandboxPhoneServerMessage, type CallSignal, type SandboxPhoneCall } from "@relais/shared";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { api } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { CallsIntl } from "../calls/calls-intl.tsx";
import { callDuration } from "../calls/format.ts";
import { SandboxPeer } from "../calls/peer.ts";
import { HOLD_MUSIC, playCadence, playMelody, RINGBACK, RINGTONE, unlockAudio } from "../calls/sounds.ts";
import { startWavRecording, type WavRecording } from "../voice-settings/wav.ts";
import { playGreeting, type GreetingPlayback, type GreetingShown } from "./greeting.ts";
import classes from "./simulator.module.css";
import { useNow } from "../../ui/use-now.ts";

/** States in which the caller hears ringback (the sandbox phone socket's contract). */
const RINGBACK_STATES = new Set(["dialing", "ivr", "queued", "ringing", "connecting"]);
/** States a call ends from while its greeting is the whole answer (a closed period); "ended": already over. */
const GREETING_STAGES = new Set(["dialing", "ivr", "ended"]);

function socketUrl(number: string): string {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/api${voiceEndpoints.sandboxPhoneSocket.path}?number=${encodeURIComponent(number)}`;
}

interface PhoneCallState {
  call: SandboxPhoneCall | null;
  /** Staff took the call (or the phone picked up the clinic's): audio flows. */
  connected: boolean;
  digits: string;
  /** What the network last said to the caller (the callback confirmation, issue 13 §3). */
  prompt: string | null;
  /** The network records the caller's voicemail (issue 13 §3): the microphone is taken as WAV until the end or the limit. */
  recording: boolean;
  /** The period's greeting playing now (issue 13 §3); it goes on after a call the network ended, as Twilio's greeting before its hang-up. */
  greeting: GreetingShown | null;
}

const IDLE = { connected: false, digits: "", prompt: null, recording: false, greeting: null } as const;

/** The tone before a voicemail: one short 1 kHz beep. */
const BEEP = { tones: [1000], onMs: 400, offMs: 60_000 };

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"] as const;

/** Speaks the network's words with the browser's speech synthesis when it has one; the text is shown either way. */
function speak(text: string): void {
  try {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = "fr-CA";
    window.speechSynthesis.speak(utterance);
  } catch {
    // No speech synthesis in this browser: the text on screen is the prompt.
  }
}

/**
 * The simulated phone's calls (VOICE.md §5): it calls the clinic or is called by it over the
 * public phone socket, plays ringback while the clinic rings, makes the WebRTC offer when the
 * server says the call is connected (decision 0022), and shows the keys staff press.
 */
/** `media` false: a desk phone (decision 0041), which rings and answers but exchanges no audio in the sandbox. */
function usePhoneCall(number: string, media = true) {
  const [state, setState] = useState<PhoneCallState>({ call: null, ...IDLE });
  const greeting = useRef<GreetingPlayback | null>(null);
  const greetingTurn = useRef(0);
  /** Whether the call `sid` names is still going: another call's news is not this one's while it is. */
  const live = useRef(false);
  /** The call's last state before its end: whether it ended in its greeting (call.ended). */
  const stage = useRef<string | null>(null);
  const voicemail = useRef<{ sid: string; recorder: WavRecording; timer: number } | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const peer = useRef<SandboxPeer | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const sid = useRef<string | null>(null);
  /** The clinic holds or parked this call: the phone hears music and sends nothing (VOICE.md §5). */
  const holding = state.call !== null && state.call.state !== "ended" && state.call.holdMusic !== null;
  const holdingRef = useRef(holding);

  useEffect(() => {
    holdingRef.current = holding;
    void peer.current?.setSending(!holding);
  }, [holding]);

  /** Ends the voicemail: the WAV goes to the network, which measures it and ends the call. */
  const finishVoicemail = async (): Promise<void> => {
    const current = voicemail.current;
    if (!current) return;
    voicemail.current = null;
    window.clearTimeout(current.timer);
    setState((s) => ({ ...s, recording: false }));
    const form = new FormData();
    form.append("file", await current.recorder.stop(), "message.wav");
    await api.call(voiceEndpoints.sandboxVoicemail, { params: { sid: current.sid }, body: form }, { noRefresh: true });
  };

  useEffect(() => {
    let closed = false;
    let retry = 0;
    const closePeer = (): void => {
      peer.current?.close();
      peer.current = null;
      for (const track of stream.current?.getTracks() ?? []) track.stop();
      stream.current = null;
    };
    const sendSignal = (callSid: string, signal: CallSignal): void => {
      socket.current?.send(JSON.stringify({ type: "call.signal", callSid, signal }));
    };
    /**
     * The peer's steps run one after the other: a far end's offer or candidates that arrive while
     * the microphone is still being opened wait for the peer instead of being lost.
     */
    let steps: Promise<void> = Promise.resolve();
    const inTurn = (step: () => Promise<void>): void => {
      steps = steps.then(step).catch(() => undefined);
    };
    /** `offers` false: the outside phone of an extension transfer, which answers the caller's phone's offer. */
    const connect = async (callSid: string, offers: boolean): Promise<void> => {
      closePeer();
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
      peer.current = new SandboxPeer(stream.current, (s) => sendSignal(callSid, s), "phone");
      if (holdingRef.current) await peer.current.setSending(false);
      if (offers) await peer.current.offer();
    };
    const open = (): void => {
      const ws = new WebSocket(socketUrl(number));
      socket.current = ws;
      ws.onmessage = (event) => {
        let parsed;
        try {
          parsed = sandboxPhoneServerMessage.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success) return;
        const message = parsed.data;
        switch (message.type) {
          case "phone.ready":
            return;
          case "call.incoming":
          case "call.state": {
            // A new call of this phone (the clinic calls it, or the network names the call just
            // placed before it speaks): taken, unless the current one is still going.
            const fresh = message.call.sid !== sid.current;
            if (fresh && message.type === "call.state" && sid.current && live.current) return;
            sid.current = message.call.sid;
            live.current = message.call.state !== "ended";
            stage.current = message.call.state;
            // Parked (issue 13 §1): the staff leg left; the next person's pick connects anew.
            const parked = message.call.state === "parked";
            if (parked) closePeer();
            setState((s) =>
              fresh ? { call: message.call, ...IDLE } : { ...s, call: message.call, connected: parked ? false : s.connected },
            );
            return;
          }
          case "call.ended":
            if (message.call.sid !== sid.current) return;
            live.current = false;
            // Ended while still in its greeting (a closed period): the greeting plays on, as
            // Twilio says it before hanging up. Ended later (nobody answered, the queue gave up):
            // the network hangs up on the caller, greeting or not. A repeated end changes nothing.
            if (stage.current !== null && !GREETING_STAGES.has(stage.current)) greeting.current?.stop();
            stage.current = "ended";
            closePeer();
            setState((s) => ({ ...s, call: message.call, connected: false }));
            return;
          case "call.greeting": {
            if (message.callSid !== sid.current) return;
            greeting.current?.stop();
            // Only the latest greeting shows: one cut off may still report its end.
            const turn = (greetingTurn.current += 1);
            greeting.current = playGreeting(message.pieces, (shown) => {
              if (greetingTurn.current === turn) setState((s) => ({ ...s, greeting: shown }));
            });
            return;
          }
          case "call.connected":
            if (message.callSid !== sid.current) return;
            // Someone answered: the greeting stops there.
            greeting.current?.stop();
            setState((s) => ({ ...s, connected: true }));
            if (media) inTurn(() => connect(message.callSid, message.answers !== true));
            return;
          case "call.digits":
            if (message.callSid !== sid.current) return;
            setState((s) => ({ ...s, digits: s.digits + message.digits }));
            return;
          case "call.signal":
            if (message.callSid === sid.current) inTurn(async () => peer.current?.receive(message.signal));
            return;
          case "call.prompt":
            if (message.callSid !== sid.current) return;
            speak(message.text);
            setState((s) => ({ ...s, prompt: message.text }));
            return;
          case "call.record": {
            if (message.callSid !== sid.current || voicemail.current) return;
            const callSid = message.callSid;
            // The prompt and the tone come after the period's greeting, as Twilio plays them.
            void (greeting.current?.done ?? Promise.resolve()).then(async () => {
              if (sid.current !== callSid || voicemail.current) return;
              speak(message.text);
              setState((s) => ({ ...s, prompt: message.text, recording: true }));
              const stopBeep = playCadence(BEEP);
              window.setTimeout(stopBeep, BEEP.onMs);
              try {
                const recorder = await startWavRecording();
                const timer = window.setTimeout(() => void finishVoicemail(), message.maxSeconds * 1000);
                voicemail.current = { sid: callSid, recorder, timer };
              } catch {
                setState((s) => ({ ...s, recording: false }));
              }
            });
            return;
          }
        }
      };
      ws.onopen = () => {
        retry = 0;
      };
      ws.onclose = () => {
        if (closed) return;
        retry += 1;
        window.setTimeout(open, Math.min(10_000, 500 * 2 ** retry));
      };
    };
    open();
    return () => {
      closed = true;
      socket.current?.close();
      socket.current = null;
      closePeer();
      greeting.current?.stop();
      greeting.current = null;
    };
  }, [number, media]);

  const started = (call: SandboxPhoneCall): void => {
    // The socket usually named the call first, and may already carry its greeting.
    if (sid.current === call.sid) return;
    sid.current = call.sid;
    live.current = call.state !== "ended";
    stage.current = call.state;
    setState({ call, ...IDLE });
  };
  /** A key pressed or a hang-up cuts the greeting. */
  const cutGreeting = (): void => greeting.current?.stop();
  return { ...state, holding, started, finishVoicemail, cutGreeting };
}

/** Seconds since `iso`, every second while `running`. */
function useElapsed(iso: string | null, running: boolean): number {
  const now = useNow(running);
  return iso ? (now - Date.parse(iso)) / 1000 : 0;
}

function PhoneCallInside({ phone, clinic }: { phone: string; clinic: string | null }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const { call, connected, digits, holding, prompt, recording, greeting, started, finishVoicemail, cutGreeting } = usePhoneCall(
    phone,
    clinic !== null,
  );
  const [busy, setBusy] = useState(false);
  const live = call !== null && call.state !== "ended";
  const incomingRinging = live && call.direction === "incoming" && call.answeredAt === null;
  // A caller waiting in a team's queue hears its hold music, not ringback (issue 13 §1); the greeting plays over neither.
  const ringback =
    live && call.direction === "outgoing" && RINGBACK_STATES.has(call.state) && !connected && call.holdMusic === null && greeting === null;
  const music = holding && greeting === null;
  const elapsed = useElapsed(call?.answeredAt ?? null, live && call.answeredAt !== null);

  useEffect(() => {
    if (!ringback && !incomingRinging) return undefined;
    return playCadence(incomingRinging ? RINGTONE : RINGBACK);
  }, [ringback, incomingRinging]);

  useEffect(() => {
    if (!music) return undefined;
    return playMelody(HOLD_MUSIC);
  }, [music]);

  const act = async (run: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    await unlockAudio().catch(() => undefined);
    try {
      await run();
    } catch (error) {
      alerts.error("error.unable-to-initiate-call", error);
    } finally {
      setBusy(false);
    }
  };

  const label = intl.formatMessage({ id: "simulator.call.label" });
  const promptLine = prompt ? (
    <Text
      size="xs"
      ta="center"
      role="status"
      aria-label={intl.formatMessage({ id: "simulator.call.prompt" })}
      data-testid="phone-call-prompt"
    >
      {prompt}
    </Text>
  ) : null;
  const greetingLine = greeting ? (
    <Stack
      gap={2}
      align="center"
      role="status"
      aria-label={intl.formatMessage({ id: "simulator.call.greeting" })}
      data-testid="phone-call-greeting"
    >
      <Text size="xs" fw={600} ta="center">
        <FormattedMessage id="simulator.call.greeting" />
        {greeting.kind === "audio" ? ` · ${callDuration(greeting.seconds)}` : greeting.kind === "loading" ? "…" : ""}
      </Text>
      {greeting.kind === "speech" ? (
        <Text size="xs" ta="center" c="dimmed">
          {greeting.text}
        </Text>
      ) : null}
    </Stack>
  ) : null;
  if (!live && (call === null || call.state === "ended")) {
    // The network ended the call but its greeting still plays (a closed period, a full queue):
    // the caller is still on the line, as with Twilio's greeting before its hang-up, until the
    // greeting ends or they hang up; only then is the call over for them.
    const greetingAfterEnd = call !== null && greeting !== null;
    return (
      <>
        {promptLine || greetingLine ? (
          <div className={classes.callCard}>
            {greetingLine}
            {promptLine}
          </div>
        ) : null}
        <div className={classes.callBar} aria-label={label} role="group">
          {call && !greetingAfterEnd ? (
            <Text size="xs" c="dimmed" data-testid="phone-call-status">
              <FormattedMessage id="simulator.call.ended" />
              {call.digitsReceived ? ` · ${call.digitsReceived}` : ""}
            </Text>
          ) : (
            <span />
          )}
          {greetingAfterEnd ? (
            <Button size="compact-sm" color="red" leftSection={<IconPhoneOff size={15} />} onClick={cutGreeting}>
              <FormattedMessage id="simulator.call.hang-up" />
            </Button>
          ) : clinic === null ? (
            <Text size="xs" c="dimmed" data-testid="desk-phone-waiting">
              <FormattedMessage id="simulator.desk.waiting" />
            </Text>
          ) : (
            <Button
              size="compact-sm"
              color="teal"
              leftSection={<IconPhone size={15} />}
              loading={busy}
              onClick={() => {
                void act(async () => {
                  const answer = await api.call(voiceEndpoints.sandboxStart, { body: { from: phone, to: clinic } }, { noRefresh: true });
                  started(answer.call);
                });
              }}
            >
              <FormattedMessage id="simulator.call.start" />
            </Button>
          )}
        </div>
      </>
    );
  }

  const status = recording
    ? "simulator.call.recording"
    : incomingRinging
      ? "simulator.call.incoming"
      : call.state === "parked"
        ? "simulator.call.parked"
        : call.holdMusic === "hold" && !connected && call.answeredAt === null
          ? "simulator.call.queued"
          : holding
            ? "simulator.call.hold-music"
            : call.answeredAt || connected
              ? "simulator.call.connected"
              : "simulator.call.ringing";
  return (
    <div className={classes.callCard} aria-label={label} role="group" data-state={call.state}>
      <Stack gap={6} align="center">
        <Text fw={650} size="sm" data-testid="phone-call-status">
          <FormattedMessage id={status} />
        </Text>
        {call.answeredAt ? (
          <Text ff="monospace" size="sm">
            {callDuration(elapsed)}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          <FormattedMessage id="simulator.call.digits" />
          {" : "}
          <span data-testid="phone-call-digits">{digits || intl.formatMessage({ id: "simulator.call.no-digits" })}</span>
        </Text>
        {greetingLine}
        {promptLine}
        {call.direction === "outgoing" ? (
          <div className={classes.keypad} role="group" aria-label={intl.formatMessage({ id: "simulator.call.keypad" })}>
            {KEYS.map((key) => (
              <Button
                key={key}
                size="compact-sm"
                variant="default"
                aria-label={intl.formatMessage({ id: "simulator.call.key" }, { key })}
                onClick={() => {
                  cutGreeting();
                  void act(() =>
                    api.call(voiceEndpoints.sandboxDigits, { params: { sid: call.sid }, body: { digits: key } }, { noRefresh: true }),
                  );
                }}
              >
                {key}
              </Button>
            ))}
          </div>
        ) : null}
        <Group gap="xs">
          {incomingRinging ? (
            <>
              <Button
                size="compact-sm"
                color="teal"
                leftSection={<IconPhone size={15} />}
                loading={busy}
                onClick={() => {
                  void act(() => api.call(voiceEndpoints.sandboxAnswer, { params: { sid: call.sid } }, { noRefresh: true }));
                }}
              >
                <FormattedMessage id="simulator.call.answer" />
              </Button>
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                leftSection={<IconPhoneX size={15} />}
                disabled={busy}
                onClick={() => {
                  void act(() => api.call(voiceEndpoints.sandboxReject, { params: { sid: call.sid } }, { noRefresh: true }));
                }}
              >
                <FormattedMessage id="simulator.call.reject" />
              </Button>
            </>
          ) : recording ? (
            // Hanging up ends the message: it is sent, and the network ends the call.
            <Button
              size="compact-sm"
              color="red"
              leftSection={<IconPhoneOff size={15} />}
              loading={busy}
              onClick={() => {
                void act(finishVoicemail);
              }}
            >
              <FormattedMessage id="simulator.call.finish-message" />
            </Button>
          ) : (
            <Button
              size="compact-sm"
              color="red"
              leftSection={<IconPhoneOff size={15} />}
              loading={busy}
              onClick={() => {
                cutGreeting();
                void act(() => api.call(voiceEndpoints.sandboxHangup, { params: { sid: call.sid } }, { noRefresh: true }));
              }}
            >
              <FormattedMessage id="simulator.call.hang-up" />
            </Button>
          )}
        </Group>
      </Stack>
    </div>
  );
}

/** The phone's call bar, with the call screens' texts (decision 0029); `clinic` null: a desk phone, which only receives. */
export function PhoneCall({ phone, clinic }: { phone: string; clinic: string | null }) {
  return (
    <CallsIntl>
      <PhoneCallInside phone={phone} clinic={clinic} />
    </CallsIntl>
  );
}

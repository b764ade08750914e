import type { SandboxGreetingPiece } from "@relais/shared";
import { audioContext } from "../calls/sounds.ts";

/**
 * The period's greeting as the simulated caller hears it (issue 13 §3, VOICE.md §5: the simulator
 * renders the network's audio): audio fetched from the server and played through WebAudio, words
 * said by the browser's speech synthesis, and shown either way.
 */

/** What the phone shows while the greeting plays: fetching it, its audio's length, or its words. */
export type GreetingShown = { kind: "loading" } | { kind: "audio"; seconds: number } | { kind: "speech"; text: string };

export interface GreetingPlayback {
  /** Settles once the greeting ended, was cut, or could not play. */
  readonly done: Promise<void>;
  /** Cuts it (a key pressed, staff answered, the caller hung up). */
  stop(): void;
}

/** How long words take to say where the browser has no voice: about 14 characters a second, from 1.5 s to 15 s. */
function speechMillis(text: string): number {
  return Math.min(15_000, Math.max(1_500, Math.round(text.length * 70)));
}

/** Plays `pieces` one after the other; `show` follows what plays, and gets null at the end. */
export function playGreeting(pieces: readonly SandboxGreetingPiece[], show: (shown: GreetingShown | null) => void): GreetingPlayback {
  let stopped = false;
  let cut: () => void = () => undefined;

  /** Runs one piece until it calls `finish` or is cut; its clean-up runs either way. */
  const piece = (start: (finish: () => void) => () => void): Promise<void> =>
    new Promise<void>((resolve) => {
      let cleanUp: () => void = () => undefined;
      let over = false;
      const finish = (): void => {
        if (over) return;
        over = true;
        cleanUp();
        resolve();
      };
      cut = finish;
      cleanUp = start(finish);
    });

  const playAudio = async (url: string): Promise<void> => {
    show({ kind: "loading" });
    const response = await fetch(url);
    if (!response.ok) throw new Error(`greeting ${String(response.status)}`);
    const ctx = audioContext();
    const buffer = await ctx.decodeAudioData(await response.arrayBuffer());
    if (stopped) return;
    show({ kind: "audio", seconds: buffer.duration });
    await piece((finish) => {
      const source = ctx.createBufferSource();
      source.buffer = buffer;
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 2048;
      source.connect(analyser);
      analyser.connect(ctx.destination);
      exposeNetworkAudio(analyser);
      source.onended = finish;
      // A context still locked never reaches the end: the greeting's own length stands in.
      const timer = window.setTimeout(finish, buffer.duration * 1000 + 1_000);
      source.start();
      return () => {
        window.clearTimeout(timer);
        source.onended = null;
        source.stop();
        source.disconnect();
        analyser.disconnect();
        exposeNetworkAudio(null);
      };
    });
  };

  const say = async (text: string, locale: string): Promise<void> => {
    show({ kind: "speech", text });
    await piece((finish) => {
      const synthesis = "speechSynthesis" in window ? window.speechSynthesis : null;
      const voiced = synthesis !== null && synthesis.getVoices().length > 0;
      // Without a voice the words are only shown, for about as long as saying them would take.
      const timer = window.setTimeout(finish, voiced ? 30_000 : speechMillis(text));
      if (voiced) {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = locale;
        utterance.onend = finish;
        utterance.onerror = finish;
        synthesis.speak(utterance);
      }
      return () => {
        window.clearTimeout(timer);
        if (voiced) synthesis.cancel();
      };
    });
  };

  const run = async (): Promise<void> => {
    for (const p of pieces) {
      if (stopped) return;
      if (p.kind === "audio") await playAudio(p.url);
      else await say(p.text, p.locale);
    }
  };
  const done = run()
    .catch(() => undefined)
    .finally(() => show(null));
  return {
    done,
    stop() {
      stopped = true;
      cut();
    },
  };
}

/**
 * Test hook (decision 0045, beside 0029's peers): the analyser of the greeting audio playing now,
 * at `window.__relaisNetworkAudio`, so a journey can prove the caller really hears sound. Only the
 * simulator, which exists in development and tests, sets it.
 */
function exposeNetworkAudio(analyser: AnalyserNode | null): void {
  const holder = window as unknown as { __relaisNetworkAudio?: AnalyserNode };
  if (analyser) holder.__relaisNetworkAudio = analyser;
  else delete holder.__relaisNetworkAudio;
}

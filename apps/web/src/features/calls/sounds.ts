/**
 * The phone's sounds, generated with WebAudio instead of shipped as files: the ring of an incoming
 * call, and the simulator's ringback. Browsers let a page play sound only after a click in it
 * (autoplay policy): `unlockAudio` is called from one.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext {
  context ??= new AudioContext();
  return context;
}

/** Lets the page play sound from now on; call it from a click. */
export async function unlockAudio(): Promise<void> {
  await audioContext().resume();
}

/** Whether sound can play now without a click first. */
export function audioUnlocked(): boolean {
  return context?.state === "running";
}

export interface Cadence {
  /** Frequencies played together, in Hz. */
  tones: readonly number[];
  onMs: number;
  offMs: number;
}

/** An incoming call in a staff tab: a short bright double ring. */
export const RINGTONE: Cadence = { tones: [660, 880], onMs: 1_000, offMs: 1_500 };
/** What a caller hears while the other end rings: North America's ringback (440 + 480 Hz, 2 s on, 4 s off). */
export const RINGBACK: Cadence = { tones: [440, 480], onMs: 2_000, offMs: 4_000 };

/** Plays `cadence` until the returned function is called. Silent (no error) while sound is locked. */
export function playCadence(cadence: Cadence, volume = 0.08): () => void {
  const ctx = audioContext();
  const gain = ctx.createGain();
  gain.gain.value = 0;
  gain.connect(ctx.destination);
  const oscillators = cadence.tones.map((frequency) => {
    const oscillator = ctx.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start();
    return oscillator;
  });
  let on = false;
  let timer = 0;
  const tick = (): void => {
    on = !on;
    gain.gain.setTargetAtTime(on ? volume : 0, ctx.currentTime, 0.01);
    timer = window.setTimeout(tick, on ? cadence.onMs : cadence.offMs);
  };
  tick();
  return () => {
    window.clearTimeout(timer);
    for (const oscillator of oscillators) oscillator.stop();
    gain.disconnect();
  };
}

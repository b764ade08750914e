/**
 * The phone's sounds, generated with WebAudio instead of shipped as files: the ring of an incoming
 * call, and the simulator's ringback. Browsers let a page play sound only after a click in it
 * (autoplay policy): `unlockAudio` is called from one.
 */
let context: AudioContext | null = null;

/** The page's one audio context, made on first use (locked until `unlockAudio`). */
export function audioContext(): AudioContext {
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
/** A caller entered the queue: one soft, lower chime, unlike the ring. */
export const QUEUE_CHIME: Cadence = { tones: [523.25, 784], onMs: 600, offMs: 0 };
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

export interface Melody {
  /** Notes played one after the other, in Hz. */
  notes: readonly number[];
  noteMs: number;
  /** Silence after the last note, before the tune starts again. */
  restMs: number;
}

/**
 * What a held or parked caller hears in the sandbox (VOICE.md §5: the simulator renders the
 * network's audio): a soft arpeggio in C major, over and over, so a held caller can tell they
 * are still connected.
 */
export const HOLD_MUSIC: Melody = { notes: [523.25, 659.25, 783.99, 659.25, 587.33, 698.46, 880, 698.46], noteMs: 360, restMs: 900 };

/** Plays `melody` in a loop until the returned function is called. Silent (no error) while sound is locked. */
export function playMelody(melody: Melody, volume = 0.06): () => void {
  const ctx = audioContext();
  const gain = ctx.createGain();
  gain.gain.value = 0;
  gain.connect(ctx.destination);
  const oscillator = ctx.createOscillator();
  oscillator.type = "triangle";
  oscillator.connect(gain);
  oscillator.start();
  let index = 0;
  let timer = 0;
  const tick = (): void => {
    const frequency = melody.notes[index % melody.notes.length] ?? 0;
    const last = index % melody.notes.length === melody.notes.length - 1;
    const t = ctx.currentTime;
    oscillator.frequency.setValueAtTime(frequency, t);
    // Each note swells and fades, a little like a struck bell.
    gain.gain.cancelScheduledValues(t);
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(volume, t + 0.02);
    gain.gain.setTargetAtTime(0, t + 0.05, melody.noteMs / 3000);
    index += 1;
    timer = window.setTimeout(tick, melody.noteMs + (last ? melody.restMs : 0));
  };
  tick();
  return () => {
    window.clearTimeout(timer);
    oscillator.stop();
    gain.disconnect();
  };
}

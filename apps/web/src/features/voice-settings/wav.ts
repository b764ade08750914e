/**
 * WAV in the browser (decision 0037): MediaRecorder gives WebM/Opus, which a carrier's `<Play>`
 * cannot read, so a greeting recorded here is taken as raw PCM through the Web Audio API and
 * written as a 16-bit mono WAV at telephone rate — no encoder library, no conversion on the server.
 */

/** Telephone audio is 8 kHz: more only makes the file larger (2 MB holds about two minutes). */
const RECORDING_SAMPLE_RATE = 8000;
/** A greeting longer than this would pass the 2 MB upload limit at 16 bits and 8 kHz. */
export const RECORDING_MAX_SECONDS = 120;

/**
 * Lowers the sample rate by averaging the input samples that fall in each output sample: a
 * simple low-pass that keeps speech clear, enough for a phone greeting.
 */
export function downsample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (toRate >= fromRate) {
    return samples;
  }
  const ratio = fromRate / toRate;
  const out = new Float32Array(Math.floor(samples.length / ratio));
  for (let i = 0; i < out.length; i++) {
    const start = Math.floor(i * ratio);
    const end = Math.min(samples.length, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = start; j < end; j++) {
      sum += samples[j] ?? 0;
    }
    out[i] = end > start ? sum / (end - start) : 0;
  }
  return out;
}

/** A RIFF/WAVE file of 16-bit PCM mono samples (clipped to [-1, 1]). */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) {
      view.setUint8(offset + i, text.charCodeAt(i));
    }
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
  }
  return bytes;
}

function concat(chunks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The worklet that hands each block of microphone samples to the page. */
const TAP = `
class RelaisPcmTap extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) this.port.postMessage(channel.slice(0));
    return true;
  }
}
registerProcessor("relais-pcm-tap", RelaisPcmTap);
`;

export type WavRecording = {
  /** Stops the microphone and answers the WAV recorded so far. */
  stop: () => Promise<Blob>;
  /** Stops the microphone and drops what was recorded. */
  cancel: () => void;
};

export function canRecordWav(): boolean {
  return typeof window !== "undefined" && "AudioWorkletNode" in window && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/** Starts recording the microphone as PCM; rejects when the microphone is refused or missing. */
export async function startWavRecording(): Promise<WavRecording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  const context = new AudioContext();
  const url = URL.createObjectURL(new Blob([TAP], { type: "text/javascript" }));
  try {
    await context.audioWorklet.addModule(url);
  } finally {
    URL.revokeObjectURL(url);
  }
  const source = context.createMediaStreamSource(stream);
  const tap = new AudioWorkletNode(context, "relais-pcm-tap");
  // Muted, but connected to the output so the graph keeps pulling samples through the tap.
  const mute = context.createGain();
  mute.gain.value = 0;
  const chunks: Float32Array[] = [];
  tap.port.onmessage = (event: MessageEvent<Float32Array>) => {
    chunks.push(event.data);
  };
  source.connect(tap).connect(mute).connect(context.destination);

  let released = false;
  const release = () => {
    if (released) {
      return;
    }
    released = true;
    source.disconnect();
    tap.disconnect();
    for (const track of stream.getTracks()) {
      track.stop();
    }
    void context.close();
  };
  return {
    stop: async () => {
      release();
      const pcm = downsample(concat(chunks), context.sampleRate, RECORDING_SAMPLE_RATE);
      return Promise.resolve(new Blob([encodeWav(pcm, RECORDING_SAMPLE_RATE)], { type: "audio/wav" }));
    },
    cancel: release,
  };
}

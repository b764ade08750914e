import { existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A small WAV (mono, 16-bit, 16 kHz, 3 s of a 440 Hz tone with a gentle pulse) that Chromium
 * plays as the fake microphone of every page of the calls journeys
 * (`--use-file-for-fake-audio-capture`): a known sound, so the peers always have audio to send.
 * Written once per machine into the temporary folder; the journeys only need it to exist.
 */
export function fakeVoiceWav(): string {
  const file = path.join(os.tmpdir(), "relais-e2e-fake-voice.wav");
  if (existsSync(file)) return file;
  const rate = 16_000;
  const samples = rate * 3;
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    const t = i / rate;
    const envelope = 0.6 + 0.4 * Math.sin(2 * Math.PI * 2 * t);
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * 440 * t) * envelope * 12_000), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

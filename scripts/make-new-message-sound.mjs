// Writes apps/web/public/sounds/new-message.wav: the short two-note chime of a new text
// (spec part 1 §4: a sound for a new message). Generated rather than downloaded so that its
// origin and licence are plain; run again only to change the sound.
import { writeFileSync } from "node:fs";

const RATE = 22_050;
/** Two soft notes (E6 then A6), each fading out; seconds. */
const NOTES = [
  { hz: 1318.5, start: 0, length: 0.16 },
  { hz: 1760, start: 0.11, length: 0.26 },
];
const total = Math.ceil(RATE * 0.4);
const samples = new Float64Array(total);
for (const note of NOTES) {
  const from = Math.floor(note.start * RATE);
  const count = Math.floor(note.length * RATE);
  for (let i = 0; i < count && from + i < total; i += 1) {
    const t = i / RATE;
    const attack = Math.min(1, i / (0.005 * RATE));
    const decay = Math.exp(-t * 14);
    samples[from + i] += 0.35 * attack * decay * Math.sin(2 * Math.PI * note.hz * t);
  }
}

const data = Buffer.alloc(total * 2);
samples.forEach((v, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, v)) * 32_767), i * 2));
const header = Buffer.alloc(44);
header.write("RIFF", 0);
header.writeUInt32LE(36 + data.length, 4);
header.write("WAVEfmt ", 8);
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE * 2, 28);
header.writeUInt16LE(2, 32);
header.writeUInt16LE(16, 34);
header.write("data", 36);
header.writeUInt32LE(data.length, 40);
writeFileSync(new URL("../apps/web/public/sounds/new-message.wav", import.meta.url), Buffer.concat([header, data]));

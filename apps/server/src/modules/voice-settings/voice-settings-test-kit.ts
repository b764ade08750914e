import { withTenant } from "../../db/database.ts";
import type { TestApp } from "../../../test/helpers.ts";

/** Shared by the voice settings API tests: the organisation flag, and audio made in the test. */

/** Turns the organisation's `enableExtTransfer` on or off (a plan setting no screen changes). */
export async function setExtTransfer(t: TestApp, orgId: string, on: boolean): Promise<void> {
  await withTenant(t.db.owner, orgId, (tx) =>
    tx.updateTable("organizations").set({ enable_ext_transfer: on }).where("id", "=", orgId).execute(),
  );
}

/** A mono 16-bit PCM WAV of `seconds` of a 440 Hz tone: the 44-byte header, then the samples. */
export function wav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const out = Buffer.alloc(44 + samples * 2);
  out.write("RIFF", 0, "ascii");
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write("WAVEfmt ", 8, "ascii");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "ascii");
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) out.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return out;
}

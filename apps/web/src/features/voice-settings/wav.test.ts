import { describe, expect, it } from "vitest";
import { downsample, encodeWav } from "./wav.ts";

describe("WAV recorded in the browser", () => {
  it("writes a 16-bit mono PCM header a carrier reads", () => {
    const bytes = encodeWav(new Float32Array([0, 1, -1, 0.5]), 8000);
    const view = new DataView(bytes.buffer);
    const text = (offset: number) => String.fromCharCode(...bytes.slice(offset, offset + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    expect([1, 2, 3, 4].map((i) => view.getInt16(42 + i * 2, true))).toEqual([0, 32767, -32768, 16384]);
  });

  it("clips samples outside [-1, 1]", () => {
    const view = new DataView(encodeWav(new Float32Array([3, -3]), 8000).buffer);
    expect([view.getInt16(44, true), view.getInt16(46, true)]).toEqual([32767, -32768]);
  });

  it("lowers 48 kHz to 8 kHz by averaging each group of samples", () => {
    const input = new Float32Array(48).map((_, i) => (i < 6 ? 0.6 : 0));
    const out = downsample(input, 48000, 8000);
    expect(out.length).toBe(8);
    expect(out[0]).toBeCloseTo(0.6);
    expect(out[1]).toBe(0);
    expect(downsample(input, 8000, 8000)).toBe(input);
  });
});

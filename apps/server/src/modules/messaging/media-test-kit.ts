import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { expect } from "vitest";
import type { MediaRef } from "@relais/shared";
import type { TestApp } from "../../../test/helpers.ts";
import { API } from "./messaging-test-kit.ts";

/**
 * Real files of exact sizes for the media tests: each is recognised by its content (magic
 * numbers), and padded to the byte so the limits can be tried at their boundaries.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG, `width`×`height` of one colour, padded with a comment chunk to `size` bytes when given. */
export function png(opts: { size?: number; width?: number; height?: number; rgb?: [number, number, number] } = {}): Buffer {
  const width = opts.width ?? 2;
  const height = opts.height ?? 2;
  const [r, g, b] = opts.rgb ?? [30, 120, 200];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  // Each row: filter byte 0, then the pixels.
  const row = Buffer.from([0, ...Array.from({ length: width }, () => [r, g, b]).flat()]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const parts = [signature, pngChunk("IHDR", header), pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))];
  const bare = Buffer.concat(parts).length;
  if (opts.size === undefined) return Buffer.concat(parts);
  const padding = opts.size - bare - 12 - "Comment\0".length;
  if (padding < 0) throw new Error(`a PNG cannot be as small as ${opts.size} bytes`);
  const comment = pngChunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.alloc(padding, 0x78)]));
  return Buffer.concat([parts[0], parts[1], comment, parts[2], parts[3]] as Buffer[]);
}

/** A JPEG header (SOI + APP0) followed by padding: recognised as image/jpeg. */
export function jpeg(size: number): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4)]);
}

/** A PDF header followed by spaces: application/pdf. */
export function pdf(size: number): Buffer {
  const head = Buffer.from("%PDF-1.4\n");
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** An MP4 "ftyp" box followed by padding: video/mp4, a file of the "media" kind. */
export function mp4(size: number): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(4), Buffer.from("mp42isom")]);
  return Buffer.concat([head, Buffer.alloc(size - head.length)]);
}

/** A multipart/form-data body holding one file, as a browser sends it. */
export function multipartFile(
  filename: string,
  bytes: Buffer,
  opts: { contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----relais${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? "file"}"; filename="${filename}"\r\n` +
      `Content-Type: ${opts.contentType ?? "application/octet-stream"}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** POST messaging/v1/media as `token`. */
export function postMedia(t: TestApp, token: string, filename: string, bytes: Buffer, opts: { contentType?: string; field?: string } = {}) {
  return t.request({ method: "POST", url: `${API}/media`, token, ...multipartFile(filename, bytes, opts) });
}

/** Uploads a file that must be accepted; answers its reference. */
export async function uploadMedia(t: TestApp, token: string, filename: string, bytes: Buffer): Promise<MediaRef> {
  const res = await postMedia(t, token, filename, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MediaRef>();
}

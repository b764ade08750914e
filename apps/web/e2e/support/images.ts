import { crc32, deflateSync } from "node:zlib";

/** Real PNG pictures for the journeys, drawn here so no binary fixture is kept in the repository. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

type Paint = (x: number, y: number) => [number, number, number];

/**
 * A `width`×`height` PNG painted pixel by pixel. With `size`, a comment chunk pads it to exactly
 * that many bytes (to try a limit); the picture stays valid.
 */
export function pngImage(width: number, height: number, paint: Paint, size?: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      rows.push(...paint(x, y));
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const ihdr = chunk("IHDR", header);
  const idat = chunk("IDAT", deflateSync(Buffer.from(rows)));
  const iend = chunk("IEND", Buffer.alloc(0));
  if (size === undefined) {
    return Buffer.concat([signature, ihdr, idat, iend]);
  }
  const bare = signature.length + ihdr.length + idat.length + iend.length;
  const padding = Buffer.alloc(size - bare - 12 - 8, 0x78);
  const comment = chunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), padding]));
  return Buffer.concat([signature, ihdr, comment, idat, iend]);
}

/** A soft diagonal gradient from one colour to another. */
export function gradient(from: [number, number, number], to: [number, number, number], width: number, height: number): Paint {
  return (x, y) => {
    const t = (x / width + y / height) / 2;
    return [0, 1, 2].map((i) => Math.round((from[i] ?? 0) + ((to[i] ?? 0) - (from[i] ?? 0)) * t)) as [number, number, number];
  };
}

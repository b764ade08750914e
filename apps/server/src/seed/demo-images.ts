import { crc32, deflateSync } from "node:zlib";

/**
 * Small real PNG pictures for the demo's conversations, drawn here: no network, no binary kept in
 * the repository. Each is a few kilobytes, well under a text message's limits.
 */

type Rgb = [number, number, number];
type Paint = (x: number, y: number) => Rgb;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A `width`×`height` truecolour PNG painted pixel by pixel. */
function png(width: number, height: number, paint: Paint): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  const raw = Buffer.alloc(height * (1 + width * 3));
  let i = 0;
  for (let y = 0; y < height; y++) {
    raw[i++] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[i++] = r;
      raw[i++] = g;
      raw[i++] = b;
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

const inRoundedRect = (x: number, y: number, left: number, top: number, right: number, bottom: number, r: number): boolean => {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = x < left + r ? left + r : x > right - r ? right - r : x;
  const cy = y < top + r ? top + r : y > bottom - r ? bottom - r : y;
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

/** A photo of an insurance card on a wooden table: a white card, a blue band, lines of text. */
export function insuranceCardPhoto(): Buffer {
  const w = 240;
  const h = 160;
  return png(w, h, (x, y) => {
    if (!inRoundedRect(x, y, 20, 22, 220, 138, 10)) {
      const grain = Math.round(10 * Math.sin(y / 3 + Math.sin(x / 17) * 2));
      return [150 + grain, 104 + grain, 64 + grain];
    }
    if (y < 50) return [36, 99, 175];
    const line = (top: number, right: number) => y >= top && y < top + 6 && x >= 34 && x < right;
    if (line(64, 170) || line(80, 130) || line(104, 200) || line(118, 150)) return [70, 78, 92];
    if (inRoundedRect(x, y, 168, 70, 204, 96, 4)) return [214, 178, 60];
    return [248, 248, 244];
  });
}

/** A close photo of a tooth with a chip on its edge: what a patient sends before calling. */
export function chippedToothPhoto(): Buffer {
  const w = 200;
  const h = 200;
  return png(w, h, (x, y) => {
    const dx = (x - 100) / 46;
    const dy = (y - 104) / 62;
    const tooth = dx * dx + dy * dy <= 1 && !(x > 118 && y < 70 && x - 118 > 70 - y);
    if (tooth) {
      const shade = Math.round(20 * (1 - dx * dx));
      return [222 + Math.min(shade, 30), 214 + Math.min(shade, 30), 196 + shade];
    }
    const gum = y > 150 ? 0 : Math.round(30 * Math.cos((x - 100) / 60));
    return [176 + gum, 70 + Math.round(gum / 2), 84 + Math.round(gum / 2)];
  });
}

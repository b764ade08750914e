import { fileTypeFromBuffer } from "file-type";

export type Sniffed = { contentType: string; ext: string };

/** file-type's names for formats Relais accepts under another name. */
const ALIASES: Record<string, string> = {
  // An M4A is an MP4 audio file; an M4V an MP4 video; an animated PNG is still a PNG.
  "audio/x-m4a": "audio/mp4",
  "video/x-m4v": "video/mp4",
  "image/apng": "image/png",
};

/**
 * The type of a file read from its bytes (magic numbers), never from its name or from what the
 * sender declared (DESIGN §4). Null when the content matches no known format (plain text, random
 * bytes, a truncated header).
 */
export async function sniffContentType(bytes: Uint8Array): Promise<Sniffed | null> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return null;
  return { contentType: ALIASES[found.mime] ?? found.mime, ext: found.ext };
}

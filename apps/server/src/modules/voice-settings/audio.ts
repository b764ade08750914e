import { parseBuffer } from "music-metadata";
import { isGreetingAudioType, type GreetingAudioType } from "@relais/shared";
import { badRequest } from "../../platform/errors.ts";
import { sniffContentType } from "../../platform/storage/sniff.ts";

/**
 * An audio file checked by its content (DESIGN §4): mp3 or wav by its magic numbers, then read by
 * music-metadata (MIT, maintained) for its length — WAV from its header, mp3 from its frames —
 * so a renamed text file, an empty container or a truncated header is refused before it is stored.
 */
export type ProbedAudio = { contentType: GreetingAudioType; ext: "mp3" | "wav"; durationMs: number };

export async function probeAudio(bytes: Uint8Array): Promise<ProbedAudio> {
  const sniffed = await sniffContentType(bytes);
  if (!sniffed || !isGreetingAudioType(sniffed.contentType)) throw badRequest("error.audio-type");
  const contentType = sniffed.contentType;
  let seconds: number | undefined;
  try {
    const meta = await parseBuffer(bytes, { mimeType: contentType, size: bytes.length }, { duration: true, skipCovers: true });
    seconds = meta.format.duration;
  } catch {
    seconds = undefined;
  }
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) throw badRequest("error.audio-unreadable");
  return { contentType, ext: contentType === "audio/wav" ? "wav" : "mp3", durationMs: Math.round(seconds * 1000) };
}

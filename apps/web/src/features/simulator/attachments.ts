import { mediaFileProblem, mediaSetProblem, type MediaProblem } from "@relais/shared";

/** What the file picker offers: the kinds a text may carry (rules/media.ts). */
export const ATTACHMENT_ACCEPT = ".jpg,.jpeg,.png,.gif,.pdf,audio/*,video/*";

/**
 * What is wrong with the files a phone is about to send, checked before anything is read or
 * uploaded with the same limits the server applies: the first problem of a file, else of the set.
 * The type is the browser's guess from the name; the server reads the real one from the bytes.
 */
export function attachmentsProblem(files: readonly { type: string; size: number }[]): MediaProblem | null {
  for (const file of files) {
    const problem = mediaFileProblem(file.type, file.size);
    if (problem) {
      return problem;
    }
  }
  return mediaSetProblem(files.map((f) => f.size));
}

/** Bytes as base64, in slices: one String.fromCharCode call over megabytes overflows the stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  const SLICE = 0x8000;
  let binary = "";
  for (let i = 0; i < bytes.length; i += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(i, i + SLICE));
  }
  return btoa(binary);
}

/** A picked file as the sandbox inbound route takes it. */
export async function toUpload(file: File): Promise<{ filename: string; dataBase64: string }> {
  return { filename: file.name, dataBase64: bytesToBase64(new Uint8Array(await file.arrayBuffer())) };
}

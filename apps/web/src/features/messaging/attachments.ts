import { MEDIA_SNIFF_BYTES, mediaFileProblem, mediaSetProblem, pickedFileProblem, type MediaProblem } from "@relais/shared";

/** The files of the composer: what is picked, uploaded or on its way, before the text is sent. */

export type Attachment = {
  /** Local identity of the chip (a file may be picked twice). */
  key: string;
  name: string;
  size: number;
  status: "uploading" | "ready";
  /** The server's id once uploaded. */
  mediaId: string | null;
};

/** What the file input accepts (the server decides by content all the same). */
export const ATTACHMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,audio/*,video/*";

/** Names browsers give to types Relais knows under another name. */
const TYPE_ALIASES: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/mp3": "audio/mpeg",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  "audio/vnd.wave": "audio/wav",
  "video/x-m4v": "video/mp4",
  "audio/3gpp": "video/3gpp",
};

/** Some browsers give no type for a file they do not know: its extension stands in, for the early check only. */
const BY_EXTENSION: Record<string, string> = { amr: "audio/amr", "3gp": "video/3gpp", m4a: "audio/mp4", mov: "video/quicktime" };

/** The type a picked file is checked under before upload (the server reads the real one from its bytes). */
export function pickedType(file: { type: string; name: string }): string {
  const declared = file.type.toLowerCase();
  if (declared) return TYPE_ALIASES[declared] ?? declared;
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return BY_EXTENSION[ext] ?? "";
}

/** A picked file as checked: its name, browser type and size, and its first bytes once read. */
export type PickedFile = { type: string; name: string; size: number; head?: Uint8Array };

/** The picked files with their first bytes, so their type is judged by content (pickProblem). */
export async function withHeads(files: readonly File[]): Promise<(PickedFile & { file: File })[]> {
  return Promise.all(
    files.map(async (file) => ({
      file,
      type: file.type,
      name: file.name,
      size: file.size,
      head: new Uint8Array(await file.slice(0, MEDIA_SNIFF_BYTES).arrayBuffer()),
    })),
  );
}

/**
 * Whether `picked` may join the attachments already there: each file's type (by its content
 * when its first bytes are known) and then its kind's limit, all of them within one message's
 * (count and total). The first problem found, or null.
 */
export function pickProblem(current: readonly { size: number }[], picked: readonly PickedFile[]): MediaProblem | null {
  for (const file of picked) {
    const problem = file.head ? pickedFileProblem(pickedType(file), file.head, file.size) : mediaFileProblem(pickedType(file), file.size);
    if (problem) return problem;
  }
  return mediaSetProblem([...current, ...picked].map((f) => f.size));
}

/** Images the browser shows as a thumbnail; anything else is a download chip. */
export function isPreviewable(contentType: string): boolean {
  return contentType === "image/jpeg" || contentType === "image/png" || contentType === "image/gif";
}

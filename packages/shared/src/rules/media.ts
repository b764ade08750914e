/**
 * Attachment limits of the text inbox (spec part 1 §5, part 2 §5 and §9): an image (.jpg, .jpeg,
 * .png) at most 200 KB, a PDF under 600 KB, any other media at most 2 MB, all the attachments of
 * one message together under 20 MB. Sizes count in decimal units (1 KB = 1000 bytes), as the spec
 * formats them. The web checks these before upload; the server checks them again on the bytes,
 * with the type read from the content, never from the name.
 */
export const MEDIA_LIMITS = {
  imageBytes: 200_000,
  /** "Under" 600 KB: 600 000 bytes is already too large. */
  pdfBytesUnder: 600_000,
  mediaBytes: 2_000_000,
  /** "Under" 20 MB for the attachments of one message together. */
  totalBytesUnder: 20_000_000,
  /** Attachments on one message (Twilio accepts 10 media URLs per message). */
  perMessage: 10,
} as const;

/** Content types accepted from staff, each with the kind whose limit applies. */
export const ACCEPTED_MEDIA_TYPES = {
  "image/jpeg": "image",
  "image/png": "image",
  "application/pdf": "pdf",
  "image/gif": "media",
  "video/mp4": "media",
  "video/3gpp": "media",
  "video/quicktime": "media",
  "audio/mpeg": "media",
  "audio/mp4": "media",
  "audio/ogg": "media",
  "audio/amr": "media",
  "audio/wav": "media",
} as const;

export type AcceptedMediaType = keyof typeof ACCEPTED_MEDIA_TYPES;
export type MediaKind = (typeof ACCEPTED_MEDIA_TYPES)[AcceptedMediaType];

export type MediaProblem =
  "error.image-size" | "error.pdf-size" | "error.media-size" | "error.media-type" | "error.limit-size" | "error.too-many";

export function isAcceptedMediaType(contentType: string): contentType is AcceptedMediaType {
  return Object.hasOwn(ACCEPTED_MEDIA_TYPES, contentType);
}

/** The kind whose limit applies, or null when the type is not accepted. */
export function mediaKindOf(contentType: string): MediaKind | null {
  return isAcceptedMediaType(contentType) ? ACCEPTED_MEDIA_TYPES[contentType] : null;
}

/** What is wrong with one file of this type and size, or null when it may be sent. */
export function mediaFileProblem(contentType: string, size: number): MediaProblem | null {
  switch (mediaKindOf(contentType)) {
    case "image":
      return size > MEDIA_LIMITS.imageBytes ? "error.image-size" : null;
    case "pdf":
      return size >= MEDIA_LIMITS.pdfBytesUnder ? "error.pdf-size" : null;
    case "media":
      return size > MEDIA_LIMITS.mediaBytes ? "error.media-size" : null;
    case null:
      return "error.media-type";
  }
}

/** Bytes enough to recognise an image or a PDF by its content. */
export const MEDIA_SNIFF_BYTES = 16;

const startsWith = (head: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => head[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The image or PDF type that a file's first bytes show (their signatures: JPEG, PNG, GIF,
 * %PDF-), or null. Other media (audio, video) have many container shapes: the server's reader
 * judges those.
 */
export function documentTypeOfContent(head: Uint8Array): "image/jpeg" | "image/png" | "image/gif" | "application/pdf" | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"))) return "image/gif";
  if (startsWith(head, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/**
 * A picked file's problem, its type judged by its content before its size: a file whose name
 * or browser type says image or PDF but whose bytes are not one cannot be sent
 * (error.media-type), however large — not "this image is too large" (issue 15 §9).
 */
export function pickedFileProblem(claimedType: string, head: Uint8Array, size: number): MediaProblem | null {
  const byContent = documentTypeOfContent(head);
  const claimedDocument = claimedType.startsWith("image/") || claimedType === "application/pdf";
  if (byContent === null && claimedDocument) return "error.media-type";
  return mediaFileProblem(byContent ?? claimedType, size);
}

/** What is wrong with the attachments of one message taken together, or null. */
export function mediaSetProblem(sizes: readonly number[]): MediaProblem | null {
  if (sizes.length > MEDIA_LIMITS.perMessage) return "error.too-many";
  const total = sizes.reduce((sum, s) => sum + s, 0);
  return total >= MEDIA_LIMITS.totalBytesUnder ? "error.limit-size" : null;
}

/** The largest file any kind accepts: the upload stream stops reading past it. */
export const MEDIA_UPLOAD_MAX_BYTES = Math.max(MEDIA_LIMITS.imageBytes, MEDIA_LIMITS.pdfBytesUnder, MEDIA_LIMITS.mediaBytes);

/** Bytes in decimal units with one decimal at most: 200 000 → "200 Ko" / "200 KB". */
export function formatBytes(bytes: number, locale: string): string {
  const fr = locale.startsWith("fr");
  const units = fr ? ["o", "Ko", "Mo", "Go"] : ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${text} ${units[unit]}`;
}

import { describe, expect, it } from "vitest";
import {
  ACCEPTED_MEDIA_TYPES,
  MEDIA_LIMITS,
  MEDIA_UPLOAD_MAX_BYTES,
  formatBytes,
  mediaFileProblem,
  mediaKindOf,
  mediaSetProblem,
  documentTypeOfContent,
  pickedFileProblem,
} from "./media.ts";

describe("one file: each kind within its own limit", () => {
  it("an image (.jpg, .jpeg, .png) is at most 200 KB: 200 000 bytes pass, 200 001 do not", () => {
    for (const type of ["image/jpeg", "image/png"]) {
      expect(mediaFileProblem(type, 200_000)).toBeNull();
      expect(mediaFileProblem(type, 200_001)).toBe("error.image-size");
    }
  });

  it("a PDF is under 600 KB: 599 999 bytes pass, 600 000 do not", () => {
    expect(mediaFileProblem("application/pdf", 599_999)).toBeNull();
    expect(mediaFileProblem("application/pdf", 600_000)).toBe("error.pdf-size");
  });

  it("other media are at most 2 MB: 2 000 000 bytes pass, 2 000 001 do not", () => {
    for (const type of ["video/mp4", "audio/mpeg", "image/gif", "video/quicktime"]) {
      expect(mediaFileProblem(type, 2_000_000)).toBeNull();
      expect(mediaFileProblem(type, 2_000_001)).toBe("error.media-size");
    }
    // A GIF is a media, not an image of the 200 KB kind.
    expect(mediaFileProblem("image/gif", 500_000)).toBeNull();
  });

  it("an empty file of an accepted type passes; any other type is error.media-type whatever its size", () => {
    expect(mediaFileProblem("image/png", 0)).toBeNull();
    for (const type of ["", "text/plain", "text/html", "application/zip", "image/svg+xml", "application/octet-stream", "IMAGE/PNG"]) {
      expect(mediaFileProblem(type, 10)).toBe("error.media-type");
    }
  });

  it("knows the kind of every accepted type, and no kind for others (inherited keys included)", () => {
    expect(Object.keys(ACCEPTED_MEDIA_TYPES).map(mediaKindOf)).not.toContain(null);
    expect(mediaKindOf("toString")).toBeNull();
    expect(mediaKindOf("__proto__")).toBeNull();
  });

  it("stops reading an upload at the largest limit of any kind", () => {
    expect(MEDIA_UPLOAD_MAX_BYTES).toBe(2_000_000);
    expect(mediaFileProblem("video/mp4", MEDIA_UPLOAD_MAX_BYTES + 1)).toBe("error.media-size");
  });
});

describe("the files of one message together", () => {
  it("none or a few small files pass", () => {
    expect(mediaSetProblem([])).toBeNull();
    expect(mediaSetProblem([200_000, 599_999, 2_000_000])).toBeNull();
  });

  it("10 files pass, 11 are error.too-many", () => {
    expect(mediaSetProblem(Array.from({ length: MEDIA_LIMITS.perMessage }, () => 1000))).toBeNull();
    expect(mediaSetProblem(Array.from({ length: 11 }, () => 1000))).toBe("error.too-many");
  });

  it("the total is under 20 MB: 19 999 999 bytes pass, 20 000 000 do not", () => {
    expect(
      mediaSetProblem([2_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000, 2_000_000, 1_999_999]),
    ).toBeNull();
    expect(mediaSetProblem(Array.from({ length: 10 }, () => 2_000_000))).toBe("error.limit-size");
    expect(mediaSetProblem([19_999_999])).toBeNull();
    expect(mediaSetProblem([20_000_000])).toBe("error.limit-size");
  });

  it("counts files before size: 11 files over 20 MB are error.too-many", () => {
    expect(mediaSetProblem(Array.from({ length: 11 }, () => 2_000_000))).toBe("error.too-many");
  });
});

describe("sizes in decimal units, in the reader's language", () => {
  it("French: o, Ko, Mo, with a decimal comma", () => {
    expect(formatBytes(0, "fr-CA")).toBe("0 o");
    expect(formatBytes(999, "fr-CA")).toBe("999 o");
    expect(formatBytes(1000, "fr-CA")).toBe("1 Ko");
    expect(formatBytes(200_000, "fr-CA")).toBe("200 Ko");
    expect(formatBytes(200_001, "fr-CA")).toBe("200 Ko");
    expect(formatBytes(1_550_000, "fr-CA")).toBe("1,6 Mo");
    expect(formatBytes(20_000_000, "fr-CA")).toBe("20 Mo");
  });

  it("English: B, KB, MB, with a decimal point", () => {
    expect(formatBytes(999, "en-CA")).toBe("999 B");
    expect(formatBytes(599_999, "en-CA")).toBe("600 KB");
    expect(formatBytes(1_250_000, "en-CA")).toBe("1.3 MB");
    expect(formatBytes(2_000_000, "en-CA")).toBe("2 MB");
    expect(formatBytes(3_000_000_000, "en-CA")).toBe("3 GB");
  });
});

describe("a picked file: its type by content before its size", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const text = new TextEncoder().encode("Ceci n'est pas une image");

  it("reads images and PDFs by their signatures", () => {
    expect(documentTypeOfContent(png)).toBe("image/png");
    expect(documentTypeOfContent(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(documentTypeOfContent(new TextEncoder().encode("GIF89a…"))).toBe("image/gif");
    expect(documentTypeOfContent(new TextEncoder().encode("%PDF-1.7"))).toBe("application/pdf");
    expect(documentTypeOfContent(text)).toBeNull();
  });

  it("a 30 MB file named .png that is no image cannot be sent, rather than being too large an image", () => {
    expect(pickedFileProblem("image/png", text, 30_000_000)).toBe("error.media-type");
    expect(pickedFileProblem("application/pdf", text, 10)).toBe("error.media-type");
  });

  it("a real image too large is still too large, whatever its name says", () => {
    expect(pickedFileProblem("image/png", png, 30_000_000)).toBe("error.image-size");
    expect(pickedFileProblem("application/octet-stream", png, 1000)).toBeNull();
    expect(pickedFileProblem("image/png", png, 1000)).toBeNull();
  });

  it("leaves other media to their declared type (the server reads them)", () => {
    expect(pickedFileProblem("video/mp4", new Uint8Array([0, 0, 0, 24]), 2_000_000)).toBeNull();
    expect(pickedFileProblem("video/mp4", new Uint8Array([0, 0, 0, 24]), 2_000_001)).toBe("error.media-size");
  });
});

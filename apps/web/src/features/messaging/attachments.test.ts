import { describe, expect, it } from "vitest";
import { isPreviewable, pickProblem, pickedType } from "./attachments.ts";

const file = (name: string, type: string, size: number) => ({ name, type, size });

describe("checking picked files before upload", () => {
  it("accepts an image of 200 KB, a PDF just under 600 KB, a video of 2 MB", () => {
    expect(pickProblem([], [file("a.png", "image/png", 200_000), file("b.pdf", "application/pdf", 599_999)])).toBeNull();
    expect(pickProblem([], [file("c.mp4", "video/mp4", 2_000_000)])).toBeNull();
  });

  it("names the kind whose limit a file passes", () => {
    expect(pickProblem([], [file("a.jpg", "image/jpeg", 200_001)])).toBe("error.image-size");
    expect(pickProblem([], [file("b.pdf", "application/pdf", 600_000)])).toBe("error.pdf-size");
    expect(pickProblem([], [file("c.mov", "video/quicktime", 2_000_001)])).toBe("error.media-size");
  });

  it("refuses a type the inbox does not send, whatever its name", () => {
    expect(pickProblem([], [file("notes.txt", "text/plain", 10)])).toBe("error.media-type");
    expect(pickProblem([], [file("page.png.html", "text/html", 10)])).toBe("error.media-type");
    expect(pickProblem([], [file("inconnu", "", 10)])).toBe("error.media-type");
  });

  it("judges the type by content before the size: a 30 MB .png that is no image cannot be sent", () => {
    const notImage = new TextEncoder().encode("%!PS-Adobe ceci n'est pas une image");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pickProblem([], [{ ...file("photo.png", "image/png", 30_000_000), head: notImage }])).toBe("error.media-type");
    expect(pickProblem([], [{ ...file("photo.png", "image/png", 30_000_000), head: png }])).toBe("error.image-size");
  });

  it("counts what is already attached: an 11th file, or 20 MB together, is refused", () => {
    const ten = Array.from({ length: 10 }, () => ({ size: 1000 }));
    expect(pickProblem(ten, [file("a.png", "image/png", 1000)])).toBe("error.too-many");
    const nine = Array.from({ length: 9 }, () => ({ size: 2_000_000 }));
    expect(pickProblem(nine, [file("v.mp4", "video/mp4", 2_000_000)])).toBe("error.limit-size");
    expect(pickProblem(nine, [file("v.mp4", "video/mp4", 1_999_999)])).toBeNull();
  });

  it("reads browsers' other names for known types, and the extension when there is no type", () => {
    expect(pickedType(file("a.jpg", "image/jpg", 1))).toBe("image/jpeg");
    expect(pickedType(file("a.m4a", "audio/x-m4a", 1))).toBe("audio/mp4");
    expect(pickedType(file("memo.amr", "", 1))).toBe("audio/amr");
    expect(pickProblem([], [file("memo.AMR", "", 1000)])).toBeNull();
  });

  it("shows JPEG, PNG and GIF as thumbnails, the rest as downloads", () => {
    expect(["image/jpeg", "image/png", "image/gif"].every(isPreviewable)).toBe(true);
    expect(["application/pdf", "video/mp4", "image/heic", "application/octet-stream"].some(isPreviewable)).toBe(false);
  });
});

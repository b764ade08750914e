import { describe, expect, it } from "vitest";
import { MEDIA_LIMITS } from "@relais/shared";
import { attachmentsProblem, bytesToBase64 } from "./attachments.ts";
import { readRemembered, remember } from "./remembered.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
  };
}

describe("attachments of a simulated phone", () => {
  it("accepts an image, a PDF and a video within the shared limits", () => {
    expect(
      attachmentsProblem([
        { type: "image/png", size: MEDIA_LIMITS.imageBytes },
        { type: "application/pdf", size: MEDIA_LIMITS.pdfBytesUnder - 1 },
        { type: "video/mp4", size: MEDIA_LIMITS.mediaBytes },
      ]),
    ).toBeNull();
  });

  it("names the first file's problem: too large an image, a PDF at the limit, an unknown type", () => {
    expect(attachmentsProblem([{ type: "image/jpeg", size: MEDIA_LIMITS.imageBytes + 1 }])).toBe("error.image-size");
    expect(attachmentsProblem([{ type: "application/pdf", size: MEDIA_LIMITS.pdfBytesUnder }])).toBe("error.pdf-size");
    expect(attachmentsProblem([{ type: "text/html", size: 10 }])).toBe("error.media-type");
    expect(attachmentsProblem([{ type: "", size: 10 }])).toBe("error.media-type");
  });

  it("then the set's: too many files", () => {
    const files = Array.from({ length: MEDIA_LIMITS.perMessage + 1 }, () => ({ type: "image/png", size: 10 }));
    expect(attachmentsProblem(files)).toBe("error.too-many");
    expect(attachmentsProblem(files.slice(1))).toBeNull();
  });

  it("encodes bytes as base64, past the size one String.fromCharCode call could take", () => {
    expect(bytesToBase64(new Uint8Array([0, 1, 2, 253, 254, 255]))).toBe("AAEC/f7/");
    const big = new Uint8Array(300_000).map((_, i) => i % 256);
    expect(Buffer.from(bytesToBase64(big), "base64").equals(Buffer.from(big))).toBe(true);
  });
});

describe("what the simulator remembers", () => {
  it("keeps a number in E.164 and forgets it on request", () => {
    const storage = memoryStorage();
    expect(readRemembered("phone", storage)).toBeNull();
    remember("phone", "+14385550123", storage);
    remember("clinic", "+15145550101", storage);
    expect(readRemembered("phone", storage)).toBe("+14385550123");
    expect(readRemembered("clinic", storage)).toBe("+15145550101");
    remember("phone", null, storage);
    expect(readRemembered("phone", storage)).toBeNull();
  });

  it("ignores an entry that is not a number (edited by hand, or from an older version)", () => {
    const storage = memoryStorage();
    storage.setItem("relais.simulator.phone", "514 555-0123");
    expect(readRemembered("phone", storage)).toBeNull();
  });

  it("keeps an address and a team mailbox, and ignores one that is not an address", () => {
    const storage = memoryStorage();
    remember("address", "helene.tremblay@exemple.ca", storage);
    remember("mailbox", "reception@clinique-demo.ca", storage);
    expect(readRemembered("address", storage)).toBe("helene.tremblay@exemple.ca");
    expect(readRemembered("mailbox", storage)).toBe("reception@clinique-demo.ca");
    storage.setItem("relais.simulator.email", "helene.tremblay");
    expect(readRemembered("address", storage)).toBeNull();
    // A number is no address, nor an address a number.
    storage.setItem("relais.simulator.mailbox", "+15145550101");
    storage.setItem("relais.simulator.phone", "helene.tremblay@exemple.ca");
    expect(readRemembered("mailbox", storage)).toBeNull();
    expect(readRemembered("phone", storage)).toBeNull();
  });

  it("works without storage at all", () => {
    expect(readRemembered("phone", null)).toBeNull();
    expect(() => {
      remember("phone", "+14385550123", null);
    }).not.toThrow();
  });
});

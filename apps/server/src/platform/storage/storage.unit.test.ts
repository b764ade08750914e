import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentDisposition, storedFilename } from "./file-names.ts";
import { FileMissingError, createLocalFileStore } from "./file-store.ts";
import { createLinkSigner } from "./signed-links.ts";
import { sniffContentType } from "./sniff.ts";

describe("the local file store", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "relais-store-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("writes, reads back as a stream, replaces and removes a file, leaving no temporary file", async () => {
    const store = createLocalFileStore(root);
    await store.write("org/a", Buffer.from("premier"));
    await store.write("org/a", Buffer.from("second"));
    expect(await text(await store.read("org/a"))).toBe("second");
    expect(await readdir(path.join(root, "org"))).toEqual(["a"]);
    // Readable by the server's user only.
    expect((await stat(path.join(root, "org", "a"))).mode & 0o777).toBe(0o600);
    await store.remove("org/a");
    await store.remove("org/a");
    await expect(store.read("org/a")).rejects.toBeInstanceOf(FileMissingError);
  });

  it("refuses keys that could leave its folder", async () => {
    const store = createLocalFileStore(root);
    for (const key of ["../escape", "org/../../escape", "/etc/passwd", ".hidden", "org/.", "", "a\\b", "org//a"]) {
      await expect(store.write(key, Buffer.from("x")), key).rejects.toThrow(/invalid key/);
    }
    expect(await readdir(root)).toEqual([]);
  });

  it("keeps the bytes exactly", async () => {
    const store = createLocalFileStore(root);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await store.write("org/bin", bytes);
    expect((await readFile(path.join(root, "org", "bin"))).equals(bytes)).toBe(true);
  });
});

describe("signed links", () => {
  const signer = createLinkSigner("un secret assez long pour signer des liens", "media", 3600);
  const id = "6d1f3a52-8a4b-4c1e-9f0a-2b3c4d5e6f70";
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it("a link is valid until its expiry, then expired", () => {
    const { exp, sig } = signer.sign(id, now);
    expect(exp).toBe(now / 1000 + 3600);
    expect(sig).toMatch(/^[\w-]{43}$/);
    expect(signer.verify(id, exp, sig, now)).toBe("valid");
    expect(signer.verify(id, exp, sig, (exp - 1) * 1000)).toBe("valid");
    expect(signer.verify(id, exp, sig, (exp + 1) * 1000)).toBe("expired");
  });

  it("another id, a stretched expiry, a changed signature or another secret or purpose is invalid", () => {
    const { exp, sig } = signer.sign(id, now);
    expect(signer.verify("6d1f3a52-8a4b-4c1e-9f0a-2b3c4d5e6f71", exp, sig, now)).toBe("invalid");
    expect(signer.verify(id, exp + 86_400, sig, now)).toBe("invalid");
    expect(signer.verify(id, exp, `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`, now)).toBe("invalid");
    expect(signer.verify(id, exp, "", now)).toBe("invalid");
    expect(createLinkSigner("un autre secret tout aussi long, mais autre", "media", 3600).verify(id, exp, sig, now)).toBe("invalid");
    expect(createLinkSigner("un secret assez long pour signer des liens", "avatars", 3600).verify(id, exp, sig, now)).toBe("invalid");
    // An expired forgery is still "invalid": the signature is checked first.
    expect(signer.verify(id, 1, sig, now)).toBe("invalid");
  });
});

describe("file names", () => {
  it("keeps a plain or accented name whose extension matches the content", () => {
    expect(storedFilename("Radiographie été.png", "png", "fichier")).toBe("Radiographie été.png");
    expect(storedFilename("photo.JPEG", "jpg", "fichier")).toBe("photo.JPEG");
    expect(storedFilename("son.m4a", "m4a", "fichier")).toBe("son.m4a");
  });

  it("makes the extension match the content, and names a nameless file", () => {
    expect(storedFilename("scan.pdf", "png", "fichier")).toBe("scan.png");
    expect(storedFilename("sans-extension", "pdf", "fichier")).toBe("sans-extension.pdf");
    expect(storedFilename(null, "jpg", "media-1")).toBe("media-1.jpg");
    expect(storedFilename("   ", "png", "fichier")).toBe("fichier.png");
    expect(storedFilename("contact.vcf", null, "media-1.bin")).toBe("contact.vcf");
  });

  it("drops folders and control characters, and cuts a long name keeping its extension", () => {
    expect(storedFilename("C:\\Users\\marie\\photo.png", "png", "f")).toBe("photo.png");
    expect(storedFilename("../../etc/passwd", "png", "f")).toBe("passwd.png");
    expect(storedFilename("a\u0000b\nc.png", "png", "f")).toBe("abc.png");
    expect(storedFilename("..", "png", "fichier")).toBe("fichier.png");
    const long = storedFilename(`${"é".repeat(300)}.pdf`, "pdf", "f");
    expect([...long]).toHaveLength(200);
    expect(long.endsWith("é.pdf")).toBe(true);
  });

  it("writes Content-Disposition with an ASCII fallback and the exact UTF-8 name (RFC 5987)", () => {
    expect(contentDisposition("attachment", "Reçu d'été (1).pdf")).toBe(
      `attachment; filename="Re_u d'_t_ (1).pdf"; filename*=UTF-8''Re%C3%A7u%20d%27%C3%A9t%C3%A9%20%281%29.pdf`,
    );
    expect(contentDisposition("inline", 'a"b\\c%.png')).toBe(`inline; filename="a_b_c_.png"; filename*=UTF-8''a%22b%5Cc%25.png`);
  });
});

describe("content sniffing", () => {
  it("reads the type from the bytes, with Relais's names for M4A and APNG", async () => {
    expect(await sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]))).toEqual({ contentType: "image/jpeg", ext: "jpg" });
    expect(await sniffContentType(Buffer.from("%PDF-1.7\n%âãÏÓ\n"))).toEqual({ contentType: "application/pdf", ext: "pdf" });
    const m4a = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from("ftypM4A "),
      Buffer.alloc(4),
      Buffer.from("M4A mp42isom"),
      Buffer.alloc(8),
    ]);
    expect((await sniffContentType(m4a))?.contentType).toBe("audio/mp4");
  });

  it("knows nothing of text, an empty file or random bytes", async () => {
    expect(await sniffContentType(Buffer.from("<html><script>alert(1)</script></html>"))).toBeNull();
    expect(await sniffContentType(Buffer.alloc(0))).toBeNull();
    expect(await sniffContentType(Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))).toBeNull();
  });
});

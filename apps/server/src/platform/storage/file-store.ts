import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded and received files live (DESIGN §2 platform/storage, §4 "stored outside the web
 * root; served only through an authorised route"). Keys are chosen by the server, never taken
 * from a request. An object store (S3 and the like) can replace the local disk behind this
 * interface without touching its callers.
 */
export interface FileStore {
  /** Stores `bytes` under `key`, atomically: a reader sees the whole file or nothing. */
  write: (key: string, bytes: Uint8Array) => Promise<void>;
  /** The bytes of `key` as a stream; rejects with FileMissingError when there is none. */
  read: (key: string) => Promise<Readable>;
  /** Forgets `key`; a key already gone is not an error. */
  remove: (key: string) => Promise<void>;
}

export class FileMissingError extends Error {
  constructor(readonly key: string) {
    super(`no stored file under ${key}`);
    this.name = "FileMissingError";
  }
}

/** Segments of letters, digits, dot, dash and underscore, none starting with a dot: no "..", no absolute path. */
const KEY = /^[A-Za-z0-9][\w.-]{0,127}(\/[A-Za-z0-9][\w.-]{0,127}){0,7}$/;

/**
 * Files on the local disk under `root` (DATA_DIR/files), readable by the server's user only. A
 * write goes to a temporary file beside its target, is flushed, then renamed over it, so a crash
 * or a concurrent reader never meets half a file.
 */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const pathOf = (key: string): string => {
    if (!KEY.test(key)) throw new Error(`file store: invalid key ${JSON.stringify(key)}`);
    return path.join(base, ...key.split("/"));
  };
  return {
    async write(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      const handle = await open(temp, "wx", 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } catch (err) {
        await handle.close();
        await rm(temp, { force: true });
        throw err;
      }
      await handle.close();
      try {
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async read(key) {
      try {
        // Opened here, not lazily by the stream: a missing file is known before any header goes out.
        const handle = await open(pathOf(key), "r");
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new FileMissingError(key);
        throw err;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

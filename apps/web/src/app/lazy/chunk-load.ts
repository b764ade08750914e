/**
 * Loading a lazy part of the app (a screen group, the shell) without breaking after a deployment.
 *
 * A new deployment removes the old hashed files, so a tab opened before it asks for chunks that
 * no longer exist. The answer is to reload the page once: the fresh index.html names the new
 * files. A sessionStorage mark per part stops a loop when the chunk is missing for another
 * reason (server down, file really gone): the second failure in a row of the same part becomes
 * a ChunkLoadError, which the screen shows with a retry button. A load still pending after the
 * chunk load timeout of spec part 1 §9 (120 s) counts as a failure.
 */

/** Spec part 1 §9: chunk load timeout 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** sessionStorage key holding the parts that already reloaded the page once, as a JSON array. */
export const RELOAD_MARK_KEY = "relais.chunk-reloaded";

/** A lazy part of the app could not be loaded, even after one page reload. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  readonly part: string;

  constructor(part: string, cause: unknown) {
    super(`The "${part}" part of the app could not be loaded`, { cause });
    this.part = part;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Thrown inside loadChunk when a load outlives the timeout. */
class ChunkTimeoutError extends Error {
  override readonly name = "ChunkTimeoutError";
}

/** What loadChunk needs from the browser, replaceable in tests. */
export interface ChunkLoadEnv {
  /** null when the browser refuses storage (then reloads are not remembered: never reload). */
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  reload: () => void;
  timeoutMs: number;
}

function browserStorage(): ChunkLoadEnv["storage"] {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // Storage blocked by the browser's privacy settings.
    return null;
  }
}

function browserEnv(): ChunkLoadEnv {
  return {
    storage: browserStorage(),
    reload: () => window.location.reload(),
    timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
  };
}

function readMarks(storage: NonNullable<ChunkLoadEnv["storage"]>): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RELOAD_MARK_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function writeMarks(storage: NonNullable<ChunkLoadEnv["storage"]>, marks: string[]): boolean {
  try {
    if (marks.length === 0) storage.removeItem(RELOAD_MARK_KEY);
    else storage.setItem(RELOAD_MARK_KEY, JSON.stringify(marks));
    return true;
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkTimeoutError(`Chunk still loading after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs `importer` (a dynamic import of `part`). Success clears the part's reload mark. The first
 * failure (or timeout) marks the part and reloads the page, leaving the returned promise pending
 * while the page goes away; a failure with the mark already set rejects with ChunkLoadError.
 */
export async function loadChunk<T>(part: string, importer: () => Promise<T>, env: ChunkLoadEnv = browserEnv()): Promise<T> {
  try {
    const loaded = await withTimeout(importer(), env.timeoutMs);
    if (env.storage) {
      const marks = readMarks(env.storage);
      if (marks.includes(part)) {
        writeMarks(
          env.storage,
          marks.filter((m) => m !== part),
        );
      }
    }
    return loaded;
  } catch (cause) {
    const storage = env.storage;
    const marks = storage ? readMarks(storage) : [];
    if (!storage || marks.includes(part) || !writeMarks(storage, [...marks, part])) {
      throw new ChunkLoadError(part, cause);
    }
    env.reload();
    return new Promise<T>(() => {
      // Never settles: the page is reloading.
    });
  }
}

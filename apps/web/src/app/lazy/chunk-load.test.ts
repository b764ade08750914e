import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk, RELOAD_MARK_KEY, type ChunkLoadEnv } from "./chunk-load.ts";

function memoryStorage(): NonNullable<ChunkLoadEnv["storage"]> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function env(storage: ChunkLoadEnv["storage"] = memoryStorage()) {
  const reload = vi.fn<() => void>();
  return { storage, reload, timeoutMs: CHUNK_LOAD_TIMEOUT_MS } satisfies ChunkLoadEnv;
}

const missing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /assets/auth-OLD.js"));

/** Whether the promise settled within the microtasks already queued. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("loadChunk", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives the module when the import succeeds, without reloading", async () => {
    const e = env();
    await expect(loadChunk("auth", () => Promise.resolve({ LoginPage: "ok" }), e)).resolves.toEqual({ LoginPage: "ok" });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it("reloads the page once on the first failure and stays pending while the page goes", async () => {
    const storage = memoryStorage();
    const e = env(storage);
    const pending = loadChunk("auth", missing, e);
    expect(await settled(pending)).toBe(false);
    expect(e.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(RELOAD_MARK_KEY) ?? "null")).toEqual(["auth"]);
  });

  it("fails with ChunkLoadError instead of reloading again when the same part fails after the reload", async () => {
    const storage = memoryStorage();
    const first = env(storage);
    void loadChunk("auth", missing, first);
    await vi.advanceTimersByTimeAsync(0);

    // The reloaded page: same sessionStorage, same missing file.
    const second = env(storage);
    const error: unknown = await loadChunk("auth", missing, second).catch((e: unknown) => e);
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).part).toBe("auth");
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError);
    expect(second.reload).not.toHaveBeenCalled();
  });

  it("clears the part's mark once it loads, so a later deployment may reload again", async () => {
    const storage = memoryStorage();
    void loadChunk("auth", missing, env(storage));
    await vi.advanceTimersByTimeAsync(0);
    await loadChunk("auth", () => Promise.resolve("new"), env(storage));
    expect(storage.getItem(RELOAD_MARK_KEY)).toBeNull();

    const later = env(storage);
    expect(await settled(loadChunk("auth", missing, later))).toBe(false);
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it("keeps one reload per part: another part's failure after a reload still reloads once", async () => {
    const storage = memoryStorage();
    void loadChunk("auth", missing, env(storage));
    await vi.advanceTimersByTimeAsync(0);
    // Another part loading fine does not clear the failing part's mark (no reload loop).
    await loadChunk("shell", () => Promise.resolve("ok"), env(storage));
    const again = env(storage);
    await expect(loadChunk("auth", missing, again)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(again.reload).not.toHaveBeenCalled();

    const other = env(storage);
    expect(await settled(loadChunk("conversations", missing, other))).toBe(false);
    expect(other.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(RELOAD_MARK_KEY) ?? "null")).toEqual(["auth", "conversations"]);
  });

  it("counts a load still pending after 120 s as a failure", async () => {
    const e = env();
    const never = () => new Promise<never>(() => {});
    const pending = loadChunk("conversations", never, e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(e.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(e.reload).toHaveBeenCalledTimes(1);
    expect(await settled(pending)).toBe(false);
  });

  it("fails without reloading when the browser refuses session storage (no loop possible)", async () => {
    const e = env(null);
    await expect(loadChunk("auth", missing, e)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(e.reload).not.toHaveBeenCalled();

    const throwing = memoryStorage();
    throwing.setItem = () => {
      throw new Error("QuotaExceededError");
    };
    const e2 = env(throwing);
    await expect(loadChunk("auth", missing, e2)).rejects.toBeInstanceOf(ChunkLoadError);
    expect(e2.reload).not.toHaveBeenCalled();
  });

  it("reads a damaged mark as no mark", async () => {
    const storage = memoryStorage();
    storage.setItem(RELOAD_MARK_KEY, "{not json");
    const e = env(storage);
    expect(await settled(loadChunk("auth", missing, e))).toBe(false);
    expect(e.reload).toHaveBeenCalledTimes(1);
  });
});

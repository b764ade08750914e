import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { rereadQueries } from "./reread.ts";

/** A server whose answers the test releases one by one, each with the value the server holds then. */
function slowServer(initial: string) {
  let value = initial;
  const waiting: (() => void)[] = [];
  const server = {
    /** Requests received so far. */
    reads: 0,
    set(next: string) {
      value = next;
    },
    /** The query function: the value is read when the request arrives, answered when released. */
    read: () => {
      server.reads += 1;
      const seen = value;
      return new Promise<string>((resolve) => waiting.push(() => resolve(seen)));
    },
    releaseAll() {
      for (const release of waiting.splice(0)) release();
    },
  };
  return server;
}

const clients: QueryClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.clear();
});

/** A query on screen (an observer keeps it active), its first read under way. */
function watched(server: ReturnType<typeof slowServer>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const observer = new QueryObserver(queryClient, { queryKey: ["list"], queryFn: server.read });
  const unsubscribe = observer.subscribe(() => undefined);
  return { queryClient, unsubscribe };
}

/** Waits for `work`, answering the server's requests as they come. */
async function answering<T>(server: ReturnType<typeof slowServer>, work: Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    server.releaseAll();
  }, 1);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

describe("rereadQueries", () => {
  it("reads again a first read that left before the change, where invalidateQueries joins it", async () => {
    // What TanStack Query does on its own: the change is missed.
    const before = slowServer("old");
    const plain = watched(before);
    before.set("new");
    await answering(before, plain.queryClient.invalidateQueries({ queryKey: ["list"] }));
    expect(plain.queryClient.getQueryData(["list"])).toBe("old");
    plain.unsubscribe();

    const server = slowServer("old");
    const { queryClient, unsubscribe } = watched(server);
    server.set("new");
    await answering(server, rereadQueries(queryClient, { queryKey: ["list"] }));
    expect(queryClient.getQueryData(["list"])).toBe("new");
    expect(queryClient.getQueryState(["list"])?.status).toBe("success");
    unsubscribe();
  });

  it("follows a first read with one more read however many changes arrive meanwhile", async () => {
    const server = slowServer("v0");
    const { queryClient, unsubscribe } = watched(server);
    const rereads: Promise<void>[] = [];
    for (let i = 1; i <= 5; i += 1) {
      server.set(`v${String(i)}`);
      rereads.push(rereadQueries(queryClient, { queryKey: ["list"] }));
    }
    await answering(server, Promise.all(rereads));
    expect(queryClient.getQueryData(["list"])).toBe("v5");
    // The first read (v0), then one: a burst does not restart the read the screen waits for.
    expect(server.reads).toBe(2);
    unsubscribe();
  });

  it("reads again a query that has data, as invalidateQueries does", async () => {
    const server = slowServer("first");
    const { queryClient, unsubscribe } = watched(server);
    await answering(server, queryClient.fetchQuery({ queryKey: ["list"], queryFn: server.read }));
    expect(queryClient.getQueryData(["list"])).toBe("first");
    server.set("second");
    await answering(server, rereadQueries(queryClient, { queryKey: ["list"] }));
    expect(queryClient.getQueryData(["list"])).toBe("second");
    unsubscribe();
  });
});

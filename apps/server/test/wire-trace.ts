import pg from "pg";

/** Something crossing a PostgreSQL connection: "w" a message written, "r" PostgreSQL ready again. */
export type WireEvent = { connection: unknown; what: "w" | "r"; bytes?: string };

type Methods = Record<string, (...args: unknown[]) => unknown>;

/**
 * Makes `target[name]` tell `record` of each call (and on which object) before it runs; answers
 * the undo.
 */
export function spyOn(target: Methods, name: string, record: (self: unknown, args: unknown[]) => unknown): () => void {
  const original = target[name];
  target[name] = function (this: unknown, ...args: unknown[]) {
    record(this, args);
    return original?.apply(this, args);
  };
  return () => {
    target[name] = original as Methods[string];
  };
}

/**
 * Records, in order, what every pg connection of this process writes and each time PostgreSQL is
 * ready again, until `stop`. Tests count round trips with it (roundTrips).
 */
export function traceWire(): { events: WireEvent[]; stop: () => void } {
  const connection = (pg as unknown as { Connection: { prototype: Methods } }).Connection.prototype;
  const events: WireEvent[] = [];
  const undo = [
    spyOn(connection, "_send", (self, args) => events.push({ connection: self, what: "w", bytes: String(args[0]) })),
    spyOn(connection, "emit", (self, args) => args[0] === "readyForQuery" && events.push({ connection: self, what: "r" })),
  ];
  return { events, stop: () => undo.forEach((restore) => restore()) };
}

/**
 * The round trips of one connection's events: a run of writes followed by the answers they wait
 * for, each as its number of answers.
 */
export function roundTrips(events: readonly WireEvent[]): number[] {
  const trace = events.map((e) => e.what).join("");
  return (trace.match(/w+r+/g) ?? []).map((trip) => trip.replace(/w/g, "").length);
}

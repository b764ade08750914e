// Authenticated /api/realtime sockets, as browser tabs open them: connect, send the auth
// message first, wait for `ready`. Each socket reports the injected texts it receives.
import WebSocket from "ws";
import { MARKER_PREFIX as MARK } from "./stats.mjs";

const CREATED = '"type":"message.created"';
const EVENT_START = '{"position":';

/**
 * Opens one socket per token (a token may appear several times: several tabs of one session),
 * at most `concurrency` handshakes at a time. `onText(id, at)` hears every message.created
 * carrying a benchmark marker, on every socket. Answers the open sockets and a `closed` tally
 * of close codes for sockets that ended while the benchmark still wanted them.
 */
export async function openSockets(base, tokens, { concurrency = 50, onText = () => undefined } = {}) {
  // As the web app asks: the events of one read of the log in one frame (a JSON array).
  const url = `${base.replace(/^http/, "ws")}/api/realtime?frames=batch`;
  const sockets = [];
  const closed = {};
  let next = 0;
  let failed = 0;
  const listener = { onText };
  // When the server's heartbeat pinged these sockets (epoch ms, the first ping of each round),
  // to set beside the slowest texts: a round pinging every socket is work on both sides.
  const pingRounds = [];
  let lastPing = 0;

  const openOne = (token) =>
    new Promise((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      let ready = false;
      ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token })));
      ws.on("message", (data) => {
        if (!ready) {
          if (data.toString().startsWith('{"type":"ready"')) {
            ready = true;
            resolve(ws);
          }
          return;
        }
        // Searched in the raw bytes, no string made: a hundred thousand events a second may
        // arrive here, and this process shares the cores with the server.
        // A frame holds one event or several: each message.created's marker is in its own
        // payload, before the next event starts.
        const at = performance.now();
        for (let created = data.indexOf(CREATED); created !== -1; created = data.indexOf(CREATED, created + 1)) {
          const mark = data.indexOf(MARK, created);
          const next = data.indexOf(EVENT_START, created);
          if (mark === -1 || (next !== -1 && mark > next)) continue;
          listener.onText(Number(data.toString("latin1", mark + MARK.length, data.indexOf("@", mark))), at);
        }
      });
      ws.on("close", (code) => {
        if (!ready) {
          failed++;
          resolve(null);
        } else if (!ws.benchClosing) {
          closed[code] = (closed[code] ?? 0) + 1;
        }
      });
      ws.on("error", () => undefined);
      ws.on("ping", () => {
        const now = Date.now();
        if (now - lastPing > 1_000) pingRounds.push(now);
        lastPing = now;
      });
    });

  const worker = async () => {
    while (next < tokens.length) {
      const ws = await openOne(tokens[next++]);
      if (ws) sockets.push(ws);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    sockets,
    failed,
    closed,
    pingRounds,
    /** Routes the received texts to another listener (each phase has its own book). */
    listen(fn) {
      listener.onText = fn;
    },
    get open() {
      return sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    },
    async close() {
      await Promise.all(
        sockets.map(
          (ws) =>
            new Promise((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.benchClosing = true;
              ws.once("close", resolve);
              ws.close(1000, "bench done");
            }),
        ),
      );
    },
  };
}

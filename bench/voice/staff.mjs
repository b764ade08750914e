// Staff tabs of the voice benchmark: one authenticated /api/realtime socket per person, with the
// presence heartbeat a browser sends and an ack for every call.offer (decision 0021), timing
// the arrival of each offer.
import { randomBytes } from "node:crypto";
import WebSocket from "ws";

const OFFER = '"type":"call.offer"';
/** PRESENCE_HEARTBEAT_MS of packages/shared: a tab silent for 25 s is not offered calls. */
const HEARTBEAT_MS = 10_000;

/**
 * Opens one socket per token, `concurrency` handshakes at a time, each sending its heartbeat
 * until closed. `onOffer(phoneNumber, callId, at)` hears every call.offer on every socket;
 * `onFrame(message, at, ws, index)` every other frame once live (the queue benchmark's events
 * and signalling). `canAnswer: false` is a tab whose person is busy: never offered a call.
 */
export async function openStaffTabs(base, tokens, { concurrency = 20, onOffer = () => undefined, onFrame = null, canAnswer = true }) {
  const url = `${base.replace(/^http/, "ws")}/api/realtime`;
  const tabs = [];
  let failed = 0;
  let next = 0;
  const listener = { onOffer };

  const openOne = (token, index) =>
    new Promise((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const tabId = `bench-${randomBytes(6).toString("hex")}`;
      const beat = () => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ type: "presence", tabId, canAnswer }));
      let state = "auth";
      ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token })));
      ws.on("message", (data) => {
        if (state === "auth") {
          if (data.toString().startsWith('{"type":"ready"')) {
            state = "presence";
            beat();
            ws.heartbeat = setInterval(beat, HEARTBEAT_MS);
          }
          return;
        }
        if (state === "presence") {
          if (data.indexOf('"type":"presence.ok"') !== -1) {
            state = "live";
            resolve(ws);
          }
          return;
        }
        const at = performance.now();
        if (data.indexOf(OFFER) === -1) {
          if (onFrame) onFrame(JSON.parse(data.toString()), at, ws, index);
          return;
        }
        const message = JSON.parse(data.toString());
        if (message.type !== "call.offer") return;
        const { callId, phoneNumber } = message.payload;
        // As a browser: acknowledge at once, so the offer keeps ringing.
        ws.send(JSON.stringify({ type: "call.offer.received", callId, tabId, busy: false }));
        listener.onOffer(phoneNumber, callId, at);
      });
      ws.on("close", () => {
        clearInterval(ws.heartbeat);
        if (state !== "live") {
          failed++;
          resolve(null);
        }
      });
      ws.on("error", () => undefined);
    });

  const worker = async () => {
    while (next < tokens.length) {
      const index = next++;
      const ws = await openOne(tokens[index], index);
      if (ws) tabs.push(ws);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    tabs,
    failed,
    listen(fn) {
      listener.onOffer = fn;
    },
    async close() {
      await Promise.all(
        tabs.map(
          (ws) =>
            new Promise((resolve) => {
              clearInterval(ws.heartbeat);
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.once("close", resolve);
              ws.close(1000, "bench done");
            }),
        ),
      );
    },
  };
}

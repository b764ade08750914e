// bench/voice answer → audio (npm run bench:voice-answer; issue 12 §7): how long after a
// receptionist clicks "Answer" the caller's voice reaches their tab, and theirs the caller, in the
// sandbox carrier. Debian's Chromium (playwright-core, the `calls` Playwright project's fake-media
// flags), the real server in its own process on a fresh embedded PostgreSQL with the demo seeded,
// one phone simulator page and one staff page (Marc), BENCH_ANSWER_CALLS sequential calls.
//
// Measured inside the pages, not over CDP: a capturing click listener on the staff page stamps
// the click (`event.timeStamp`), and each page polls its sandbox peer connection's `getStats()`
// every POLL_MS (the test hook `window.__relaisPeers` of decision 0029) until inbound-rtp audio
// bytes are above 0. Times are `performance.timeOrigin + now`, one clock for every page of this
// browser, so the simulator's first bytes are timed from the staff page's click too. Resolution:
// the poll interval (a first packet is seen up to POLL_MS late, 10 ms on average).
//
// Baseline, same run, same browser: two bare RTCPeerConnections in one page, both sending the
// same fake microphone, offer and answer handed over in the page (no server, no socket, no
// getUserMedia in the timed part): from the answerer's setRemoteDescription(offer) to the first
// inbound audio bytes on each side — the floor of WebRTC setup (ICE, DTLS, first RTP) here.
//
// The web must be built first (npm run build -w @relais/web): the server serves apps/web/dist.
/* global window, document, Element, RTCPeerConnection -- functions run in the pages */
import { existsSync } from "node:fs";
import os from "node:os";
import { chromium } from "playwright-core";
import { fakeVoiceWav } from "../../apps/web/e2e/support/fake-audio.ts";
import { machine, saveResult, startServer } from "../lib.mjs";
import { loadAverage } from "../inbox/proc.mjs";
import { summary } from "../inbox/stats.mjs";

const CALLS = Number(process.env.BENCH_ANSWER_CALLS ?? 50);
const POLL_MS = 20;
const PORT = 3338;
const PG_PORT = 5338;
const PASSWORD = "Relais!2026";
const STAFF = "user@clinique-demo.ca";
const ADMIN = "superadmin@clinique-demo.ca";
const CLINIC = { number: "+15145550101", option: "Réception · (514) 555-0101" };
const PHONE = "+14385559876";
const log = (msg) => console.log(`[voice-answer ${new Date().toISOString().slice(11, 19)}] ${msg}`);

if (!existsSync("apps/web/dist/index.html")) {
  console.error("apps/web/dist is missing: run `npm run build -w @relais/web` first.");
  process.exit(1);
}

/** The Réception takes calls at any hour (the demo's closes at 17:00, Toronto time). */
async function openAllDay(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN, password: PASSWORD }),
  });
  const { jwt } = await login.json();
  const headers = { authorization: `Bearer ${jwt}`, "content-type": "application/json" };
  const teams = await (await fetch(`${base}/api/user-groups`, { headers })).json();
  const team = teams.find((t) => t.phoneNumber === CLINIC.number);
  const week = Array.from({ length: 7 }, (_, day) => ({ day, enabled: true, start: "00:00", end: "23:59", breaks: [] }));
  const res = await fetch(`${base}/api/user-groups/${team.id}`, { method: "PUT", headers, body: JSON.stringify({ schedule: { week } }) });
  if (!res.ok) throw new Error(`team week: ${res.status} ${await res.text()}`);
}

/** Page-side: polls the page's sandbox peers until inbound audio bytes arrive; resolves with that time. */
function firstBytesWatcher() {
  return `(() => {
    const now = () => performance.timeOrigin + performance.now();
    const bytes = async (key) => {
      const peers = window.__relaisPeers ?? {};
      let total = 0;
      for (const [k, pc] of Object.entries(peers)) {
        if (key && k !== key) continue;
        (await pc.getStats()).forEach((r) => { if (r.type === "inbound-rtp" && r.kind === "audio") total += r.bytesReceived ?? 0; });
      }
      return total;
    };
    window.__benchFirstBytes = (key, timeoutMs) => new Promise((resolve) => {
      const started = now();
      const tick = async () => {
        if ((await bytes(key)) > 0) return resolve(now());
        if (now() - started > timeoutMs) return resolve(null);
        setTimeout(tick, ${POLL_MS});
      };
      void tick();
    });
  })()`;
}

async function staffPage(browser, base) {
  const context = await browser.newContext({ baseURL: base, locale: "fr-CA", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/login?lang=fr");
  await page.getByRole("textbox", { name: "Courriel", exact: true }).fill(STAFF);
  await page.getByRole("textbox", { name: "Mot de passe", exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(/\/conversations$/);
  const status = page.getByRole("combobox", { name: "Statut", exact: true });
  if ((await status.inputValue()) !== "En ligne") {
    await status.click();
    await page.getByRole("option", { name: "En ligne" }).click();
  }
  await page.locator("header").getByRole("button", { name: "Prêt pour les appels" }).waitFor({ timeout: 15_000 });
  await page.evaluate(firstBytesWatcher());
  // The click's own time, stamped by the page when the event is dispatched.
  await page.evaluate(() => {
    document.addEventListener(
      "click",
      (event) => {
        if (event.target instanceof Element && event.target.closest("[data-testid=call-offer] button")) {
          window.__benchClickAt = performance.timeOrigin + event.timeStamp;
        }
      },
      true,
    );
  });
  return page;
}

async function simulatorPage(browser, base) {
  const context = await browser.newContext({ baseURL: base, locale: "fr-CA", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto("/simulator");
  await page.getByRole("textbox", { name: "Mon numéro" }).fill(PHONE);
  await page.getByRole("button", { name: "Utiliser" }).click();
  await page.getByRole("combobox", { name: "Numéro de la clinique" }).click();
  await page.getByRole("option", { name: CLINIC.option }).click();
  await page.evaluate(firstBytesWatcher());
  return page;
}

/** One call: the phone calls, Marc answers, both ends wait for audio, the phone hangs up. */
async function oneCall(staff, phone) {
  const call = phone.getByRole("group", { name: "Appel du téléphone simulé" });
  await call.getByRole("button", { name: "Appeler la clinique" }).click();
  const offer = staff.getByTestId("call-offer");
  await offer.waitFor({ timeout: 15_000 });
  await staff.evaluate(() => {
    window.__benchClickAt = null;
  });
  const staffBytes = staff.evaluate(() => window.__benchFirstBytes(null, 15_000));
  const phoneBytes = phone.evaluate(() => window.__benchFirstBytes("phone", 15_000));
  await offer.getByRole("button", { name: "Répondre" }).click();
  const [staffAt, phoneAt] = await Promise.all([staffBytes, phoneBytes]);
  const clickAt = await staff.evaluate(() => window.__benchClickAt);
  await call.getByRole("button", { name: "Raccrocher" }).click();
  await call.getByRole("button", { name: "Appeler la clinique" }).waitFor();
  const own = staff.getByTestId("call-own");
  await own.getByRole("heading", { name: "Appel terminé" }).waitFor();
  await own.getByRole("button", { name: "Fermer" }).click();
  await own.waitFor({ state: "detached" });
  if (clickAt === null || staffAt === null || phoneAt === null) return null;
  return { staffMs: staffAt - clickAt, phoneMs: phoneAt - clickAt };
}

/** The floor: two bare peer connections in one page, `rounds` times. */
async function baseline(browser, base, rounds) {
  const page = await browser.newPage();
  // A page of localhost (a secure context: about:blank has no navigator.mediaDevices).
  await page.goto(`${base}/api/health`);
  return page.evaluate(
    async ({ rounds, pollMs }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const now = () => performance.timeOrigin + performance.now();
      const firstBytes = (pc) =>
        new Promise((resolve) => {
          const tick = async () => {
            let total = 0;
            (await pc.getStats()).forEach((r) => {
              if (r.type === "inbound-rtp" && r.kind === "audio") total += r.bytesReceived ?? 0;
            });
            if (total > 0) resolve(now());
            else setTimeout(tick, pollMs);
          };
          void tick();
        });
      const out = [];
      for (let i = 0; i < rounds; i++) {
        const a = new RTCPeerConnection({ iceServers: [] });
        const b = new RTCPeerConnection({ iceServers: [] });
        for (const track of stream.getAudioTracks()) {
          a.addTrack(track, stream);
          b.addTrack(track, stream);
        }
        a.onicecandidate = (e) => e.candidate && void b.addIceCandidate(e.candidate);
        b.onicecandidate = (e) => e.candidate && void a.addIceCandidate(e.candidate);
        const offer = await a.createOffer();
        await a.setLocalDescription(offer);
        const t0 = now();
        const bFirst = firstBytes(b);
        const aFirst = firstBytes(a);
        await b.setRemoteDescription(offer);
        const answer = await b.createAnswer();
        await b.setLocalDescription(answer);
        await a.setRemoteDescription(answer);
        const [bAt, aAt] = await Promise.all([bFirst, aFirst]);
        out.push({ answererMs: bAt - t0, offererMs: aAt - t0 });
        a.close();
        b.close();
        await new Promise((r) => setTimeout(r, 100));
      }
      for (const track of stream.getTracks()) track.stop();
      return out;
    },
    { rounds, pollMs: POLL_MS },
  );
}

const result = {
  machine: machine(),
  loadAverage: { start: loadAverage() },
  sizes: { calls: CALLS, pollMs: POLL_MS, baselineRounds: CALLS },
  method:
    "Times measured inside the pages: click = the staff page's click event timeStamp; first bytes = first getStats() poll (every pollMs) with inbound-rtp audio bytesReceived > 0; one clock (performance.timeOrigin + now) for every page of the browser. Baseline: two RTCPeerConnections in one page, from the answerer's setRemoteDescription(offer) to first inbound bytes.",
  chromium: null,
};
log(`${CALLS} calls; load average ${JSON.stringify(result.loadAverage.start)}`);
const server = await startServer({
  port: PORT,
  env: { DEV_TOOLS: "true", SEED_DEMO: "true", EMBEDDED_PG_PORT: String(PG_PORT), PUBLIC_URL: `http://localhost:${PORT}` },
});
const base = `http://localhost:${PORT}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${fakeVoiceWav()}`,
  ],
});
try {
  result.chromium = browser.version();
  await openAllDay(base);
  const staff = await staffPage(browser, base);
  const phone = await simulatorPage(browser, base);
  // One call first, not counted: the first call loads the call screens' chunks and warms the server.
  await oneCall(staff, phone);
  const calls = [];
  let failed = 0;
  for (let i = 0; i < CALLS; i++) {
    const r = await oneCall(staff, phone);
    if (r) calls.push(r);
    else failed += 1;
    if ((i + 1) % 10 === 0) log(`${i + 1} calls`);
  }
  const floor = await baseline(browser, base, CALLS);
  result.answerToAudio = {
    staffHearsCallerMs: summary(calls.map((c) => c.staffMs)),
    callerHearsStaffMs: summary(calls.map((c) => c.phoneMs)),
    failedCalls: failed,
  };
  result.baseline = {
    answererFirstBytesMs: summary(floor.map((f) => f.answererMs)),
    offererFirstBytesMs: summary(floor.map((f) => f.offererMs)),
  };
  result.sharedMachine = `server, PostgreSQL and Chromium on the same ${os.cpus().length} cores, shared with other work (see loadAverage)`;
} finally {
  await browser.close();
  result.loadAverage.end = loadAverage();
  await server.stop();
}
await saveResult(process.env.BENCH_RESULT ?? "voice-answer", result);
const row = (label, s) => `| ${label} | ${s.p50} ms | ${s.p99} ms | ${s.max} ms | ${s.count} |`;
console.log(
  [
    "| measure | p50 | p99 | max | n |",
    "|---|--:|--:|--:|--:|",
    row("answer click → staff hears the caller", result.answerToAudio.staffHearsCallerMs),
    row("answer click → caller hears the staff", result.answerToAudio.callerHearsStaffMs),
    row("baseline: bare pair, answerer", result.baseline.answererFirstBytesMs),
    row("baseline: bare pair, offerer", result.baseline.offererFirstBytesMs),
  ].join("\n"),
);

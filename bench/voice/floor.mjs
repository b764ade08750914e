// The floor of bench/inbox (../shared/tools/floor-inbox.mjs), run from here where its packages
// are installed: the least work any design must do to push one event to one organisation's staff.
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, rm } from "node:fs/promises";
import path from "node:path";

const FLOOR_SCRIPT = path.resolve("../shared/tools/floor-inbox.mjs");
const FLOOR_COPY = path.resolve("bench/voice/.floor-inbox.tmp.mjs");

/** One floor run in its own processes; answers its JSON line (p50_ms, p99_ms, delivered…). */
export async function runFloor({ orgs, staff, rate, seconds }) {
  if (!existsSync(FLOOR_SCRIPT)) return { error: `${FLOOR_SCRIPT} not found` };
  await copyFile(FLOOR_SCRIPT, FLOOR_COPY);
  try {
    const child = fork(FLOOR_COPY, [String(orgs), String(staff), String(rate), String(seconds)], {
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    const line = out.split("\n").find((l) => l.startsWith("{"));
    return line ? JSON.parse(line) : { error: `floor exited ${code}: ${out.slice(0, 300)}` };
  } finally {
    await rm(FLOOR_COPY, { force: true });
  }
}

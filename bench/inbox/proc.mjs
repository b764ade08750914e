// What the kernel says about the server and its PostgreSQL: memory, CPU time, load.
import { readFile, readdir, writeFile } from "node:fs/promises";
import os from "node:os";

/** Linux reports CPU times in clock ticks of 1/100 s (USER_HZ) on every common build. */
const TICKS_PER_SECOND = 100;

/** VmRSS of a process, in MiB. */
export async function rssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
async function statFields(pid) {
  try {
    const raw = await readFile(`/proc/${pid}/stat`, "utf8");
    return raw.slice(raw.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** CPU seconds a process used (user + system); with `children`, also its reaped children's. */
export async function cpuSeconds(pid, children = false) {
  const f = await statFields(pid);
  if (!f) return 0;
  // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  const ticks = Number(f[11]) + Number(f[12]) + (children ? Number(f[13]) + Number(f[14]) : 0);
  return ticks / TICKS_PER_SECOND;
}

/**
 * CPU seconds of PostgreSQL: the postmaster, its live backends, and the ones that exited. The
 * postmaster's pid is the first line of postmaster.pid in the data folder.
 */
export async function postgresCpuSeconds(pgDataDir) {
  const postmaster = Number((await readFile(`${pgDataDir}/postmaster.pid`, "utf8")).split("\n")[0]);
  let total = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const f = await statFields(entry);
    if (f && Number(f[1]) === postmaster) total += await cpuSeconds(entry);
  }
  // The postmaster last: a backend that exits meanwhile (the pool closes idle connections) is
  // then in its reaped children's time; read first, it would vanish from both.
  return total + (await cpuSeconds(postmaster, true));
}

/**
 * CPU seconds of a process and of every live process below it, each with its part: the root
 * itself ("server"), PostgreSQL's processes ("postgres"), any other ("loadGenerator"). For the
 * floor, whose script is the server, starts its own PostgreSQL and forks its load generator.
 * Answers a map of pid → { part, seconds }; see cpuSecondsBetween.
 */
export async function processTreeCpu(rootPid) {
  const rows = new Map();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let raw;
    try {
      raw = await readFile(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const f = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
    rows.set(Number(entry), {
      name: raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")")),
      parent: Number(f[1]),
      seconds: (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND,
    });
  }
  const below = (pid) => {
    for (let p = pid; p > 1; p = rows.get(p)?.parent ?? 0) if (p === rootPid) return true;
    return false;
  };
  const tree = new Map();
  for (const [pid, row] of rows) {
    if (!below(pid)) continue;
    const part = pid === rootPid ? "server" : row.name.startsWith("postgres") ? "postgres" : "loadGenerator";
    tree.set(pid, { part, seconds: row.seconds });
  }
  return tree;
}

/**
 * CPU seconds by part between two readings of processTreeCpu: a process born meanwhile counts
 * whole; one gone meanwhile is left out (its time went with it).
 */
export function cpuSecondsBetween(before, after) {
  const parts = { server: 0, postgres: 0, loadGenerator: 0 };
  for (const [pid, now] of after) parts[now.part] += now.seconds - (before.get(pid)?.seconds ?? 0);
  return parts;
}

/** This process (the load generator), in CPU seconds. */
export function ownCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Share of one core each side used between two readings (1.0 = one full core). */
export function coresUsed(before, after, seconds) {
  const share = (k) => Math.round(((after[k] - before[k]) / seconds) * 100) / 100;
  return { server: share("server"), postgres: share("postgres"), loadGenerator: share("loadGenerator") };
}

/** The whole machine's CPU ticks so far, by kind (the first line of /proc/stat). */
export async function machineTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = (await readFile("/proc/stat", "utf8"))
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle, iowait, softirq };
}

/**
 * Cores of the whole machine between two readings, by kind: beside the three processes' own, what
 * they leave unexplained (the kernel's work, other processes) and what stayed idle.
 */
export function machineCoresUsed(before, after, seconds) {
  const cores = (k) => Math.round(((after[k] - before[k]) / TICKS_PER_SECOND / seconds) * 100) / 100;
  return { busy: cores("busy"), idle: cores("idle"), iowait: cores("iowait"), softirq: cores("softirq") };
}

export function loadAverage() {
  const [one, five, fifteen] = os.loadavg().map((v) => Math.round(v * 100) / 100);
  return { one, five, fifteen };
}

let asked = 0;

/** Asks the server's preloaded server-probe.mjs a question ("memory" or "loop") and waits for the answer. */
export async function askServer(pid, file, kind) {
  const seq = String(++asked);
  await writeFile(`${file}.ask`, `${kind} ${seq}`);
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 300; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const answer = await readFile(file, "utf8").then(
      (text) => JSON.parse(text),
      () => null,
    );
    if (answer?.seq === seq) return answer;
  }
  throw new Error(`the server did not answer "${kind}"`);
}

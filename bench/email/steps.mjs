// Pieces of the email benchmark: signing in, connecting a mailbox through the OAuth flow as
// the popup does, the CPU of a process tree (dovecot), the sync's progress in the database.
import { readFile, readdir } from "node:fs/promises";
import pg from "pg";

const TICKS_PER_SECOND = 100;

/**
 * The connection as a team administrator makes it, without the browser: POST /api/oauth2/Gmail
 * answers the provider's page; the local OAuth server (signed in as the mailbox) redirects at
 * once with a code; GET on Relais's callback exchanges it, logs in to IMAP and SMTP, and saves
 * the sealed tokens. Answers the page the popup would land on.
 */
export async function connectMailbox(base, token, oauth, address) {
  const res = await fetch(`${base}/api/oauth2/Gmail`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ inboxEmail: address }),
  });
  if (!res.ok) throw new Error(`authorize ${address}: ${res.status} ${await res.text()}`);
  oauth.signInAs(address);
  const atProvider = await fetch((await res.json()).url, { redirect: "manual" });
  const back = new URL(atProvider.headers.get("location") ?? "");
  const landed = await fetch(`${base}${back.pathname}${back.search}`, { redirect: "manual" });
  const target = landed.headers.get("location");
  if (target !== "/verification/success") throw new Error(`connecting ${address} landed on ${target}`);
  return target;
}

async function stat(pid) {
  try {
    const raw = await readFile(`/proc/${pid}/stat`, "utf8");
    return { comm: raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")")), f: raw.slice(raw.lastIndexOf(")") + 2).split(" ") };
  } catch {
    return null;
  }
}

/** Every live process with its parent, name and CPU ticks (own + reaped children's). */
async function processTable() {
  const table = new Map();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const s = await stat(entry);
    if (!s) continue;
    const ticks = Number(s.f[11]) + Number(s.f[12]) + Number(s.f[13]) + Number(s.f[14]);
    table.set(Number(entry), { ppid: Number(s.f[1]), comm: s.comm, ticks });
  }
  return table;
}

/** The pid of this process's child named `comm` (the dovecot master the mail servers started). */
export async function childNamed(comm) {
  for (const [pid, p] of await processTable()) if (p.ppid === process.pid && p.comm === comm) return pid;
  return null;
}

/**
 * CPU seconds of a process and all its descendants, live ones and the ones already reaped
 * (a live process's reaped children are in its cutime/cstime, never also in the table).
 */
export async function treeCpuSeconds(rootPid) {
  const table = await processTable();
  let ticks = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    const p = table.get(pid);
    if (!p) continue;
    ticks += p.ticks;
    for (const [child, c] of table) if (c.ppid === pid) stack.push(child);
  }
  return ticks / TICKS_PER_SECOND;
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in MiB. */
export async function memoryMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb("VmRSS") / 102.4) / 10, hwm: Math.round(kb("VmHWM") / 102.4) / 10 };
}

/** The owner's view of the mailboxes: cursor and last sync of each. */
export async function mailboxRows(owner) {
  const { rows } = await owner.query(
    `select a.id, a.organization_id, a.address, a.last_uid::bigint::text as last_uid, a.last_synced_at, a.valid, a.failures
     from email_accounts a order by a.address`,
  );
  return rows.map((r) => ({ ...r, last_uid: Number(r.last_uid) }));
}

/** Whether the sync job of this mailbox is queued or running (graphile-worker's table). */
export async function syncJobPending(owner, orgId, accountId) {
  const { rows } = await owner.query("select 1 from graphile_worker._private_jobs where key = $1", [`${orgId}:email-sync:${accountId}`]);
  return rows.length > 0;
}

/** Queues the mailbox's sync job now, as the per-minute cron does (same task, payload and key). */
export async function queueSync(owner, orgId, accountId) {
  await owner.query("begin");
  try {
    await owner.query("select set_config('app.org_id', $1, true)", [orgId]);
    await owner.query("select relais_jobs.add_job('email-sync', $1::json, null, $2, 0)", [
      JSON.stringify({ accountId }),
      `email-sync:${accountId}`,
    ]);
    await owner.query("commit");
  } catch (err) {
    await owner.query("rollback");
    throw err;
  }
}

export function ownerClient(url) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  return client;
}

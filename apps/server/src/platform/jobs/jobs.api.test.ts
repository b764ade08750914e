import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type Tenant, type TestApp } from "../../../test/helpers.ts";
import { givePhones, until } from "../../modules/messaging/messaging-test-kit.ts";
import { request, URL } from "../../modules/scheduled-messages/scheduled-test-kit.ts";
import { readAttempts } from "../../../test/fixtures/file-carrier.ts";

/**
 * The durability of jobs across a crash: a batch of scheduled messages all due at once, the
 * server process killed with SIGKILL in the middle of it, then started again.
 *
 * "Exactly once" is measured at a network that outlives the server: the FileCarrier, which logs
 * every attempt to a file and, like a carrier honouring idempotency keys, takes each key once.
 * Each scheduled message must end with exactly one text in the database (its key derived from the
 * scheduled message) and exactly one text accepted by the network; an attempt repeated after the
 * crash (the carrier took it, the process died before recording its id) is answered as the same
 * text and counted apart, as the redelivery it is.
 */

const ZONE = "America/Toronto";
const N = 120;
const root = path.resolve(import.meta.dirname, "../../../../..");
// tsx's loader in node itself, not the tsx command: SIGKILL must reach the server, not a wrapper.
const tsxLoader = path.join(root, "node_modules/tsx/dist/loader.mjs");
const child = path.join(import.meta.dirname, "../../../test/fixtures/crash-child.ts");

let t: TestApp;
let org: Tenant;
let dir: string;

beforeAll(async () => {
  // No worker in this process: the child servers do the sending.
  t = await createTestApp({ jobs: false });
  org = await t.tenant({ timezone: ZONE });
  await givePhones(t, org);
  dir = mkdtempSync(path.join(os.tmpdir(), "relais-crash-"));
});
/** The servers this file started, stopped whatever happens to the test. */
const started: ChildProcess[] = [];
afterAll(async () => {
  for (const proc of started) if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

function startServer(url: string, carrierFile: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", pathToFileURL(tsxLoader).href, child], {
    env: { ...process.env, CRASH_DATABASE_URL: url, CRASH_CARRIER_FILE: carrierFile, CRASH_SEND_DELAY_MS: "15" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(proc);
  let err = "";
  proc.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    proc.stdout?.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) resolve(proc);
    });
    proc.once("exit", (code) => reject(new Error(`server exited (${code}) before ready: ${err}`)));
  });
}

const exited = (proc: ChildProcess) =>
  new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : proc.once("exit", () => resolve())));

describe("a crash in the middle of a batch", () => {
  it("sends every due message exactly once after a kill -9 and a restart", { timeout: 180_000 }, async () => {
    const token = await t.as(org.users.user);
    for (let i = 0; i < N; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, N - i) }, async (_, k) => {
          const res = await t.request({
            method: "POST",
            url: URL,
            token,
            payload: request(`+1438555${String(1000 + i + k)}`, 30, ZONE, { message: `Lot ${i + k}` }),
          });
          if (res.statusCode !== 201) throw new Error(res.body);
        }),
      );
    }
    // Every message due now, as if the clock had reached their common minute.
    await sql`update scheduled_messages set scheduled_at = now() - interval '30 seconds' where organization_id = ${org.orgId}`.execute(
      t.db.owner,
    );
    await sql`update graphile_worker._private_jobs set run_at = now() where key like ${`${org.orgId}:scheduled:%`}`.execute(t.db.owner);

    // The test's own database, as the owner.
    const { rows } = await sql<{ db: string }>`select current_database() as db`.execute(t.db.owner);
    const url = new globalThis.URL(inject("pgServerUrl"));
    url.pathname = `/${rows[0]?.db}`;
    const carrierFile = path.join(dir, "network.jsonl");

    const first = await startServer(url.toString(), carrierFile);
    await until(async () => readAttempts(carrierFile).length >= N / 4, "a quarter of the batch at the network", 60_000);
    first.kill("SIGKILL");
    await exited(first);
    const atKill = readAttempts(carrierFile).length;
    // The kill landed in the middle of the batch, else this test proves nothing.
    expect(atKill).toBeLessThan(N);
    // PostgreSQL has seen the dead process's connections go before the new one starts.
    await until(
      async () => {
        const r = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'relais-jobs:%'`.execute(
          t.db.owner,
        );
        return r.rows[0]?.n === 0;
      },
      "the killed server's connections closed",
      30_000,
    );

    // Jobs the killed server had taken stay locked by it: the restart must free them (decision 0009).
    const locked = await sql<{
      n: number;
    }>`select count(*)::int as n from graphile_worker._private_jobs where locked_by is not null`.execute(t.db.owner);
    expect(locked.rows[0]?.n).toBeGreaterThan(0);

    const second = await startServer(url.toString(), carrierFile);
    try {
      await until(
        async () => {
          const r = await sql<{ n: number }>`
            select count(*)::int as n from scheduled_messages s join messages m on m.id = s.message_id
            where s.organization_id = ${org.orgId} and s.status = 'queued' and m.carrier_message_id is not null`.execute(t.db.owner);
          return r.rows[0]?.n === N;
        },
        "every scheduled message handed to the network",
        120_000,
      );
    } finally {
      second.kill("SIGTERM");
      await exited(second);
    }

    const texts = await sql<{ key: string; sid: string; to_phone: string }>`
      select idempotency_key as key, carrier_message_id as sid, to_phone from messages
      where organization_id = ${org.orgId} and direction = 'outbound'`.execute(t.db.owner);
    expect(texts.rows).toHaveLength(N);
    expect(new Set(texts.rows.map((r) => r.to_phone)).size).toBe(N);
    const attempts = readAttempts(carrierFile);
    const accepted = attempts.filter((a) => !a.duplicate);
    expect(accepted).toHaveLength(N);
    expect(new Set(accepted.map((a) => a.key)).size).toBe(N);
    // The network's text of each message is the one the database recorded.
    const sidOf = new Map(accepted.map((a) => [a.key, a.sid]));
    for (const r of texts.rows) expect(sidOf.get(r.key), r.key).toBe(r.sid);
  });
});

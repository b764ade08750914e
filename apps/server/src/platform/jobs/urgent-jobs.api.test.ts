import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import { startJobs, urgentTask, type Jobs } from "./jobs.ts";

/**
 * Urgent jobs (a staff member's text, a ringing call's timers) on a runner of their own: a burst
 * of other jobs that fills every worker and the local queue does not delay them.
 */

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let jobs: Jobs | null = null;

beforeAll(async () => {
  // No worker in the app: this file starts its own, with tasks of its own.
  t = await createTestApp({ jobs: false });
});
afterAll(async () => {
  await jobs?.stop();
  await t.close();
});

const addJob = (task: string, payload: object) =>
  sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json)`.execute(t.db.owner);

describe("urgent jobs", () => {
  it("run at once while a burst of other jobs holds every worker and the local queue", async () => {
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const started: number[] = [];
    let finished = 0;
    const urgentRan: string[] = [];
    jobs = await startJobs(
      { connectionString: t.databaseUrl, concurrency: 2, urgentConcurrency: 1, localQueueSize: 10, pollIntervalMs: 200 },
      {
        "test-bulk": async (payload) => {
          started.push((payload as { n: number }).n);
          await gate;
          finished += 1;
        },
        "test-urgent": urgentTask(async (payload) => {
          urgentRan.push((payload as { name: string }).name);
        }),
      },
      quiet,
    );
    try {
      for (let n = 0; n < 30; n++) await addJob("test-bulk", { n });
      // Both workers are stuck on the burst, and more of it waits locked in the local queue.
      await expect.poll(() => started.length, { timeout: 10_000 }).toBe(2);

      await addJob("test-urgent", { name: "ring-timeout" });
      await expect.poll(() => urgentRan, { timeout: 5_000 }).toEqual(["ring-timeout"]);
      expect(finished).toBe(0);
    } finally {
      openGate();
    }
    // The burst then runs to its end.
    await expect.poll(() => finished, { timeout: 20_000 }).toBe(30);
  });
});

import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { apiSuite } from "../../test/helpers.ts";
import { TEST_APP_PASSWORD } from "../../test/app-password.ts";
import { appUrlFor } from "./app-login.ts";
import { createDatabase } from "./database.ts";

/** The app pool's connections: opened at start, kept once opened (decision 0056). */

const { t } = apiSuite({ tenants: 0 });

describe("the app pool", () => {
  it("keeps its connections open while idle, past pg's default of 10 s", { timeout: 30_000 }, async () => {
    const db = createDatabase(t.databaseUrl, { appUrl: appUrlFor(t.databaseUrl, TEST_APP_PASSWORD), appPoolSize: 3 });
    // Three at once, each held a moment, so the pool opens three connections.
    const backends = async () =>
      new Set(
        await Promise.all(
          [1, 2, 3].map(
            async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db.app)).rows[0]?.pid,
          ),
        ),
      );
    try {
      const opened = await backends();
      expect(opened.size).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      // The same three backends answer: none was closed and opened again.
      expect(await backends()).toEqual(opened);
    } finally {
      await db.close();
    }
  });

  it("opens every connection at start when warmed, so the first requests find them open", async () => {
    const db = createDatabase(t.databaseUrl, { appUrl: appUrlFor(t.databaseUrl, TEST_APP_PASSWORD), appPoolSize: 3 });
    try {
      expect(await db.warm()).toBe(3);
      const warmedAt = (await sql<{ at: Date }>`select clock_timestamp() as at`.execute(db.owner)).rows[0]?.at;
      // Three requests at once: each on a connection started before they came, none opened for them.
      const started = await Promise.all(
        [1, 2, 3].map(
          async () =>
            (
              await sql<{
                pid: number;
                started: Date;
              }>`select pid, backend_start as started, pg_sleep(0.05) from pg_stat_activity where pid = pg_backend_pid()`.execute(db.app)
            ).rows[0],
        ),
      );
      expect(new Set(started.map((s) => s?.pid)).size).toBe(3);
      for (const s of started) expect(s?.started.getTime()).toBeLessThan(warmedAt?.getTime() ?? 0);
    } finally {
      await db.close();
    }
  });
});

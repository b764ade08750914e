import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { apiSuite } from "../../test/helpers.ts";
import { TEST_APP_PASSWORD } from "../../test/app-password.ts";
import { appUrlFor } from "./app-login.ts";
import { createDatabase } from "./database.ts";

/** The app pool's connections once opened (decision 0056). */

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
});

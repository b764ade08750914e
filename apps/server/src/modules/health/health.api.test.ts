import { describe, expect, it } from "vitest";
import pg from "pg";
import { sql } from "kysely";
import { inject } from "vitest";
import { APP_VERSION } from "@relais/shared";
import { apiSuite, createTestApp } from "../../../test/helpers.ts";

const { t } = apiSuite({ tenants: 0 });

describe("GET health", () => {
  it("answers 200 without a token, with the database reachable and the version", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: true, version: APP_VERSION });
    expect(res.headers["x-request-id"]).toEqual(expect.any(String));
  });

  it("answers 503 with database false while the database refuses connections, and 200 once it is back", async () => {
    // An app of its own: its database is cut off under it, the operator's view of an outage.
    const down = await createTestApp();
    const admin = new pg.Client({ connectionString: inject("pgServerUrl") });
    await admin.connect();
    try {
      await down.app.ready();
      const name = (await sql<{ db: string }>`select current_database() as db`.execute(down.db.owner)).rows[0]?.db ?? "";
      expect(name).not.toBe("");
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [name]);
      const res = await down.request({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "degraded", database: false, version: APP_VERSION });

      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      const back = await down.request({ method: "GET", url: "/api/health" });
      expect(back.statusCode).toBe(200);
      expect(back.json().database).toBe(true);
    } finally {
      await admin.end();
      await down.close();
    }
  });
});

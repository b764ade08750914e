import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, unixSocketDirFor, type EmbeddedDatabase } from "./embedded.ts";

/** The embedded PostgreSQL of `npm start`: reached through its Unix socket (decision 0059). */

let dir: string;
let embedded: EmbeddedDatabase;
const port = 20000 + (process.pid % 5000);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "relais-embedded-"));
  // PostgreSQL runs as the postgres user when the tests run as root: it must reach the folder.
  await chmod(dir, 0o755);
  embedded = await startEmbeddedPostgres({
    dir: path.join(dir, "pg"),
    port,
    settings: [
      ["shared_preload_libraries", "pg_stat_statements"],
      ["work_mem", "7MB"],
    ],
  });
}, 60_000);

afterAll(async () => {
  await embedded?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function clientAddress(connectionString: string): Promise<string | null> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<{ addr: string | null }>("select inet_client_addr()::text as addr")).rows[0]?.addr ?? null;
  } finally {
    await client.end();
  }
}

describe("the embedded PostgreSQL", () => {
  it("is reached through the Unix socket in its data folder, and still listens on 127.0.0.1", async () => {
    expect(decodeURIComponent(new URL(embedded.url).hostname)).toBe(path.join(dir, "pg"));
    // No client address: the connection came through the socket, not TCP.
    expect(await clientAddress(embedded.url)).toBeNull();
    expect(await clientAddress(`postgres://postgres:relais@127.0.0.1:${port}/postgres`)).toBe("127.0.0.1/32");
  });

  it("starts with the settings it is given (EMBEDDED_PG_SETTINGS), a library to preload included", async () => {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    try {
      expect((await client.query<{ work_mem: string }>("show work_mem")).rows[0]?.work_mem).toBe("7MB");
      // pg_stat_statements answers only when the server preloaded it.
      await client.query("create extension if not exists pg_stat_statements");
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_statements");
      expect(rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it("keeps to TCP where the socket's path would be too long for the kernel", () => {
    expect(unixSocketDirFor("/tmp/relais/pg", 5432)).toBe("/tmp/relais/pg");
    const deep = `/srv/${"cabinet-dentaire-".repeat(5)}/data/pg`;
    expect(path.join(deep, ".s.PGSQL.5432.lock").length).toBeGreaterThan(107);
    expect(unixSocketDirFor(deep, 5432)).toBeUndefined();
  });
});

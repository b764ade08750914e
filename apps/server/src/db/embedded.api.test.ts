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
  embedded = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port });
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

  it("keeps to TCP where the socket's path would be too long for the kernel", () => {
    expect(unixSocketDirFor("/tmp/relais/pg", 5432)).toBe("/tmp/relais/pg");
    const deep = `/srv/${"cabinet-dentaire-".repeat(5)}/data/pg`;
    expect(path.join(deep, ".s.PGSQL.5432.lock").length).toBeGreaterThan(107);
    expect(unixSocketDirFor(deep, 5432)).toBeUndefined();
  });
});

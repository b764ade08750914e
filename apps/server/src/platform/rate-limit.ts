import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { AppError } from "./errors.ts";

export type Limit = { max: number; windowSeconds: number };

/**
 * Fixed-window counters in PostgreSQL, so that every server process behind a load balancer
 * counts the same attempts. One upsert per hit; rows of past windows are reset in place.
 */
export type RateLimiter = {
  /** Counts one attempt under `key`; throws 429 error.throttle with the seconds to wait when over. */
  hit: (key: string, limit: Limit) => Promise<void>;
  /** Throws 429 when `key` is already over its limit, without counting. */
  check: (key: string, limit: Limit) => Promise<void>;
  reset: (key: string) => Promise<void>;
};

export function createRateLimiter(db: Db, factor = 1): RateLimiter {
  const scaled = (limit: Limit) => Math.max(1, Math.round(limit.max * factor));
  const throttle = (windowStart: Date, limit: Limit) => {
    const retry = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000));
    return new AppError("error.throttle", 429, { retry });
  };
  return {
    async hit(key, limit) {
      const window = `${limit.windowSeconds} seconds`;
      const row = await sql<{ hits: number; window_start: Date }>`
        INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN 1 ELSE rate_limits.hits + 1 END,
          window_start = CASE WHEN rate_limits.window_start <= now() - ${window}::interval THEN now() ELSE rate_limits.window_start END
        RETURNING hits, window_start
      `.execute(db);
      const r = row.rows[0];
      if (r && r.hits > scaled(limit)) throw throttle(r.window_start, limit);
    },
    async check(key, limit) {
      const row = await db
        .selectFrom("rate_limits")
        .select(["hits", "window_start"])
        .where("key", "=", key)
        .where(sql<boolean>`window_start > now() - ${`${limit.windowSeconds} seconds`}::interval`)
        .executeTakeFirst();
      if (row && row.hits >= scaled(limit)) throw throttle(row.window_start, limit);
    },
    async reset(key) {
      await db.deleteFrom("rate_limits").where("key", "=", key).execute();
    },
  };
}

/** The limits of issue 2 §3: per account and per address, for sign-in and password reset. */
export const LIMITS = {
  loginFailuresPerAccount: { max: 5, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 30, windowSeconds: 5 * 60 },
  refreshPerAddress: { max: 120, windowSeconds: 60 },
  resetPerAccount: { max: 3, windowSeconds: 60 * 60 },
  resetPerAddress: { max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

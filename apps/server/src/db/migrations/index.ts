import type { Migration } from "kysely";
import * as m0001 from "./0001_platform.ts";
import * as m0002 from "./0002_events.ts";
import * as m0003 from "./0003_messaging.ts";

/**
 * Every migration, in order. Forward-only: a landed migration is never edited; a change is a
 * new numbered file added here.
 */
export const migrations: Record<string, Migration> = {
  "0001_platform": m0001,
  "0002_events": m0002,
  "0003_messaging": m0003,
};

import type { Migration } from "kysely";
import * as m0001 from "./0001_platform.ts";
import * as m0002 from "./0002_events.ts";
import * as m0003 from "./0003_messaging.ts";
import * as m0004 from "./0004_media.ts";
import * as m0005 from "./0005_sentiment_and_short_links.ts";
import * as m0006 from "./0006_automatic_texts.ts";
import * as m0007 from "./0007_contacts.ts";

/**
 * Every migration, in order. Forward-only: a landed migration is never edited; a change is a
 * new numbered file added here.
 */
export const migrations: Record<string, Migration> = {
  "0001_platform": m0001,
  "0002_events": m0002,
  "0003_messaging": m0003,
  "0004_media": m0004,
  "0005_sentiment_and_short_links": m0005,
  "0006_automatic_texts": m0006,
  "0007_contacts": m0007,
};

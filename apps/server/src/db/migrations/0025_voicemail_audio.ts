import { sql, type Kysely } from "kysely";

/**
 * A voicemail's audio is an audio file like a greeting's (issue 13 §3, decision 0039): same
 * store, same measured length, a purpose of its own so the sweep of unused greeting uploads
 * never removes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audio_assets DROP CONSTRAINT audio_assets_purpose_check;
    ALTER TABLE audio_assets ADD CONSTRAINT audio_assets_purpose_check CHECK (purpose IN ('greeting', 'voicemail'));
  `.execute(db);
}

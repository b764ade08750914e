import { sql, type Kysely } from "kysely";

/**
 * A voicemail's audio is an audio file like a greeting's (issue 13 §3, decision 0039): same
 * store, same measured length, a purpose of its own so the sweep of unused greeting uploads
 * never removes it, and the call it was left on (one voicemail per call).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE audio_assets DROP CONSTRAINT audio_assets_purpose_check;
    ALTER TABLE audio_assets ADD CONSTRAINT audio_assets_purpose_check CHECK (purpose IN ('greeting', 'voicemail'));
    ALTER TABLE audio_assets ADD COLUMN call_id uuid REFERENCES calls(id) ON DELETE CASCADE;
    ALTER TABLE audio_assets ADD CONSTRAINT audio_assets_voicemail_call CHECK ((purpose = 'voicemail') = (call_id IS NOT NULL));
    CREATE UNIQUE INDEX audio_assets_call_unique ON audio_assets (call_id) WHERE call_id IS NOT NULL;
  `.execute(db);
}

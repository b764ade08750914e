import { sql, type Kysely } from "kysely";

/**
 * Voice settings (issue 13 §2–§3, VOICE.md §3, decision 0037).
 *
 * - audio_assets: a stored audio file (mp3 or wav, typed by its bytes) with the length the server
 *   computed from them: a greeting's uploaded or recorded audio. The
 *   bytes live in the file store under `storage_key`, never under a client's name.
 * - greetings: one per team and period (OPEN, CLOSE, BREAK, VACATION), or per organisation when
 *   `team_id` is null (the default a team without its own falls back on). FILE and RECORDING
 *   play their audio, TTS has the carrier speak its text; the other kind's content is kept so a
 *   person switching back finds it.
 * - transfer_extensions: outside numbers a call can be passed to, with 0 to 3 digits dialled
 *   after the far end answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audio_assets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      -- What the file is for; a greeting's today (a voicemail's audio may join it later).
      purpose text NOT NULL CHECK (purpose IN ('greeting')),
      content_type text NOT NULL CHECK (content_type IN ('audio/mpeg', 'audio/wav')),
      size integer NOT NULL CHECK (size > 0),
      duration_ms integer NOT NULL CHECK (duration_ms >= 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text NOT NULL,
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audio_assets_org_idx ON audio_assets (organization_id, created_at);

    CREATE TABLE greetings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid REFERENCES teams(id) ON DELETE CASCADE,
      period text NOT NULL CHECK (period IN ('OPEN', 'CLOSE', 'BREAK', 'VACATION')),
      kind text NOT NULL CHECK (kind IN ('FILE', 'TTS', 'RECORDING')),
      enabled boolean NOT NULL DEFAULT false,
      text text CHECK (length(text) <= 1000),
      language text CHECK (language IN ('fr-CA', 'en-CA')),
      audio_id uuid REFERENCES audio_assets(id) ON DELETE RESTRICT,
      updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- The kind chosen has its content: audio to play, or text and language to speak.
      CHECK (CASE WHEN kind = 'TTS' THEN text IS NOT NULL AND btrim(text) <> '' AND language IS NOT NULL ELSE audio_id IS NOT NULL END)
    );
    CREATE UNIQUE INDEX greetings_team_key ON greetings (organization_id, team_id, period) WHERE team_id IS NOT NULL;
    CREATE UNIQUE INDEX greetings_default_key ON greetings (organization_id, period) WHERE team_id IS NULL;
    CREATE INDEX greetings_audio_idx ON greetings (organization_id, audio_id) WHERE audio_id IS NOT NULL;

    CREATE TABLE transfer_extensions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (btrim(name) <> '' AND length(name) <= 80),
      phone_number text NOT NULL CHECK (phone_number ~ '^\\+[1-9][0-9]{10,14}$'),
      extension text NOT NULL DEFAULT '' CHECK (extension ~ '^[0-9]{0,3}$'),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX transfer_extensions_name_key ON transfer_extensions (organization_id, lower(name));
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["audio_assets", "greetings", "transfer_extensions"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }

  // A carrier fetching a greeting by its signed link holds no session: this answers which
  // organisation owns an audio file, through relais_login's narrow policy and column grant (as 0018).
  await sql`
    CREATE POLICY audio_owner_lookup ON audio_assets FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id) ON audio_assets TO relais_login;
    CREATE FUNCTION relais_audio_organization(asset uuid)
    RETURNS uuid
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT organization_id FROM audio_assets WHERE id = asset
    $$;
    ALTER FUNCTION relais_audio_organization(uuid) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_audio_organization(uuid) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_audio_organization(uuid) TO relais_app;
  `.execute(db);
}

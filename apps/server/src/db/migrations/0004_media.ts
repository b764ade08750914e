import { sql, type Kysely } from "kysely";

/**
 * Media (MMS) of the text inbox: one row per stored file. The bytes live in the file store
 * (platform/storage, outside the web root) under `storage_key`; the row says what they are, read
 * from the content, never from the name.
 *
 * A file is uploaded first (message_id NULL, visible to its uploader only), then attached to the
 * outbound message that sends it; an inbound file is attached as soon as it is stored. Deleting a
 * message (or its thread) deletes its rows.
 *
 * The carrier (Twilio fetching a MediaUrl) and the phone simulator read a file through a signed
 * public link that names no tenant, so one SECURITY DEFINER function, owned by relais_login like
 * those of 0001 and 0003, answers only "which organisation owns media X".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media_files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      -- NULL for a file a contact sent.
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      message_id uuid REFERENCES messages(id) ON DELETE CASCADE,
      position smallint CHECK (position >= 0),
      content_type text NOT NULL CHECK (content_type ~ '^[a-z0-9.+-]+/[a-z0-9.+-]+$'),
      size integer NOT NULL CHECK (size >= 0),
      filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- Attached files have a place in their message; unattached ones have none.
      CHECK ((message_id IS NULL) = (position IS NULL))
    );
    -- Also the lookup of the cascade when an organisation is deleted.
    CREATE INDEX media_files_org_idx ON media_files (organization_id, created_at);
    -- A message's files in order, for a page of messages at once; also the cascade's lookup
    -- (message ids are unique across organisations, so the organisation need not lead here).
    CREATE UNIQUE INDEX media_files_message_idx ON media_files (message_id, position) WHERE message_id IS NOT NULL;
    -- Uploads not sent yet: the sweep of abandoned uploads reads these.
    CREATE INDEX media_files_unattached_idx ON media_files (organization_id, created_at) WHERE message_id IS NULL;

    ALTER TABLE media_files ENABLE ROW LEVEL SECURITY;
    ALTER TABLE media_files FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON media_files
      USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
      WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
  `.execute(db);

  // The signed public link names a media id and no tenant: this function answers only its
  // organisation, reading through relais_login's narrow policy and column grant.
  await sql`
    CREATE POLICY media_lookup ON media_files FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id) ON media_files TO relais_login;
    CREATE FUNCTION relais_media_owner(p_id uuid)
    RETURNS TABLE (organization_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT organization_id FROM media_files WHERE id = p_id
    $$;
    ALTER FUNCTION relais_media_owner(uuid) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_media_owner(uuid) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_media_owner(uuid) TO relais_app;
  `.execute(db);
}

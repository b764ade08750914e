import { sql, type Kysely } from "kysely";

/**
 * Team email (issue 14, EMAIL.md, decisions 0023–0025): the mailbox a team connected, the OAuth
 * authorisations under way, each email read or sent with its threading headers, and their files.
 *
 * - email_accounts: one mailbox per team. The provider's tokens are never stored in clear: they
 *   are sealed with AES-256-GCM under a data key of the row, itself sealed under the key the
 *   environment names by `key_id` (rotation: a new key id seals new rows, old ones still open).
 *   The sync cursor (UIDVALIDITY, last UID) lives on the row, moved in the sync's transaction.
 * - email_oauth_states: an authorisation started and not yet answered; only a hash of the state
 *   is kept, with the PKCE verifier and the nonce, for ten minutes, and used once.
 * - email_messages: an email of a mailbox, by its Message-ID (unique per mailbox, so a message
 *   delivered or read twice is stored once). `message_id` is the message in the contact's thread;
 *   null while the sender is no contact of the organisation (listed for the team, never dropped).
 * - email_attachments: the files of an email, typed by their bytes, with their hash, and the
 *   address they came from or went to: served only while the contact's email is still that one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('Gmail', 'Outlook', 'Sandbox')),
      address text NOT NULL CHECK (address = lower(address) AND address LIKE '%_@_%'),
      key_id text NOT NULL CHECK (key_id ~ '^[A-Za-z0-9._-]{1,40}$'),
      wrapped_key bytea NOT NULL,
      sealed_tokens bytea NOT NULL,
      scopes text NOT NULL DEFAULT '',
      access_expires_at timestamptz,
      valid boolean NOT NULL DEFAULT true,
      invalid_reason text,
      uid_validity bigint,
      last_uid bigint NOT NULL DEFAULT 0,
      last_synced_at timestamptz,
      -- Network failures in a row, and when the next try may start (back-off only, never invalid).
      failures integer NOT NULL DEFAULT 0,
      retry_after timestamptz,
      connected_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (valid OR invalid_reason IS NOT NULL)
    );
    CREATE UNIQUE INDEX email_accounts_team_key ON email_accounts (organization_id, team_id);
    CREATE UNIQUE INDEX email_accounts_address_key ON email_accounts (organization_id, address);

    CREATE TABLE email_oauth_states (
      state_hash text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('Gmail', 'Outlook')),
      inbox_email text NOT NULL CHECK (inbox_email = lower(inbox_email)),
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (expires_at > created_at)
    );
    CREATE INDEX email_oauth_states_expiry_idx ON email_oauth_states (organization_id, expires_at);

    CREATE TABLE email_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      team_id uuid NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
      -- The team's address when it was read or sent: a disconnected mailbox keeps its history.
      mailbox text NOT NULL CHECK (mailbox = lower(mailbox)),
      account_id uuid REFERENCES email_accounts(id) ON DELETE SET NULL,
      message_id uuid REFERENCES messages(id) ON DELETE CASCADE,
      direction text NOT NULL CHECK (direction IN ('inbound', 'outbound')),
      header_message_id text NOT NULL CHECK (length(header_message_id) BETWEEN 3 AND 998),
      in_reply_to text,
      "references" text[] NOT NULL DEFAULT '{}',
      subject text NOT NULL DEFAULT '',
      from_address text NOT NULL CHECK (from_address = lower(from_address)),
      to_addresses text[] NOT NULL DEFAULT '{}',
      -- Sanitised on the server before it is stored: no script, no remote load without asking.
      html text,
      text_body text NOT NULL DEFAULT '',
      imap_uid bigint,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX email_messages_header_key ON email_messages (organization_id, mailbox, header_message_id);
    CREATE UNIQUE INDEX email_messages_message_key ON email_messages (organization_id, message_id) WHERE message_id IS NOT NULL;
    CREATE INDEX email_messages_unknown_idx ON email_messages (organization_id, team_id, created_at DESC) WHERE message_id IS NULL;

    CREATE TABLE email_attachments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      email_id uuid NOT NULL REFERENCES email_messages(id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      filename text NOT NULL,
      -- Read from the bytes; the declared type is kept only to say what the sender claimed.
      content_type text NOT NULL,
      declared_type text,
      size integer NOT NULL CHECK (size >= 0),
      sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      storage_key text NOT NULL,
      content_id text,
      -- The contact address the file came from (inbound) or went to (outbound).
      contact_address text NOT NULL CHECK (contact_address = lower(contact_address)),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (email_id, position)
    );
    CREATE INDEX email_attachments_org_idx ON email_attachments (organization_id, email_id);
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["email_accounts", "email_oauth_states", "email_messages", "email_attachments"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }

  // The sync cron runs for every organisation at once: this function answers only which valid
  // mailboxes are due, through relais_login's narrow policy and column grant, as 0003 does.
  await sql`
    CREATE POLICY email_sync_lookup ON email_accounts FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id, valid, retry_after) ON email_accounts TO relais_login;
    CREATE FUNCTION relais_email_accounts_due()
    RETURNS TABLE (organization_id uuid, account_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
      SELECT organization_id, id FROM email_accounts
      WHERE valid AND (retry_after IS NULL OR retry_after <= now())
      ORDER BY organization_id, id
    $$;
    ALTER FUNCTION relais_email_accounts_due() OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_email_accounts_due() FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_email_accounts_due() TO relais_app;
  `.execute(db);
}

import { sql, type Kysely } from "kysely";

/**
 * Desk phones (issue 13 §4, decision 0041): the organisation's SIP endpoints, each a username on
 * the carrier's SIP domain with, under Twilio, the credential Relais created for it (its sid only:
 * the password is shown once at creation and never stored). An endpoint is assigned to at most
 * one person and a person has at most one (`sip_endpoints_user_key`): the offer of a call rings
 * that person's browser and desk phone together.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sip_endpoints (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      label text NOT NULL CHECK (btrim(label) <> '' AND length(label) <= 80),
      -- Made by the server, unique on the (shared) SIP domain: letters, digits, '_' only.
      sip_username text NOT NULL UNIQUE CHECK (sip_username ~ '^[a-z0-9_]{6,32}$'),
      -- The carrier's credential (Twilio CR…); null under the sandbox, where no SIP domain exists.
      credential_sid text CHECK (credential_sid IS NULL OR credential_sid ~ '^CR[0-9a-f]{32}$'),
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      assigned_at timestamptz,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((user_id IS NULL) = (assigned_at IS NULL))
    );
    CREATE UNIQUE INDEX sip_endpoints_user_key ON sip_endpoints (user_id) WHERE user_id IS NOT NULL;
    CREATE UNIQUE INDEX sip_endpoints_label_key ON sip_endpoints (organization_id, lower(label));
    ALTER TABLE sip_endpoints ENABLE ROW LEVEL SECURITY;
    ALTER TABLE sip_endpoints FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON sip_endpoints
      USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
      WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
  `.execute(db);
}

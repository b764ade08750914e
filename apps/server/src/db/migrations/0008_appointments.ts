import { sql, type Kysely } from "kysely";

/**
 * Member availabilities and appointments (issue 4 §3, spec part 2 §3).
 *
 * A double booking is refused by the database, not only by a check in the service: two staff
 * booking the same slot at the same moment both pass any check made before their inserts, so
 * only a constraint decides between them. The exclusion constraint over (organisation, member,
 * time range) needs btree_gist for the two uuid columns; like the extensions of 0007 it is
 * trusted (the database owner creates it without being a superuser) and ships with both
 * PostgreSQL 15 and embedded PostgreSQL 18. Only booked appointments take part, so a cancelled
 * one frees its slot. Availabilities are kept from overlapping the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public`.execute(db);

  await sql`
    CREATE TABLE availabilities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      member_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      day smallint NOT NULL CHECK (day BETWEEN 0 AND 6),
      -- Minutes since midnight in the organisation's time zone.
      start_minute smallint NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
      end_minute smallint NOT NULL CHECK (end_minute BETWEEN 1 AND 1440),
      CHECK (start_minute < end_minute),
      CONSTRAINT availabilities_no_overlap EXCLUDE USING gist (
        organization_id WITH =, member_id WITH =, day WITH =, int4range(start_minute, end_minute) WITH &&
      )
    );

    CREATE TABLE appointments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      member_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      contact_id uuid NOT NULL,
      during tstzrange NOT NULL CHECK (NOT isempty(during) AND lower_inc(during) AND NOT upper_inc(during)),
      status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
      category text,
      service_id text NOT NULL REFERENCES services(id),
      gender text NOT NULL CHECK (gender IN ('male', 'female', 'other')),
      kit boolean NOT NULL DEFAULT false,
      extra_document text NOT NULL CHECK (extra_document IN ('covid', 'medical', 'none')),
      requests text,
      notes text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      cancelled_at timestamptz,
      cancelled_by uuid REFERENCES users(id) ON DELETE SET NULL,
      CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
      -- Cancelled appointments go with their contact; the service refuses to delete a contact
      -- that still has a booked one (spec part 2 §5).
      FOREIGN KEY (organization_id, contact_id) REFERENCES contacts (organization_id, id) ON DELETE CASCADE,
      CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
        organization_id WITH =, member_id WITH =, during WITH &&
      ) WHERE (status = 'booked')
    );
    CREATE INDEX appointments_contact_idx ON appointments (organization_id, contact_id, during);
  `.execute(db);

  // Forced row-level security, the loop of 0003 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["availabilities", "appointments"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }
}

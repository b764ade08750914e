import { sql, type Kysely } from "kysely";

/**
 * Contacts (patients, clients) of an organisation, their linked contacts, notes and surveys
 * (spec part 2 §3). Appointments (a later migration) reference contacts the same way notes do:
 * by (organization_id, contact_id), so that a row can never point into another organisation.
 *
 * Search must stay fast over 200 000 contacts of one organisation: every searchable field is
 * folded (lower case, accents removed) into `search_text`, with the phone's digits, and a trigram
 * GIN index on (organization_id, search_text) answers "contains" searches of 3 characters or
 * more. `sort_name`, folded too, orders the list and carries its keyset cursor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Trusted extensions: the database owner may create them without being a superuser. Both
  // embedded PostgreSQL 18 and PostgreSQL 15 ship them (contrib).
  await sql`
    CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;

    -- unaccent() is only STABLE (its dictionary could be swapped); naming the dictionary pins
    -- it, which makes this wrapper safe to declare IMMUTABLE for generated columns and indexes.
    -- The server folds search terms with the same function, so both sides always agree.
    CREATE FUNCTION relais_fold(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
  `.execute(db);

  await sql`
    CREATE TABLE contacts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      first_name text,
      last_name text,
      business text,
      phone text CHECK (phone ~ '^\\+[1-9][0-9]{10,14}$'),
      email text CHECK (email = lower(email)),
      birthday date,
      address text,
      city text,
      postal_code text,
      language text CHECK (language IN ('fr', 'en')),
      gender text CHECK (gender IN ('male', 'female', 'other')),
      salutation text CHECK (salutation IN ('M', 'Mme')),
      note text,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_text text NOT NULL GENERATED ALWAYS AS (
        relais_fold(
          coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(business, '') || ' ' ||
          coalesce(email, '') || ' ' || coalesce(regexp_replace(phone, '[^0-9]', '', 'g'), '')
        )
      ) STORED,
      -- Byte order on folded text: the same order for ORDER BY, the keyset comparison and the
      -- index, whatever the server's locale.
      sort_name text COLLATE "C" NOT NULL GENERATED ALWAYS AS (
        relais_fold(coalesce(nullif(btrim(coalesce(last_name, '') || ' ' || coalesce(first_name, '')), ''), business, phone, ''))
      ) STORED,
      -- The target of the composite foreign keys below.
      UNIQUE (organization_id, id)
    );
    -- One contact per phone number per organisation (error.existing-contact). The database
    -- enforces it, so two requests racing with the same number cannot both win.
    CREATE UNIQUE INDEX contacts_phone_key ON contacts (organization_id, phone) WHERE phone IS NOT NULL;
    CREATE INDEX contacts_name_idx ON contacts (organization_id, sort_name, id);
    CREATE INDEX contacts_recent_idx ON contacts (organization_id, created_at DESC, id DESC);
    CREATE INDEX contacts_search_idx ON contacts USING gin (organization_id, search_text gin_trgm_ops);

    -- A link is stored from both sides, each row saying what linked_contact_id is to contact_id.
    CREATE TABLE contact_links (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      contact_id uuid NOT NULL,
      linked_contact_id uuid NOT NULL,
      relation text NOT NULL CHECK (relation IN (
        'boyfriend', 'brother', 'daughter', 'father', 'girlfriend', 'husband', 'mother', 'none', 'sister', 'son', 'wife'
      )),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, contact_id, linked_contact_id),
      FOREIGN KEY (organization_id, contact_id) REFERENCES contacts (organization_id, id) ON DELETE CASCADE,
      FOREIGN KEY (organization_id, linked_contact_id) REFERENCES contacts (organization_id, id) ON DELETE CASCADE,
      CHECK (contact_id <> linked_contact_id)
    );
    CREATE INDEX contact_links_linked_idx ON contact_links (organization_id, linked_contact_id);

    CREATE TABLE contact_notes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      contact_id uuid NOT NULL,
      body text NOT NULL,
      noted_on date NOT NULL,
      pinned boolean NOT NULL DEFAULT false,
      author_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (organization_id, contact_id) REFERENCES contacts (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX contact_notes_contact_idx ON contact_notes (organization_id, contact_id, pinned DESC, noted_on DESC, created_at DESC);

    CREATE TABLE contact_surveys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      contact_id uuid NOT NULL,
      title text NOT NULL,
      answers jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(answers) = 'array'),
      followup_done boolean NOT NULL DEFAULT false,
      followup_done_at timestamptz,
      followup_done_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (organization_id, contact_id) REFERENCES contacts (organization_id, id) ON DELETE CASCADE,
      CHECK (followup_done OR followup_done_at IS NULL)
    );
    CREATE INDEX contact_surveys_contact_idx ON contact_surveys (organization_id, contact_id, created_at DESC);
  `.execute(db);

  // Forced row-level security, the loop of 0001 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["contacts", "contact_links", "contact_notes", "contact_surveys"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }

  // Searching through row-level security: PostgreSQL evaluates a query's own conditions after
  // the policy's, and may use one in an index only when its operator is LEAKPROOF. LIKE is not,
  // so as relais_app the trigram index is never used: a search read all 200 000 contacts
  // (about 1 s). This one function, owned by relais_login like those of 0001 and 0003, searches
  // with the index and answers only ids of the organisation named by app.org_id (none when it
  // is unset); the app then reads those rows through the policy as usual. relais_login reads
  // only the three columns the search needs. At most 8 terms (modules/contacts/search.ts).
  await sql`
    CREATE POLICY contact_search ON contacts FOR SELECT TO relais_login USING (true);
    GRANT SELECT (id, organization_id, search_text) ON contacts TO relais_login;
    CREATE FUNCTION relais_contact_matches(p_patterns text[], p_limit integer)
    RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
    DECLARE
      org uuid := nullif(current_setting('app.org_id', true), '')::uuid;
      cond text := '';
    BEGIN
      IF org IS NULL OR coalesce(cardinality(p_patterns), 0) NOT BETWEEN 1 AND 8 THEN
        RETURN;
      END IF;
      FOR i IN 1 .. cardinality(p_patterns) LOOP
        cond := cond || format(' AND c.search_text LIKE relais_fold($3[%s])', i);
      END LOOP;
      -- Planned at each call with the patterns known, so the planner sees how selective they are.
      RETURN QUERY EXECUTE 'SELECT c.id FROM contacts c WHERE c.organization_id = $1' || cond || ' LIMIT $2'
        USING org, p_limit, p_patterns;
    END $$;
    ALTER FUNCTION relais_contact_matches(text[], integer) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_contact_matches(text[], integer) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_contact_matches(text[], integer) TO relais_app;
  `.execute(db);
}

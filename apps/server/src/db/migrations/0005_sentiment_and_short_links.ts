import { sql, type Kysely } from "kysely";

/**
 * A thread's mood (spec part 1 §4 Sentiment) and the short links of POST link/create.
 *
 * A short link is followed by anyone holding it, signed in or not, so GET /l/{code} runs before
 * any tenant is known: one SECURITY DEFINER function, owned by relais_login like those of 0003,
 * answers "which address does this code name" and counts the click, and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- 0–100 from the contact's recent texts; null until the first inbound text.
    ALTER TABLE threads ADD COLUMN sentiment smallint CHECK (sentiment BETWEEN 0 AND 100);

    CREATE TABLE short_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^[0-9A-Za-z]{7,16}$'),
      url text NOT NULL CHECK (char_length(url) <= 2048 AND url ~ '^https?://'),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      clicks integer NOT NULL DEFAULT 0 CHECK (clicks >= 0)
    );
    -- Codes are global: the public route knows no organisation.
    CREATE UNIQUE INDEX short_links_code_key ON short_links (code);
    -- One code per organisation and address, so shortening the same address twice reuses it.
    -- Hashed: a 2048-character address may not fit a b-tree entry.
    CREATE UNIQUE INDEX short_links_org_url_key ON short_links (organization_id, md5(url));
  `.execute(db);

  // Forced row-level security, the loop of 0003 (docs/decisions/0002-tenancy-roles-and-rls.md).
  for (const table of ["short_links"]) {
    await sql`
      ALTER TABLE ${sql.table(table)} ENABLE ROW LEVEL SECURITY;
      ALTER TABLE ${sql.table(table)} FORCE ROW LEVEL SECURITY;
      CREATE POLICY tenant_isolation ON ${sql.table(table)}
        USING (organization_id = nullif(current_setting('app.org_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.org_id', true), '')::uuid);
    `.execute(db);
  }

  // Following a link: relais_login may read a code's address and add one to its clicks, through
  // these narrow policies and column grants only; the app role may call the function, never
  // become relais_login, and so never reads another organisation's links.
  await sql`
    CREATE POLICY link_follow ON short_links FOR SELECT TO relais_login USING (true);
    CREATE POLICY link_follow_count ON short_links FOR UPDATE TO relais_login USING (true) WITH CHECK (true);
    GRANT SELECT (code, url, clicks) ON short_links TO relais_login;
    GRANT UPDATE (clicks) ON short_links TO relais_login;
    CREATE FUNCTION relais_follow_short_link(p_code text)
    RETURNS text
    LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
      UPDATE short_links SET clicks = clicks + 1 WHERE code = p_code RETURNING url
    $$;
    ALTER FUNCTION relais_follow_short_link(text) OWNER TO relais_login;
    REVOKE ALL ON FUNCTION relais_follow_short_link(text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION relais_follow_short_link(text) TO relais_app;
  `.execute(db);
}

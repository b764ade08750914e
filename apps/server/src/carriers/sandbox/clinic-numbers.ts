import { sql } from "kysely";
import type { SandboxNumber } from "@relais/shared";
import type { Db } from "../../db/database.ts";

/** Enough for any development database; the simulator's picker is not a directory. */
const NUMBERS_MAX = 500;

/**
 * Every clinic number a simulated phone can text, across organisations, with the team that
 * receives it (the first team holding the number, as relais_phone_owner routes an inbound text).
 *
 * Unscoped on purpose, hence the name: a simulated phone stands outside every tenant, as a real
 * one does, and picks any clinic to text. It runs on the owner pool because relais_app sees only
 * one organisation per transaction; this is reached only through the sandbox routes, which
 * app.ts registers in development and tests, never in production. The owner bypasses the forced
 * row-level security only as a superuser or BYPASSRLS role — what the embedded and test
 * databases use; on a database whose owner has neither, the list comes back empty and the
 * simulator says no clinic number was found.
 */
export async function unsafeListClinicNumbers(owner: Db): Promise<SandboxNumber[]> {
  const rows = await owner
    .selectFrom((eb) =>
      eb
        .selectFrom("teams")
        .innerJoin("organizations", "organizations.id", "teams.organization_id")
        .distinctOn("teams.phone_number")
        .select(["teams.phone_number as number", "teams.label", "organizations.name_fr", "organizations.name_en"])
        .where("teams.phone_number", "is not", null)
        .orderBy("teams.phone_number")
        .orderBy("teams.created_at")
        .orderBy("teams.id")
        .as("owned"),
    )
    .selectAll()
    .orderBy(sql`lower(name_fr)`)
    .orderBy(sql`lower(label)`)
    .limit(NUMBERS_MAX)
    .execute();
  return rows.flatMap((r) =>
    r.number ? [{ number: r.number, organizationName: { "fr-CA": r.name_fr, "en-CA": r.name_en }, teamLabel: r.label }] : [],
  );
}

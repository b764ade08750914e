import type { Tx } from "../db/database.ts";

/** The demo clinic's reception: its team's number and the receptionist who takes its calls and mail. */
export const RECEPTION_NUMBER = "+15145550101";
const RECEPTIONIST = "user@clinique-demo.ca";

/** The reception team and its receptionist, or null when a person removed either. */
export async function demoReception(tx: Tx, orgId: string): Promise<{ teamId: string; receptionistId: string } | null> {
  const team = await tx
    .selectFrom("teams")
    .select("id")
    .where("organization_id", "=", orgId)
    .where("phone_number", "=", RECEPTION_NUMBER)
    .executeTakeFirst();
  const receptionist = await tx
    .selectFrom("users")
    .select("id")
    .where("organization_id", "=", orgId)
    .where("email", "=", RECEPTIONIST)
    .executeTakeFirst();
  return team && receptionist ? { teamId: team.id, receptionistId: receptionist.id } : null;
}

import { sql, type Selectable } from "kysely";
import type { Tx } from "../../db/database.ts";
import type { EmailAccountsTable, EmailOauthStatesTable } from "../../db/schema-email.ts";

/** SQL of the team email module; every query is scoped by the organisation (RLS backs it up). */

export type AccountRow = Selectable<EmailAccountsTable>;
export type OauthStateRow = Selectable<EmailOauthStatesTable>;

export async function findAccountOfTeam(tx: Tx, orgId: string, teamId: string, lock = false): Promise<AccountRow | undefined> {
  let q = tx.selectFrom("email_accounts").selectAll().where("organization_id", "=", orgId).where("team_id", "=", teamId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findAccountByAddress(tx: Tx, orgId: string, address: string): Promise<AccountRow | undefined> {
  return tx.selectFrom("email_accounts").selectAll().where("organization_id", "=", orgId).where("address", "=", address).executeTakeFirst();
}

export type SavedAccount = {
  id: string;
  organization_id: string;
  team_id: string;
  provider: string;
  address: string;
  key_id: string;
  wrapped_key: Buffer;
  sealed_tokens: Buffer;
  scopes: string;
  access_expires_at: Date | null;
  connected_by: string | null;
};

/** Inserts the team's mailbox; a team that had one gets this one instead, its cursor reset. */
export async function saveAccount(tx: Tx, a: SavedAccount): Promise<void> {
  await tx.deleteFrom("email_accounts").where("organization_id", "=", a.organization_id).where("team_id", "=", a.team_id).execute();
  await tx
    .insertInto("email_accounts")
    .values({ ...a, valid: true, invalid_reason: null, last_uid: 0 })
    .execute();
}

export async function deleteAccount(tx: Tx, orgId: string, accountId: string): Promise<void> {
  await tx.deleteFrom("email_accounts").where("organization_id", "=", orgId).where("id", "=", accountId).execute();
}

export async function insertOauthState(tx: Tx, row: Omit<OauthStateRow, "created_at">): Promise<void> {
  // Old authorisations of the organisation are dropped on the way: the table holds only live ones.
  await tx
    .deleteFrom("email_oauth_states")
    .where("organization_id", "=", row.organization_id)
    .where("expires_at", "<", sql<Date>`now()`)
    .execute();
  await tx.insertInto("email_oauth_states").values(row).execute();
}

/** Takes the authorisation named by the state's hash, once: a second callback with the same state finds nothing. */
export async function takeOauthState(tx: Tx, orgId: string, stateHash: string): Promise<OauthStateRow | undefined> {
  return tx
    .deleteFrom("email_oauth_states")
    .where("organization_id", "=", orgId)
    .where("state_hash", "=", stateHash)
    .returningAll()
    .executeTakeFirst();
}

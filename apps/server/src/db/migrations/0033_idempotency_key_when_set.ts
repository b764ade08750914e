import { sql, type Kysely } from "kysely";

/**
 * The unique index of outbound attempts' keys holds only the messages that have one (decision
 * 0064). Every inbound text, call and email message has none, and each still added an entry
 * (organisation, null) to it: one index write per inbound text of the dozen it costs, for a key
 * no query looks up (NULLs never conflict in a unique index, so uniqueness is unchanged). All of
 * an organisation's null entries sat together, grown by every text it received at once.
 * Built before the old one is dropped, so keys stay unique at every moment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNIQUE INDEX messages_idempotency_key_set ON messages (organization_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    DROP INDEX messages_idempotency_key;
    ALTER INDEX messages_idempotency_key_set RENAME TO messages_idempotency_key;
  `.execute(db);
}

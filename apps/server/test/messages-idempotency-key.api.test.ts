import { expect, it } from "vitest";
import { sql } from "kysely";
import { apiSuite } from "./helpers.ts";

/** Migration 0033: the unique index of outbound keys holds only the messages that have one. */

const { t, org, other } = apiSuite({ tenants: 2 });

async function threadOf(orgId: string, teamId: string, phone: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into threads (organization_id, team_id, contact_phone) values (${orgId}, ${teamId}, ${phone}) returning id`.execute(t.db.owner);
  return rows[0]!.id;
}

function insertMessage(orgId: string, threadId: string, direction: "inbound" | "outbound", key: string | null) {
  return sql`
    insert into messages (organization_id, thread_id, direction, from_phone, to_phone, body, status, idempotency_key)
    values (${orgId}, ${threadId}, ${direction}, '+15145550100', '+15145550101', 'Bonjour', 'sent', ${key})`.execute(t.db.owner);
}

it("refuses a key used twice in one organisation, takes it in another, and holds only messages with a key", async () => {
  const mine = await threadOf(org.orgId, org.teams.main, "+15145550188");
  const theirs = await threadOf(other.orgId, other.teams.main, "+15145550188");
  await insertMessage(org.orgId, mine, "outbound", "attempt-1");
  await expect(insertMessage(org.orgId, mine, "outbound", "attempt-1")).rejects.toThrow(/messages_idempotency_key/);
  await insertMessage(other.orgId, theirs, "outbound", "attempt-1");
  for (let i = 0; i < 3; i++) await insertMessage(org.orgId, mine, "inbound", null);

  const { rows } = await sql<{ definition: string }>`
    select pg_get_indexdef(indexrelid) as definition from pg_index where indexrelid = 'messages_idempotency_key'::regclass`.execute(
    t.db.owner,
  );
  expect(rows[0]?.definition).toMatch(/UNIQUE INDEX .* \(organization_id, idempotency_key\) WHERE \(idempotency_key IS NOT NULL\)$/);
});

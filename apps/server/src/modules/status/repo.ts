import type { Db } from "../../db/database.ts";

/** The maintenance status is one row for the whole installation, not tenant data. */
export async function findStatus(db: Db) {
  return db.selectFrom("system_status").select(["value"]).where("id", "=", 1).executeTakeFirst();
}

export async function saveStatus(db: Db, value: string): Promise<void> {
  await db
    .insertInto("system_status")
    .values({ id: 1, value })
    .onConflict((oc) => oc.column("id").doUpdateSet({ value, updated_at: new Date() }))
    .execute();
}

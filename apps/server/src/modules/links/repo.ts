import { sql } from "kysely";
import type { Db, Tx } from "../../db/database.ts";

/** Every query takes the organisation id and filters by it; row-level security backs it up. */

/**
 * Records `code` for `url` unless the organisation already shortened that address. Undefined
 * when nothing was written: the address is known (see findCodeByUrl) or the code is taken by
 * any organisation (the caller draws another). Neither case aborts the transaction.
 */
export async function insertLink(
  tx: Tx,
  link: { orgId: string; code: string; url: string; createdBy: string },
): Promise<string | undefined> {
  const row = await tx
    .insertInto("short_links")
    .values({ organization_id: link.orgId, code: link.code, url: link.url, created_by: link.createdBy })
    .onConflict((oc) => oc.doNothing())
    .returning("code")
    .executeTakeFirst();
  return row?.code;
}

/** The organisation's code for `url`, if it shortened that address before. */
export async function findCodeByUrl(tx: Tx, orgId: string, url: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom("short_links")
    .select("code")
    .where("organization_id", "=", orgId)
    // The expression of the unique index short_links_org_url_key, so the lookup uses it.
    .where(sql<string>`md5(url)`, "=", sql<string>`md5(${url})`)
    .where("url", "=", url)
    .executeTakeFirst();
  return row?.code;
}

/**
 * The address a code names, counting one click. Not scoped by organisation: a short link is
 * followed by anyone who holds it. It reads only through relais_follow_short_link (migration
 * 0005), which answers the address of that one code and nothing else.
 */
export async function unsafeFollowLink(db: Db, code: string): Promise<string | undefined> {
  const r = await sql<{ url: string | null }>`select relais_follow_short_link(${code}) as url`.execute(db);
  return r.rows[0]?.url ?? undefined;
}

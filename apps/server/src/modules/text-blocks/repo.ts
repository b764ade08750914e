import { sql, type Selectable } from "kysely";
import type { Tx } from "../../db/database.ts";
import type { CommunicationTemplatesTable, SignatureSettingsTable, TextBlocksTable } from "../../db/schema.ts";

/** SQL of text blocks, templates and signatures; every query is scoped by organisation (RLS backs it up). */

export type TextBlockRow = Selectable<TextBlocksTable>;
export type TemplateRow = Selectable<CommunicationTemplatesTable>;

/** Pinned first, then by title, case aside. */
export async function listTextBlocks(tx: Tx, orgId: string, locale: string | undefined): Promise<TextBlockRow[]> {
  let q = tx.selectFrom("text_blocks").selectAll().where("organization_id", "=", orgId);
  if (locale) q = q.where("locale", "=", locale);
  return q
    .orderBy("pinned", "desc")
    .orderBy(sql`lower(title)`)
    .orderBy("id")
    .execute();
}

export async function hasTextBlocks(tx: Tx, orgId: string): Promise<boolean> {
  const row = await tx.selectFrom("text_blocks").select("id").where("organization_id", "=", orgId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function findTextBlock(tx: Tx, orgId: string, id: string): Promise<TextBlockRow | undefined> {
  return tx.selectFrom("text_blocks").selectAll().where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

export async function insertTextBlock(
  tx: Tx,
  orgId: string,
  userId: string,
  v: { locale: string; title: string; body: string; pinned: boolean },
): Promise<TextBlockRow> {
  return tx
    .insertInto("text_blocks")
    .values({ organization_id: orgId, ...v, created_by: userId, updated_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTextBlock(
  tx: Tx,
  orgId: string,
  id: string,
  userId: string,
  v: { title?: string; body?: string; pinned?: boolean },
): Promise<TextBlockRow | undefined> {
  return tx
    .updateTable("text_blocks")
    .set({ ...v, updated_by: userId, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTextBlock(tx: Tx, orgId: string, id: string): Promise<boolean> {
  const r = await tx.deleteFrom("text_blocks").where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export async function listTemplates(
  tx: Tx,
  orgId: string,
  userId: string,
  type: string,
  locale: string | undefined,
): Promise<TemplateRow[]> {
  let q = tx
    .selectFrom("communication_templates")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .where("type", "=", type);
  if (locale) q = q.where("locale", "=", locale);
  return q
    .orderBy("pinned", "desc")
    .orderBy(sql`lower(title)`)
    .orderBy("id")
    .execute();
}

export async function findTemplate(tx: Tx, orgId: string, id: string): Promise<TemplateRow | undefined> {
  return tx.selectFrom("communication_templates").selectAll().where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

export async function insertTemplate(
  tx: Tx,
  orgId: string,
  userId: string,
  v: { type: string; locale: string; title: string; content: string; pinned: boolean },
): Promise<TemplateRow> {
  return tx
    .insertInto("communication_templates")
    .values({ organization_id: orgId, user_id: userId, ...v })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTemplate(
  tx: Tx,
  orgId: string,
  id: string,
  v: { title: string; content: string; pinned: boolean },
): Promise<TemplateRow | undefined> {
  return tx
    .updateTable("communication_templates")
    .set({ ...v, updated_at: sql<Date>`now()` })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTemplate(tx: Tx, orgId: string, id: string): Promise<boolean> {
  const r = await tx.deleteFrom("communication_templates").where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export async function findSignatureSettings(tx: Tx, orgId: string): Promise<Selectable<SignatureSettingsTable> | undefined> {
  return tx.selectFrom("signature_settings").selectAll().where("organization_id", "=", orgId).executeTakeFirst();
}

export async function saveSignatureSettings(tx: Tx, orgId: string, userId: string, mode: string, personalizedText: string): Promise<void> {
  await tx
    .insertInto("signature_settings")
    .values({ organization_id: orgId, mode, personalized_text: personalizedText, updated_by: userId })
    .onConflict((oc) =>
      oc
        .column("organization_id")
        .doUpdateSet({ mode, personalized_text: personalizedText, updated_by: userId, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

export async function findUserSignature(tx: Tx, orgId: string, userId: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom("user_signatures")
    .select("text")
    .where("organization_id", "=", orgId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.text;
}

export async function saveUserSignature(tx: Tx, orgId: string, userId: string, text: string): Promise<void> {
  await tx
    .insertInto("user_signatures")
    .values({ organization_id: orgId, user_id: userId, text })
    .onConflict((oc) => oc.columns(["organization_id", "user_id"]).doUpdateSet({ text, updated_at: sql<Date>`now()` }))
    .execute();
}

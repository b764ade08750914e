import { sql, type Selectable } from "kysely";
import type { AutomaticTextKind } from "@relais/shared";
import type { Tx } from "../../db/database.ts";
import type { AutomaticTextsTable } from "../../db/schema.ts";

/** Every query takes the organisation id and filters by it; row-level security backs it up. */

export type AutomaticTextsRow = Selectable<AutomaticTextsTable>;

export async function findAutomaticTexts(tx: Tx, orgId: string, teamId: string): Promise<AutomaticTextsRow | undefined> {
  return tx.selectFrom("automatic_texts").selectAll().where("organization_id", "=", orgId).where("team_id", "=", teamId).executeTakeFirst();
}

export type AutomaticTextsValues = {
  outside_hours_enabled: boolean;
  outside_hours_text: string;
  missed_call_enabled: boolean;
  missed_call_text: string;
  period_hours: number;
};

/** Writes a team's whole setting, first save or not. */
export async function saveAutomaticTexts(
  tx: Tx,
  orgId: string,
  teamId: string,
  values: AutomaticTextsValues,
  userId: string,
): Promise<AutomaticTextsRow> {
  const row = { ...values, updated_by: userId, updated_at: sql<Date>`now()` };
  return tx
    .insertInto("automatic_texts")
    .values({ organization_id: orgId, team_id: teamId, ...row })
    .onConflict((oc) => oc.column("team_id").doUpdateSet(row))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * What deciding an automatic reply needs: the team's texts, its week (teams.schedule) and the
 * number it texts from. Undefined when the team has never set its automatic texts.
 */
export async function findReplySource(tx: Tx, orgId: string, teamId: string) {
  return tx
    .selectFrom("automatic_texts as a")
    .innerJoin("teams as t", "t.id", "a.team_id")
    .selectAll("a")
    .select(["t.schedule as team_schedule", "t.phone_number as team_phone"])
    .where("a.organization_id", "=", orgId)
    .where("t.organization_id", "=", orgId)
    .where("a.team_id", "=", teamId)
    .executeTakeFirst();
}

/**
 * The once-per-period gate: records an automatic reply to `contactPhone` now, unless one was
 * recorded less than `periodHours` ago. True when this caller may send. One statement, so two
 * transactions racing for the same contact cannot both pass: the second waits on the row the
 * first inserted or updated, then sees its fresh sent_at and is refused.
 */
export async function claimReplySlot(
  tx: Tx,
  slot: { orgId: string; teamId: string; contactPhone: string; kind: AutomaticTextKind; periodHours: number },
): Promise<boolean> {
  const claimed = await tx
    .insertInto("automatic_text_replies")
    .values({ organization_id: slot.orgId, team_id: slot.teamId, contact_phone: slot.contactPhone, kind: slot.kind, message_id: null })
    .onConflict((oc) =>
      oc
        .columns(["team_id", "contact_phone"])
        .doUpdateSet({ kind: slot.kind, message_id: null, sent_at: sql<Date>`now()` })
        .where("automatic_text_replies.organization_id", "=", slot.orgId)
        .where(sql<boolean>`automatic_text_replies.sent_at <= now() - make_interval(hours => ${slot.periodHours}::int)`),
    )
    .returning("team_id")
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Links the claimed slot to the message sent, for the record. */
export async function setReplyMessage(tx: Tx, orgId: string, teamId: string, contactPhone: string, messageId: string): Promise<void> {
  await tx
    .updateTable("automatic_text_replies")
    .set({ message_id: messageId })
    .where("organization_id", "=", orgId)
    .where("team_id", "=", teamId)
    .where("contact_phone", "=", contactPhone)
    .execute();
}

/** The language of the contact with this number, when one is known ('fr' | 'en'), for texts written for them. */
export async function contactLanguage(tx: Tx, orgId: string, phone: string): Promise<string | null> {
  const row = await tx
    .selectFrom("contacts")
    .select("language")
    .where("organization_id", "=", orgId)
    .where("phone", "=", phone)
    .where("language", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row?.language ?? null;
}

import { sql, type Selectable } from "kysely";
import type { CallPeriod } from "@relais/shared";
import type { Db, Tx } from "../../db/database.ts";
import type { AudioAssetsTable, GreetingsTable, TransferExtensionsTable } from "../../db/schema-voice-settings.ts";

/** Every query takes the organisation id and filters by it; row-level security backs it up. */

export type TransferExtensionRow = Selectable<TransferExtensionsTable>;
export type AudioRow = Selectable<AudioAssetsTable>;
export type GreetingRow = Selectable<GreetingsTable>;
/** A greeting with its audio's columns (null when it has none). */
export type GreetingWithAudio = GreetingRow & {
  audio_content_type: string | null;
  audio_size: number | null;
  audio_duration_ms: number | null;
};

// ---- Transfer extensions ----

export async function listTransferExtensions(tx: Tx, orgId: string): Promise<TransferExtensionRow[]> {
  return tx
    .selectFrom("transfer_extensions")
    .selectAll()
    .where("organization_id", "=", orgId)
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
}

export async function findTransferExtension(tx: Tx, orgId: string, id: string): Promise<TransferExtensionRow | undefined> {
  return tx.selectFrom("transfer_extensions").selectAll().where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

export type TransferExtensionValues = { name: string; phone_number: string; extension: string };

export async function insertTransferExtension(
  tx: Tx,
  orgId: string,
  values: TransferExtensionValues,
  userId: string,
): Promise<TransferExtensionRow> {
  return tx
    .insertInto("transfer_extensions")
    .values({ organization_id: orgId, ...values, created_by: userId, created_at: new Date(), updated_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTransferExtension(
  tx: Tx,
  orgId: string,
  id: string,
  values: TransferExtensionValues,
): Promise<TransferExtensionRow | undefined> {
  return tx
    .updateTable("transfer_extensions")
    .set({ ...values, updated_at: new Date() })
    .where("organization_id", "=", orgId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTransferExtension(tx: Tx, orgId: string, id: string): Promise<boolean> {
  const r = await tx.deleteFrom("transfer_extensions").where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

// ---- Audio ----

export type NewAudio = Omit<AudioRow, "created_at">;

export async function insertAudio(tx: Tx, audio: NewAudio): Promise<AudioRow> {
  return tx
    .insertInto("audio_assets")
    .values({ ...audio, created_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCallAudio(tx: Tx, orgId: string, callId: string): Promise<AudioRow | undefined> {
  return tx
    .selectFrom("audio_assets")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("call_id", "=", callId)
    .where("purpose", "=", "voicemail")
    .executeTakeFirst();
}

export async function findAudio(tx: Tx, orgId: string, id: string): Promise<AudioRow | undefined> {
  return tx.selectFrom("audio_assets").selectAll().where("organization_id", "=", orgId).where("id", "=", id).executeTakeFirst();
}

/**
 * Greeting audio that no greeting uses and older than `olderThanSeconds` (an upload never saved,
 * a greeting's previous audio): removed, a few at a time; answers their storage keys.
 */
export async function deleteUnusedAudio(tx: Tx, orgId: string, olderThanSeconds: number, limit: number): Promise<string[]> {
  const rows = await tx
    .deleteFrom("audio_assets")
    .where("organization_id", "=", orgId)
    .where(
      "id",
      "in",
      tx
        .selectFrom("audio_assets as a")
        .select("a.id")
        .where("a.organization_id", "=", orgId)
        // A voicemail's audio is kept with its call: only greeting uploads are swept.
        .where("a.purpose", "=", "greeting")
        .where("a.created_at", "<", sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom("greetings as g").select("g.id").where("g.organization_id", "=", orgId).whereRef("g.audio_id", "=", "a.id"),
            ),
          ),
        )
        .orderBy("a.created_at")
        .limit(limit),
    )
    .returning("storage_key")
    .execute();
  return rows.map((r) => r.storage_key);
}

/**
 * The organisation an audio file belongs to, for a signed link (no tenant yet): through
 * relais_audio_organization (migration 0024), which answers that id and nothing else.
 */
export async function unsafeFindAudioOwner(db: Db, id: string): Promise<string | undefined> {
  const r = await sql<{ organization_id: string | null }>`select relais_audio_organization(${id}::uuid) as organization_id`.execute(db);
  return r.rows[0]?.organization_id ?? undefined;
}

// ---- Greetings ----

function greetingsWithAudio(tx: Tx, orgId: string) {
  return tx
    .selectFrom("greetings as g")
    .leftJoin("audio_assets as a", (j) => j.onRef("a.id", "=", "g.audio_id").on("a.organization_id", "=", orgId))
    .selectAll("g")
    .select(["a.content_type as audio_content_type", "a.size as audio_size", "a.duration_ms as audio_duration_ms"])
    .where("g.organization_id", "=", orgId);
}

/** The greetings of a team, or of the organisation (`teamId` null), by period. */
export async function greetingsOf(tx: Tx, orgId: string, teamId: string | null): Promise<GreetingWithAudio[]> {
  const q = greetingsWithAudio(tx, orgId);
  return (teamId === null ? q.where("g.team_id", "is", null) : q.where("g.team_id", "=", teamId)).execute();
}

export async function findGreeting(
  tx: Tx,
  orgId: string,
  teamId: string | null,
  period: CallPeriod,
): Promise<GreetingWithAudio | undefined> {
  const q = greetingsWithAudio(tx, orgId).where("g.period", "=", period);
  return (teamId === null ? q.where("g.team_id", "is", null) : q.where("g.team_id", "=", teamId)).executeTakeFirst();
}

export type GreetingValues = Pick<GreetingRow, "kind" | "enabled" | "text" | "language" | "audio_id">;

/** Creates or replaces one period's greeting; the row is locked by the upsert, so two saves queue. */
export async function saveGreeting(
  tx: Tx,
  orgId: string,
  teamId: string | null,
  period: CallPeriod,
  values: GreetingValues,
  userId: string,
): Promise<void> {
  const now = new Date();
  const existing = await tx
    .selectFrom("greetings")
    .select("id")
    .where("organization_id", "=", orgId)
    .where("period", "=", period)
    .where((eb) => (teamId === null ? eb("team_id", "is", null) : eb("team_id", "=", teamId)))
    .forUpdate()
    .executeTakeFirst();
  if (existing) {
    await tx
      .updateTable("greetings")
      .set({ ...values, updated_by: userId, updated_at: now })
      .where("organization_id", "=", orgId)
      .where("id", "=", existing.id)
      .execute();
    return;
  }
  await tx
    .insertInto("greetings")
    .values({ organization_id: orgId, team_id: teamId, period, ...values, updated_by: userId, created_at: now, updated_at: now })
    .execute();
}

/**
 * The greeting a caller of `teamId` hears in `period`: the team's own when enabled, else the
 * organisation's default when enabled, else none.
 */
export async function enabledGreetingFor(tx: Tx, orgId: string, teamId: string, period: CallPeriod): Promise<GreetingRow | undefined> {
  return tx
    .selectFrom("greetings")
    .selectAll()
    .where("organization_id", "=", orgId)
    .where("period", "=", period)
    .where("enabled", "=", true)
    .where((eb) => eb.or([eb("team_id", "=", teamId), eb("team_id", "is", null)]))
    .orderBy(sql`team_id is null`)
    .limit(1)
    .executeTakeFirst();
}

import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import {
  CALL_PERIODS,
  MEDIA_LIMITS,
  transferExtensionNumber,
  type AudioRecording,
  type CallPeriod,
  type Greeting,
  type GreetingSet,
  type SaveGreetingRequest,
  type TransferExtension,
  type TransferExtensionRequest,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { afterCommit, withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { FileMissingError, type FileStore } from "../../platform/storage/file-store.ts";
import type { LinkSigner } from "../../platform/storage/signed-links.ts";
import { loadOrganization } from "../organizations/index.ts";
import { findTeamFor } from "../teams/index.ts";
import { probeAudio } from "./audio.ts";
import { canManageTransferExtensions, canUpdateGreetings, canUploadGreetingAudio } from "./policy.ts";
import { presentAudio, presentGreeting, presentTransferExtension } from "./presenter.ts";
import * as repo from "./repo.ts";

/** Transfer extensions and greetings per period (issue 13 §2–§3, decision 0037). */

type Log = { error: (obj: object, msg: string) => void };

/** What this module works with: the app pool, the file store, and the signer of the carrier's links. */
export type VoiceSettingsDeps = { db: Db; files: FileStore; links: LinkSigner; publicUrl: string; log: Log };

let current: VoiceSettingsDeps | null = null;

/**
 * Built once per app (app.ts). The calls module reads greetings through index.ts with no
 * dependencies of its own (as its carrier entry points do), so the app built last is kept here.
 */
export function startVoiceSettings(deps: Pick<AppDeps, "db" | "files" | "mediaLinks" | "config">, log: Log): VoiceSettingsDeps {
  const base = deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`;
  current = { db: deps.db.app, files: deps.files, links: deps.mediaLinks, publicUrl: base.replace(/\/+$/, ""), log };
  return current;
}

export function voiceSettingsDeps(): VoiceSettingsDeps {
  if (!current) throw new Error("the voice settings module is not started (buildApp registers it)");
  return current;
}

// ---- Transfer extensions ----------------------------------------------------------------------

/**
 * The tier rule (permission 2) is the guard's (EndpointAccess.tier); the organisation's own flag
 * `enableExtTransfer` is checked here, in the request's transaction.
 */
async function requireExtensionTransfer(tx: Tx, ctx: Ctx): Promise<void> {
  const org = await loadOrganization(tx, ctx.orgId);
  if (!org.enableExtTransfer) throw new AppError("error.ext-transfer-disabled", 403);
}

/** GET transfer-extension: every staff member may transfer a call, so every one reads the list. */
export async function listTransferExtensions(deps: VoiceSettingsDeps, ctx: Ctx): Promise<TransferExtension[]> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireExtensionTransfer(tx, ctx);
    return (await repo.listTransferExtensions(tx, ctx.orgId)).map(presentTransferExtension);
  });
}

function extensionValues(input: TransferExtensionRequest): repo.TransferExtensionValues {
  const phone = transferExtensionNumber(input.phoneNumber);
  // The contract refused it already; this keeps the stored form E.164 whatever the caller sent.
  if (!phone) throw new AppError("validation.phone", 400, undefined, [{ path: "phoneNumber", code: "validation.phone" }]);
  return { name: input.name, phone_number: phone, extension: input.extension };
}

function nameTaken(err: unknown): never {
  if (uniqueViolation(err) === "transfer_extensions_name_key") throw conflict("error.transfer-extension-exists");
  throw err;
}

/** Administrators only (spec part 2 §6); a name is used once per organisation. */
export async function createTransferExtension(
  deps: VoiceSettingsDeps,
  ctx: Ctx,
  input: TransferExtensionRequest,
): Promise<TransferExtension> {
  if (!canManageTransferExtensions(ctx)) throw forbidden();
  const values = extensionValues(input);
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireExtensionTransfer(tx, ctx);
    const row = await repo.insertTransferExtension(tx, ctx.orgId, values, ctx.userId);
    await recordAudit(tx, ctx, "create", "transfer-extension", row.id, { name: row.name });
    return presentTransferExtension(row);
  }).catch(nameTaken);
}

export async function updateTransferExtension(
  deps: VoiceSettingsDeps,
  ctx: Ctx,
  id: string,
  input: TransferExtensionRequest,
): Promise<TransferExtension> {
  if (!canManageTransferExtensions(ctx)) throw forbidden();
  const values = extensionValues(input);
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireExtensionTransfer(tx, ctx);
    const row = await repo.updateTransferExtension(tx, ctx.orgId, id, values);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, "update", "transfer-extension", row.id, { name: row.name });
    return presentTransferExtension(row);
  }).catch(nameTaken);
}

export async function deleteTransferExtension(deps: VoiceSettingsDeps, ctx: Ctx, id: string): Promise<{ ok: true }> {
  if (!canManageTransferExtensions(ctx)) throw forbidden();
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    await requireExtensionTransfer(tx, ctx);
    if (!(await repo.deleteTransferExtension(tx, ctx.orgId, id))) throw notFound();
    await recordAudit(tx, ctx, "delete", "transfer-extension", id);
    return { ok: true as const };
  });
}

/**
 * For the transfer code (issue 13 §2): the extension a call goes to, or null (unknown, or another organisation's).
 * In the caller's transaction.
 */
export async function transferExtensionOf(tx: Tx, orgId: string, id: string): Promise<TransferExtension | null> {
  const row = await repo.findTransferExtension(tx, orgId, id);
  return row ? presentTransferExtension(row) : null;
}

// ---- Recordings (audio) -----------------------------------------------------------------------

/** An upload no greeting took within a day (or a greeting's replaced audio) is dropped by later uploads. */
const UNUSED_AFTER_SECONDS = 24 * 60 * 60;
const SWEEP_BATCH = 20;

export type AudioUpload = { bytes: Buffer; truncated: boolean };

function discardAfterCommit(deps: VoiceSettingsDeps, tx: Tx, keys: string[]): void {
  if (!keys.length) return;
  afterCommit(tx, () => {
    for (const key of keys) {
      void deps.files.remove(key).catch((err: unknown) => deps.log.error({ err, key }, "removing a stored file failed"));
    }
  });
}

/**
 * POST voice/v1/recordings: mp3 or wav by content, at most the media limit (2 MB, spec part 2
 * §5), its length computed from the bytes; stored, then recorded for the organisation.
 */
export async function uploadRecording(deps: VoiceSettingsDeps, ctx: Ctx, upload: AudioUpload): Promise<AudioRecording> {
  if (!canUploadGreetingAudio(ctx)) throw forbidden();
  if (upload.truncated || upload.bytes.length > MEDIA_LIMITS.mediaBytes) throw badRequest("error.media-size");
  const probed = await probeAudio(upload.bytes);
  const id = randomUUID();
  const storageKey = `${ctx.orgId}/audio/${id}.${probed.ext}`;
  await deps.files.write(storageKey, upload.bytes);
  try {
    return await withTenant(deps.db, ctx.orgId, async (tx) => {
      const row = await repo.insertAudio(tx, {
        id,
        organization_id: ctx.orgId,
        purpose: "greeting",
        content_type: probed.contentType,
        size: upload.bytes.length,
        duration_ms: probed.durationMs,
        sha256: createHash("sha256").update(upload.bytes).digest("hex"),
        storage_key: storageKey,
        uploaded_by: ctx.userId,
        call_id: null,
      });
      discardAfterCommit(deps, tx, await repo.deleteUnusedAudio(tx, ctx.orgId, UNUSED_AFTER_SECONDS, SWEEP_BATCH));
      return presentAudio(row);
    });
  } catch (err) {
    await deps.files.remove(storageKey).catch(() => undefined);
    throw err;
  }
}

/**
 * A voicemail's audio (issue 13 §3, decision 0039): checked and measured like a greeting upload
 * (mp3 or wav by content, the media limit), stored for the organisation with purpose voicemail.
 * Answers its id and the length the server computed, in whole seconds.
 */
export async function storeVoicemailAudio(
  deps: VoiceSettingsDeps,
  orgId: string,
  callId: string,
  upload: AudioUpload,
): Promise<{ id: string; durationSeconds: number }> {
  if (upload.truncated || upload.bytes.length > MEDIA_LIMITS.mediaBytes) throw badRequest("error.media-size");
  const probed = await probeAudio(upload.bytes);
  const id = randomUUID();
  const storageKey = `${orgId}/audio/${id}.${probed.ext}`;
  await deps.files.write(storageKey, upload.bytes);
  try {
    await withTenant(deps.db, orgId, (tx) =>
      repo.insertAudio(tx, {
        id,
        organization_id: orgId,
        purpose: "voicemail",
        content_type: probed.contentType,
        size: upload.bytes.length,
        duration_ms: probed.durationMs,
        sha256: createHash("sha256").update(upload.bytes).digest("hex"),
        storage_key: storageKey,
        uploaded_by: null,
        call_id: callId,
      }),
    );
  } catch (err) {
    await deps.files.remove(storageKey).catch(() => undefined);
    throw err;
  }
  return { id, durationSeconds: Math.max(1, Math.round(probed.durationMs / 1000)) };
}

/** The voicemail left on a call, for a caller already allowed to hear it (the calls module checked the call's team). */
export async function openVoicemailAudio(deps: VoiceSettingsDeps, tx: Tx, orgId: string, callId: string): Promise<OpenedAudio> {
  const row = await repo.findCallAudio(tx, orgId, callId);
  if (!row) throw notFound();
  return openAudio(deps, row);
}

export type OpenedAudio = { contentType: string; size: number; stream: Readable };

async function openAudio(deps: VoiceSettingsDeps, row: repo.AudioRow): Promise<OpenedAudio> {
  try {
    return { contentType: row.content_type, size: row.size, stream: await deps.files.read(row.storage_key) };
  } catch (err) {
    if (err instanceof FileMissingError) {
      deps.log.error({ key: row.storage_key }, "an audio file's bytes are missing");
      throw notFound();
    }
    throw err;
  }
}

/** GET voice/v1/recordings?url: greetings are organisation configuration, heard by any of its staff. */
export async function openRecording(deps: VoiceSettingsDeps, ctx: Ctx, id: string): Promise<OpenedAudio> {
  const row = await withTenant(deps.db, ctx.orgId, (tx) => repo.findAudio(tx, ctx.orgId, id));
  if (!row) throw notFound();
  return openAudio(deps, row);
}

/** GET voice/v1/recordings/length: the seconds computed at upload; another organisation's id is not found. */
export async function recordingLength(deps: VoiceSettingsDeps, ctx: Ctx, id: string): Promise<{ duration: number }> {
  const row = await withTenant(deps.db, ctx.orgId, (tx) => repo.findAudio(tx, ctx.orgId, id));
  if (!row) throw notFound();
  return { duration: presentAudio(row).duration };
}

/** The link signs `audio:<id>`: a media file's signed link can never open an audio file, nor the reverse. */
const linkId = (id: string) => `audio:${id}`;

/** GET voice/v1/recordings/signed/{id}: what the carrier's `<Play>` fetches, without a session. */
export async function openSignedRecording(deps: VoiceSettingsDeps, id: string, exp: number, sig: string): Promise<OpenedAudio> {
  const verdict = deps.links.verify(linkId(id), exp, sig);
  if (verdict === "invalid") throw new AppError("error.invalid-signature", 403);
  if (verdict === "expired") throw new AppError("error.link-expired", 403);
  const orgId = await repo.unsafeFindAudioOwner(deps.db, id);
  if (!orgId) throw notFound();
  const row = await withTenant(deps.db, orgId, (tx) => repo.findAudio(tx, orgId, id));
  if (!row) throw notFound();
  return openAudio(deps, row);
}

/** A signed, time-limited public link to an audio file (the carrier fetches greetings from outside). */
function signedRecordingUrl(deps: VoiceSettingsDeps, id: string): string {
  const { exp, sig } = deps.links.sign(linkId(id));
  return `${deps.publicUrl}/api/voice/v1/recordings/signed/${id}?exp=${exp}&sig=${sig}`;
}

// ---- Greetings --------------------------------------------------------------------------------

/** A team of the caller's organisation, or 404. */
async function assertScope(tx: Tx, ctx: Ctx, teamId: string | null): Promise<void> {
  if (teamId !== null && !(await findTeamFor(tx, ctx, teamId))) throw notFound();
}

/** GET voice/v1/greetings: staff see every team (spec part 1 §6), so every one reads its greetings. */
export async function listGreetings(deps: VoiceSettingsDeps, ctx: Ctx, teamId: string | null): Promise<GreetingSet> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    await assertScope(tx, ctx, teamId);
    const rows = await repo.greetingsOf(tx, ctx.orgId, teamId);
    const greetings = rows.map(presentGreeting).sort((a, b) => CALL_PERIODS.indexOf(a.period) - CALL_PERIODS.indexOf(b.period));
    return { teamId, greetings, abilities: { update: canUpdateGreetings(ctx, teamId) } };
  });
}

/**
 * PUT voice/v1/greetings/{period}: a field left out keeps what is stored (so switching kind
 * keeps the other kind's content); the audio must be one of the organisation's recordings.
 */
export async function saveGreeting(deps: VoiceSettingsDeps, ctx: Ctx, period: CallPeriod, input: SaveGreetingRequest): Promise<Greeting> {
  const teamId = input.teamId;
  const save = () =>
    withTenant(deps.db, ctx.orgId, async (tx) => {
      await assertScope(tx, ctx, teamId);
      if (!canUpdateGreetings(ctx, teamId)) throw forbidden();
      const stored = await repo.findGreeting(tx, ctx.orgId, teamId, period);
      const values: repo.GreetingValues = {
        kind: input.kind,
        enabled: input.enabled,
        text: input.text === undefined ? (stored?.text ?? null) : input.text || null,
        language: input.language === undefined ? (stored?.language ?? null) : input.language,
        audio_id: input.audioId === undefined ? (stored?.audio_id ?? null) : input.audioId,
      };
      if (values.audio_id && !(await repo.findAudio(tx, ctx.orgId, values.audio_id))) throw notFound();
      await repo.saveGreeting(tx, ctx.orgId, teamId, period, values, ctx.userId);
      await recordAudit(tx, ctx, "update", "greeting", teamId, { period, kind: input.kind, enabled: input.enabled });
      const saved = await repo.findGreeting(tx, ctx.orgId, teamId, period);
      if (!saved) throw notFound();
      return presentGreeting(saved);
    });
  try {
    return await save();
  } catch (err) {
    // Two first saves of one period raced on the unique index: the second now finds the row.
    if (uniqueViolation(err)?.startsWith("greetings_")) return save();
    throw err;
  }
}

/** What a carrier plays or speaks for a greeting (the calls module's `Greeting`, VOICE.md §4). */
export type PeriodGreeting = { kind: "audio"; url: string } | { kind: "speech"; text: string; locale: "fr-CA" | "en-CA" };

/**
 * The greeting a caller of `teamId` hears in `period`: the team's enabled one, else the
 * organisation's enabled default, else null (the carrier then speaks the catalogue's default).
 */
export async function periodGreeting(
  deps: VoiceSettingsDeps,
  tx: Tx,
  orgId: string,
  teamId: string,
  period: CallPeriod,
): Promise<PeriodGreeting | null> {
  const row = await repo.enabledGreetingFor(tx, orgId, teamId, period);
  if (!row) return null;
  if (row.kind === "TTS") {
    return row.text ? { kind: "speech", text: row.text, locale: row.language === "en-CA" ? "en-CA" : "fr-CA" } : null;
  }
  return row.audio_id ? { kind: "audio", url: signedRecordingUrl(deps, row.audio_id) } : null;
}

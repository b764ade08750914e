import {
  SIGNATURE_MODES,
  appendSignature,
  signatureFor,
  type Locale,
  type SignatureMode,
  type SignatureSettings,
  type UpdateSignatureRequest,
} from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, forbidden, notFound } from "../../platform/errors.ts";
import { loadOrganization } from "../organizations/index.ts";
import { loadProfile } from "../users/index.ts";
import { canUpdateSignature } from "./policy.ts";
import * as repo from "./repo.ts";

/** The signature appended to texts (spec part 2 §3): the organisation's mode, the caller's own line. */

function modeOf(stored: string | undefined): SignatureMode {
  return (SIGNATURE_MODES as readonly string[]).includes(stored ?? "") ? (stored as SignatureMode) : "no-signature";
}

async function loadSignature(tx: Tx, ctx: Ctx): Promise<SignatureSettings> {
  const settings = await repo.findSignatureSettings(tx, ctx.orgId);
  const userSignature = (await repo.findUserSignature(tx, ctx.orgId, ctx.userId)) ?? "";
  const org = await loadOrganization(tx, ctx.orgId);
  const mode = modeOf(settings?.mode);
  const personalizedText = settings?.personalized_text ?? "";
  // A user who wrote no line of their own signs with their name.
  const user = userSignature.trim() || (await loadProfile(tx, ctx.orgId, ctx.userId)).name;
  return {
    mode,
    personalizedText,
    userSignature,
    effective: signatureFor(mode, { clinic: org.name[ctx.locale], user, personalized: personalizedText }),
    abilities: { update: canUpdateSignature(ctx) },
  };
}

function assertOwnOrganization(ctx: Ctx, orgId: string): void {
  if (orgId !== ctx.orgId) throw notFound();
}

/** GET organizations/{id}/signature: every staff member (the composer appends it). */
export async function getSignature(db: Db, ctx: Ctx, orgId: string): Promise<SignatureSettings> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(db, ctx.orgId, (tx) => loadSignature(tx, ctx));
}

/** PUT organizations/{id}/signature: the organisation's mode, administrators only. */
export async function updateSignature(db: Db, ctx: Ctx, orgId: string, input: UpdateSignatureRequest): Promise<SignatureSettings> {
  assertOwnOrganization(ctx, orgId);
  if (!canUpdateSignature(ctx)) throw forbidden();
  return withTenant(db, ctx.orgId, async (tx) => {
    await repo.saveSignatureSettings(tx, ctx.orgId, ctx.userId, input.mode, input.personalizedText);
    await recordAudit(tx, ctx, "update", "signature", ctx.orgId, { mode: input.mode });
    return loadSignature(tx, ctx);
  });
}

/** PUT organizations/{id}/signature/user: the caller's own line, whoever they are. */
export async function updateUserSignature(db: Db, ctx: Ctx, orgId: string, text: string): Promise<SignatureSettings> {
  assertOwnOrganization(ctx, orgId);
  return withTenant(db, ctx.orgId, async (tx) => {
    await repo.saveUserSignature(tx, ctx.orgId, ctx.userId, text);
    return loadSignature(tx, ctx);
  });
}

/**
 * The signature of a text the system sends (spec part 2 §3): a scheduled message and its reminders
 * sign as the staff member who scheduled it (`authorId`); an automatic reply has no author, so the
 * mode "user" signs it with the clinic's name, as does a scheduled message whose author is gone.
 * Null when the organisation adds none.
 */
async function systemTextSignature(tx: Tx, orgId: string, authorId: string | null, locale: Locale = "fr-CA"): Promise<string | null> {
  const settings = await repo.findSignatureSettings(tx, orgId);
  const mode = modeOf(settings?.mode);
  if (mode === "no-signature") return null;
  const clinic = (await loadOrganization(tx, orgId)).name[locale];
  let user = clinic;
  if (mode === "user" && authorId) user = (await authorLine(tx, orgId, authorId)) ?? clinic;
  return signatureFor(mode, { clinic, user, personalized: settings?.personalized_text ?? "" });
}

/** The author's own line, else their name; null when the author no longer exists. */
async function authorLine(tx: Tx, orgId: string, authorId: string): Promise<string | null> {
  const own = (await repo.findUserSignature(tx, orgId, authorId))?.trim();
  if (own) return own;
  try {
    return (await loadProfile(tx, orgId, authorId)).name;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

/**
 * `body` as the system sends it, signed once: a body that already ends with the signature (a
 * quick message inserted with it) is left as it is. For the modules that send texts on their own.
 * In the caller's transaction.
 */
export async function signSystemText(tx: Tx, orgId: string, authorId: string | null, body: string): Promise<string> {
  return appendSignature(body, await systemTextSignature(tx, orgId, authorId));
}

/**
 * signSystemText for many texts in one transaction (a batch of scheduled messages): each author's
 * signature is read once. Call it one text at a time (the transaction runs one query at a time).
 */
export function systemTextSigner(tx: Tx, orgId: string): (authorId: string | null, body: string) => Promise<string> {
  const signatures = new Map<string | null, Promise<string | null>>();
  return async (authorId, body) => {
    let signature = signatures.get(authorId);
    if (!signature) {
      signature = systemTextSignature(tx, orgId, authorId);
      signatures.set(authorId, signature);
    }
    return appendSignature(body, await signature);
  };
}

import { randomBytes } from "node:crypto";
import type { AssignedSip, CreatedSipEndpoint, SipEndpoint, SipEndpointRequest } from "@relais/shared";
import { withTenant, type Db, type Tx } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { recordAudit } from "../../platform/audit.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.ts";
import { uniqueViolation } from "../../platform/pg-errors.ts";
import { canAssignSip, canManageSips, sipPasswordOf, sipUriOf, sipUsernameOf } from "./policy.ts";
import * as repo from "./repo.ts";

/** Desk phones (issue 13 §4, decision 0041): the organisation's SIP endpoints and who holds each. */

/**
 * The carrier side of a desk phone: the SIP domain it registers on and the credential it signs
 * in with. Twilio keeps one credential per endpoint in a credential list of the SIP domain; the
 * sandbox has no SIP domain (the simulator stands in for the phone) and keeps none.
 */
export interface SipDirectory {
  readonly domain: string;
  /** The credential's id at the carrier, or null when the carrier keeps none. */
  addCredential(username: string, password: string): Promise<string | null>;
  removeCredential(credentialSid: string): Promise<void>;
}

/** The sandbox's directory: a made-up domain no SIP client resolves, and no credentials. */
export const sandboxSipDirectory: SipDirectory = {
  domain: "sip.sandbox.relais.invalid",
  addCredential: () => Promise.resolve(null),
  removeCredential: () => Promise.resolve(),
};

type Log = { error: (obj: object, msg: string) => void };
export type SipsDeps = { db: Db; directory: SipDirectory | null; log: Log };

let current: SipsDeps | null = null;

/** Built once per app (app.ts); the calls module reads who has a desk phone through index.ts. */
export function startSips(deps: SipsDeps): SipsDeps {
  current = deps;
  return current;
}

function sips(): SipsDeps {
  if (!current) throw new Error("the sips module is not started (buildApp registers it)");
  return current;
}

function domainOf(deps: SipsDeps): string {
  return deps.directory?.domain ?? sandboxSipDirectory.domain;
}

function present(deps: SipsDeps, ctx: Ctx, row: repo.SipRow): SipEndpoint {
  return {
    id: row.id,
    label: row.label,
    username: row.sip_username,
    sipUri: sipUriOf(row.sip_username, domainOf(deps)),
    assignedTo: row.user_id ? { id: row.user_id, name: row.user_name ?? "" } : null,
    abilities: { assign: canAssignSip(ctx, { userId: row.user_id }), remove: canManageSips(ctx) },
  };
}

export async function listSips(deps: SipsDeps, ctx: Ctx): Promise<SipEndpoint[]> {
  return withTenant(deps.db, ctx.orgId, async (tx) => (await repo.listEndpoints(tx, ctx.orgId)).map((r) => present(deps, ctx, r)));
}

export async function assignedSipOf(deps: SipsDeps, ctx: Ctx): Promise<AssignedSip> {
  return withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await repo.findAssigned(tx, ctx.orgId, ctx.userId);
    return { endpoint: row ? present(deps, ctx, row) : null };
  });
}

/**
 * PUT sips/v1/users/assign/{id}: the caller takes a free phone, releasing the one they held. A
 * phone of another organisation is not found (404); one someone else holds, or lost to someone
 * faster, is `error.no-sips` (409).
 */
export async function assignSip(deps: SipsDeps, ctx: Ctx, id: string): Promise<SipEndpoint> {
  try {
    return await withTenant(deps.db, ctx.orgId, async (tx) => {
      const row = await repo.findEndpoint(tx, ctx.orgId, id);
      if (!row) throw notFound();
      if (!canAssignSip(ctx, { userId: row.user_id })) throw conflict("error.no-sips");
      await repo.releaseHeld(tx, ctx.orgId, ctx.userId, id);
      if (!(await repo.claimEndpoint(tx, ctx.orgId, id, ctx.userId))) throw conflict("error.no-sips");
      await recordAudit(tx, ctx, "sip.assign", "sip_endpoint", id);
      const taken = await repo.findEndpoint(tx, ctx.orgId, id);
      if (!taken) throw notFound();
      return present(deps, ctx, taken);
    });
  } catch (err) {
    // The same person taking two phones at once: the one-phone-per-person index refuses the second.
    if (uniqueViolation(err)) throw conflict("error.no-sips");
    throw err;
  }
}

export async function unassignSip(deps: SipsDeps, ctx: Ctx): Promise<{ ok: true }> {
  await withTenant(deps.db, ctx.orgId, async (tx) => {
    if ((await repo.releaseHeld(tx, ctx.orgId, ctx.userId)) > 0) await recordAudit(tx, ctx, "sip.unassign", "sip_endpoint", null);
  });
  return { ok: true };
}

/**
 * Adds a desk phone: the carrier's credential first (a phone without one could never sign in),
 * then the row; a row refused (label taken) takes its credential back with it. The password is
 * answered once and kept nowhere in Relais.
 */
export async function createSip(deps: SipsDeps, ctx: Ctx, input: SipEndpointRequest): Promise<CreatedSipEndpoint> {
  if (!canManageSips(ctx)) throw forbidden();
  const directory = deps.directory;
  if (!directory) throw new AppError("error.sips-unavailable", 409);
  const username = sipUsernameOf(randomBytes(8));
  const password = sipPasswordOf(randomBytes(16));
  const credentialSid = await directory.addCredential(username, password);
  try {
    return await withTenant(deps.db, ctx.orgId, async (tx) => {
      const id = await repo.insertEndpoint(tx, ctx.orgId, {
        label: input.label,
        sip_username: username,
        credential_sid: credentialSid,
        created_by: ctx.userId,
      });
      await recordAudit(tx, ctx, "sip.create", "sip_endpoint", id, { label: input.label });
      const row = await repo.findEndpoint(tx, ctx.orgId, id);
      if (!row) throw notFound();
      return { endpoint: present(deps, ctx, row), password: credentialSid ? password : null };
    });
  } catch (err) {
    if (credentialSid) await forget(deps, directory, credentialSid);
    if (uniqueViolation(err)) throw conflict("error.sip-label-exists");
    throw err;
  }
}

/** Removes a desk phone; its credential is removed at the carrier once the row is gone. */
export async function removeSip(deps: SipsDeps, ctx: Ctx, id: string): Promise<{ ok: true }> {
  if (!canManageSips(ctx)) throw forbidden();
  const removed = await withTenant(deps.db, ctx.orgId, async (tx) => {
    const row = await repo.deleteEndpoint(tx, ctx.orgId, id);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, "sip.remove", "sip_endpoint", id);
    return row;
  });
  if (removed.credential_sid && deps.directory) await forget(deps, deps.directory, removed.credential_sid);
  return { ok: true };
}

/** A credential left behind is harmless without its row (nothing rings it): logged, not failed. */
async function forget(deps: SipsDeps, directory: SipDirectory, credentialSid: string): Promise<void> {
  await directory
    .removeCredential(credentialSid)
    .catch((err: unknown) => deps.log.error({ err, credentialSid }, "sip credential not removed"));
}

/**
 * The desk phones of the people a call is offered to (the calls module rings them beside their
 * browsers), as SIP addresses by person; read in the caller's transaction, scoped by its
 * organisation.
 */
export async function deskPhonesOf(tx: Tx, orgId: string, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const s = sips();
  const names = await repo.usernamesOf(tx, orgId, userIds);
  return new Map([...names].map(([userId, username]) => [userId, sipUriOf(username, domainOf(s))]));
}

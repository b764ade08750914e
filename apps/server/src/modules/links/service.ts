import { randomInt } from "node:crypto";
import {
  SHORT_LINK_CODE_LENGTH,
  SHORT_LINK_CODE_PATTERN,
  SHORT_LINK_URL_MAX,
  type CreateLinkRequest,
  type CreateLinkResponse,
} from "@relais/shared";
import { withTenant, type Db } from "../../db/database.ts";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { AppError } from "../../platform/errors.ts";
import type { Limit, RateLimiter } from "../../platform/rate-limit.ts";
import { presentLink } from "./presenter.ts";
import * as repo from "./repo.ts";

/** Staff shorten links while writing texts; a script shortening thousands is not staff. */
export const CREATE_LIMIT: Limit = { max: 60, windowSeconds: 60 };
/** Per address: a person opens a few links; guessing codes takes millions of tries. */
export const FOLLOW_LIMIT: Limit = { max: 60, windowSeconds: 60 };

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** At 62^7 codes a collision is rare; five draws in a row colliding means something else is wrong. */
const DRAWS = 5;

/** A random base62 code from the system's CSPRNG; randomInt draws without modulo bias. */
function newCode(length = SHORT_LINK_CODE_LENGTH): string {
  let code = "";
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * The address as browsers send it (host in punycode, path percent-encoded), so the redirect's
 * Location header holds only ASCII; encoding may lengthen it past the limit.
 */
function normalise(url: string): string {
  const href = new URL(url).href;
  if (href.length > SHORT_LINK_URL_MAX) {
    throw new AppError("validation.max-length", 400, { maxLength: SHORT_LINK_URL_MAX }, [{ path: "url", code: "validation.max-length" }]);
  }
  return href;
}

/**
 * POST link/create: a short link of the caller's organisation. The same organisation shortening
 * the same address again gets the same code (its clicks add up); a code taken by any
 * organisation is drawn again.
 */
export async function createLink(
  db: Db,
  limiter: RateLimiter,
  ctx: Ctx,
  input: CreateLinkRequest,
  publicUrl: string,
): Promise<CreateLinkResponse> {
  await limiter.hit(`link-create:${ctx.userId}`, CREATE_LIMIT);
  const url = normalise(input.url);
  return withTenant(db, ctx.orgId, async (tx) => {
    for (let draw = 0; draw < DRAWS; draw++) {
      const code = await repo.insertLink(tx, { orgId: ctx.orgId, code: newCode(), url, createdBy: ctx.userId });
      if (code) return presentLink(publicUrl, code);
      const existing = await repo.findCodeByUrl(tx, ctx.orgId, url);
      if (existing) return presentLink(publicUrl, existing);
    }
    throw new Error(`short links: ${DRAWS} codes drawn in a row were all taken`);
  });
}

/**
 * GET /l/{code}: the address to send the visitor to, one click counted; undefined for a code
 * that names nothing. Rate limited per address before anything is looked up, so codes cannot
 * be enumerated; a malformed code is not looked up at all.
 */
export async function followLink(db: Db, limiter: RateLimiter, code: string, ip: string): Promise<string | undefined> {
  await limiter.hit(`link-follow:${ip}`, FOLLOW_LIMIT);
  if (!SHORT_LINK_CODE_PATTERN.test(code)) return undefined;
  return repo.unsafeFollowLink(db, code);
}

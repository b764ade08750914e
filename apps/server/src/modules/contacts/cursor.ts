import { z } from "zod";
import { badRequest } from "../../platform/errors.ts";
import type { ContactCursor } from "./repo.ts";

/** Opaque keyset cursors of the contact list: base64url JSON, checked on the way back in. */

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
const cursor = z.union([z.tuple([z.literal("name"), z.string().max(400), z.uuid()]), z.tuple([z.literal("recent"), timestamp, z.uuid()])]);

export function encodeContactCursor(c: ContactCursor): string {
  const value = c.sort === "name" ? [c.sort, c.key, c.id] : [c.sort, c.at, c.id];
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** The cursor, which must come from a page of the same sort; else 400 error.bad-request. */
export function decodeContactCursor(raw: string, sort: ContactCursor["sort"]): ContactCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw badRequest("error.bad-request");
  }
  const parsed = cursor.safeParse(value);
  if (!parsed.success || parsed.data[0] !== sort) throw badRequest("error.bad-request");
  const [kind, key, id] = parsed.data;
  return kind === "name" ? { sort: kind, key, id } : { sort: kind, at: key, id };
}

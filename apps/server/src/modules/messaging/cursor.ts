import { z } from "zod";
import { badRequest } from "../../platform/errors.ts";
import type { MessageCursor, ThreadCursor } from "./repo.ts";

/** Opaque keyset cursors: base64url JSON, checked on the way back in (a client may send anything). */

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
const threadCursor = z.tuple([z.boolean(), timestamp, z.uuid()]);
const messageCursor = z.tuple([timestamp, z.uuid()]);

function decode<T>(schema: z.ZodType<T>, raw: string): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw badRequest("error.bad-request");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest("error.bad-request");
  return parsed.data;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export function encodeThreadCursor(c: ThreadCursor): string {
  return encode([c.pinned, c.at, c.id]);
}

export function decodeThreadCursor(raw: string): ThreadCursor {
  const [pinned, at, id] = decode(threadCursor, raw);
  return { pinned, at, id };
}

export function encodeMessageCursor(c: MessageCursor): string {
  return encode([c.at, c.id]);
}

export function decodeMessageCursor(raw: string): MessageCursor {
  const [at, id] = decode(messageCursor, raw);
  return { at, id };
}

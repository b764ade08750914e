/** The name of the unique constraint a PostgreSQL error broke, if it is a unique violation. */
export function uniqueViolation(err: unknown): string | null {
  if (typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505") {
    const constraint = (err as { constraint?: unknown }).constraint;
    return typeof constraint === "string" ? constraint : "";
  }
  return null;
}

/**
 * Is this PostgreSQL's refusal of a text it cannot store: a NUL character (U+0000) in a text
 * column (22021) or in a jsonb value (22P05)? Only a request can bring such a character in, so
 * it is the client's mistake, not the server's.
 */
export function unstorableText(err: unknown): boolean {
  const code = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
  return code === "22021" || code === "22P05";
}

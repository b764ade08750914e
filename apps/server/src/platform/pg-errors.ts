/** The name of the unique constraint a PostgreSQL error broke, if it is a unique violation. */
export function uniqueViolation(err: unknown): string | null {
  if (typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505") {
    const constraint = (err as { constraint?: unknown }).constraint;
    return typeof constraint === "string" ? constraint : "";
  }
  return null;
}

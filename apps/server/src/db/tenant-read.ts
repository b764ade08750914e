import { CompiledQuery, type Compilable } from "kysely";
import type { Db } from "./database.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An organisation id checked to be a UUID: the only form that may be written into SQL text. */
export function uuidLiteral(value: string): string {
  if (!UUID.test(value)) throw new Error("expected a UUID");
  return `'${value}'`;
}

/**
 * Runs one read-only `query` scoped to organisation `orgId` in ONE round trip: PostgreSQL runs
 * the statements of one simple-protocol message as one transaction, so the `set_config(…, true)`
 * that sets the row-level security key lasts exactly for the read and ends with it — where
 * withTenant needs begin, set_config, the read and commit (decision 0042). For reads made at
 * every request (the session check, the team list); the real-time log's read, made at every
 * event, has its own function instead (relais_read_events, decision 0061). `db` must be a pool, not
 * a transaction, and the query's parameters UUIDs, numbers, booleans or nulls: they are written
 * into the text, which a simple-protocol message requires.
 */
export async function readAsTenant<R>(db: Db, orgId: string, query: Compilable<R>): Promise<R[]> {
  if (db.isTransaction) throw new Error("readAsTenant runs on the pool, not in a transaction");
  const compiled = query.compile();
  const text = `select set_config('app.org_id', ${uuidLiteral(orgId)}, true); ${inlineParameters(compiled.sql, compiled.parameters)}`;
  const { rows } = await db.executeQuery<R>(CompiledQuery.raw(text));
  return rows;
}

/** `$n` placeholders outside quotes replaced by their values as SQL literals; anything unsafe throws. */
export function inlineParameters(sql: string, parameters: readonly unknown[]): string {
  let out = "";
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql.charAt(i);
    if (quote) {
      out += c;
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      out += c;
      continue;
    }
    const digits = c === "$" ? /^\d+/.exec(sql.slice(i + 1)) : null;
    if (!digits) {
      out += c;
      continue;
    }
    const index = Number(digits[0]) - 1;
    if (index < 0 || index >= parameters.length) throw new Error(`no parameter $${digits[0]}`);
    out += literal(parameters[index]);
    i += digits[0].length;
  }
  if (quote) throw new Error("unterminated quote in SQL");
  return out;
}

function literal(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string") return uuidLiteral(value);
  throw new Error("readAsTenant takes UUIDs, numbers, booleans and nulls only");
}

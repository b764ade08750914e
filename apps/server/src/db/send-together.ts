import type { Compilable } from "kysely";
import type { Tx } from "./database.ts";

/** A statement to send with others, and what its rows mean to the caller. */
export type Together<T> = { query: Compilable<unknown>; answer: (rows: unknown[]) => T };

/** `query` as one of sendTogether's statements; `answer` reads its rows (by default, the rows). */
export function together<R, T = R[]>(query: Compilable<R>, answer?: (rows: R[]) => T): Together<T> {
  return { query, answer: (rows) => (answer ? answer(rows as R[]) : (rows as T)) };
}

/**
 * Statements of one transaction that do not need each other's answers, sent at once: each leaves
 * without waiting for the answer of the one before (the app pool pipelines, decision 0054), and
 * PostgreSQL runs them in order, so a later one sees what an earlier one wrote. One round trip
 * instead of one each. If one fails, PostgreSQL aborts the transaction, the ones after it fail
 * too, and the first failure is the one thrown.
 *
 * Kysely sends a transaction's statements one at a time, each after the previous answer; this
 * hands them to the transaction's connection together, through the executor Kysely keeps for
 * the transaction (marked internal in its typings, hence the API test in tenancy.api.test.ts
 * that counts the round trips).
 */
export async function sendTogether<T extends readonly unknown[]>(tx: Tx, ...parts: { [K in keyof T]: Together<T[K]> }): Promise<T> {
  const compiled = parts.map((part) => part.query.compile());
  const results = await tx.getExecutor().provideConnection(async (connection) => {
    const sent = compiled.map((query) => connection.executeQuery(query));
    // Settled, so that the first failure (in sending order) is the one thrown.
    const settled = await Promise.allSettled(sent);
    const failed = settled.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    return settled.map((s) => (s.status === "fulfilled" ? s.value.rows : []));
  });
  return parts.map((part, i) => part.answer(results[i] ?? [])) as unknown as T;
}

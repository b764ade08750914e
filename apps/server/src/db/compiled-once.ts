import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./database.ts";

/**
 * Statements of the hot paths built and compiled by Kysely once, then run with new values.
 *
 * Kysely builds each statement as a tree of frozen nodes, one copied tree per method called, and
 * walks the tree to SQL text at every run: on the inbound text path that was 16 % of the server's
 * busy time at 200 texts a second (decision 0068), for statements whose text never changes, only
 * their values. A statement made with `compiledOnce` is built the first time it runs, with a slot
 * standing in for each value; its compiled form records which parameter each slot became, and
 * every later run copies that form with the run's values in the slots' places. The statement is
 * written with the same builders as everywhere else (and the same typings): only what may vary
 * between runs is a slot.
 *
 * A value that changes the statement's shape cannot be a slot: a list spread into `in (…)`, a
 * patch whose keys vary, a value tested in JavaScript to choose a clause. The first build checks
 * what it can — every slot must come out as exactly the parameters it stood for, and none may be
 * written into the text — and throws otherwise; shapes chosen in JavaScript are the caller's to
 * keep out (a slot is an object, so it is always truthy).
 */
export function compiledOnce<Q extends Db, V extends Record<string, unknown>, R>(
  build: (db: Q, slots: V) => Compilable<R>,
): CompiledOnce<Q, V, R> {
  let template: Template<V, R> | undefined;
  return (db, values) => ({
    compile: () => {
      template ??= compileTemplate(build, db, Object.keys(values));
      return { ...template.compiled, parameters: template.parametersOf(values) };
    },
  });
}

/**
 * A statement made by compiledOnce: the statement for these values, to send with others
 * (sendTogether) or to run (runCompiled). `db` is what the first run builds with (the
 * transaction or the database; the text is the same).
 */
type CompiledOnce<Q, V, R> = (db: Q, values: V) => Compilable<R>;

/** Runs a statement made by compiledOnce, answering its rows. */
export async function runCompiled<R>(db: Db, statement: Compilable<R>): Promise<R[]> {
  return (await db.executeQuery(statement.compile())).rows;
}

type Template<V, R> = { compiled: CompiledQuery<R>; parametersOf: (values: V) => unknown[] };

/** What each parameter of the compiled text is: a slot's value or a constant of the statement. */
type Parameter = { slot: string } | { constant: unknown };

/** Stands for one value while the statement is built; never sent. */
class Slot {
  constructor(readonly name: string) {}
  /** What a slot would look like in the text had something written it there instead of a parameter. */
  toString(): string {
    return `${SLOT_MARK}${this.name}`;
  }
}
const SLOT_MARK = "\u0000relais-slot:";

function compileTemplate<Q extends Db, V extends Record<string, unknown>, R>(
  build: (db: Q, slots: V) => Compilable<R>,
  db: Q,
  names: readonly string[],
): Template<V, R> {
  // The slots stand in for the values: the builders take them for plain values (objects) and
  // make each one a parameter. Typed as the values only for the builder's sake.
  const slots = Object.fromEntries(names.map((name) => [name, new Slot(name)])) as unknown as V;
  const compiled = build(db, slots).compile();
  if (compiled.sql.includes(SLOT_MARK)) throw new Error(`compiledOnce: a slot was written into the statement's text: ${compiled.sql}`);
  const parameters: Parameter[] = compiled.parameters.map((value) => (value instanceof Slot ? { slot: value.name } : { constant: value }));
  for (const value of compiled.parameters) {
    if (isNested(value)) throw new Error("compiledOnce: a slot is inside a parameter (a list or an object built from slots)");
  }
  const unused = names.filter((name) => !parameters.some((p) => "slot" in p && p.slot === name));
  if (unused.length) throw new Error(`compiledOnce: slots not made parameters (a value that shapes the statement?): ${unused.join(", ")}`);
  return {
    compiled,
    parametersOf: (values) => parameters.map((p) => ("slot" in p ? values[p.slot] : p.constant)),
  };
}

/** Whether a constant parameter holds a slot (an array or object of values built from slots). */
function isNested(value: unknown): boolean {
  if (value instanceof Slot || value === null || typeof value !== "object") return false;
  return Object.values(value).some((inner) => inner instanceof Slot || isNested(inner));
}

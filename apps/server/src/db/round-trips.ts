import { createHash } from "node:crypto";
import type { Duplex } from "node:stream";
import type pg from "pg";

/**
 * Fewer round trips and less planning for every pooled connection of the app (decision 0040).
 *
 * - A transaction's `begin` is not sent alone: it waits for the transaction's first statement
 *   and goes with it in one message when that statement has no parameters. withTenant's
 *   `set_config`, whose answer nobody reads, waits with it for the next statement, and when that
 *   one has parameters the two messages leave together (the pool pipelines, decision 0054): a
 *   tenant's transaction reaches its first real answer in one round trip. A transaction that
 *   runs nothing sends nothing.
 * - A statement with parameters is prepared once per connection under a name derived from its
 *   text, so PostgreSQL parses it once and may reuse its plan, instead of parsing and planning
 *   every execution of the same few dozen statements of the hot paths.
 *
 * Kysely, graphile-worker's own pool and LISTEN clients are untouched: only the clients of the
 * pool passed to `saveRoundTrips` change, and only in what goes on the wire.
 */
export function saveRoundTrips(pool: pg.Pool): void {
  pool.on("connect", (client) => wrapClient(client));
  // A client handed back with its `begin` still unsent starts its next use clean.
  pool.on("release", (_err: unknown, client: pg.PoolClient) => {
    const state = states.get(client);
    if (state) {
      state.beginPending = false;
      state.opening = [];
    }
  });
}

/** Distinct statements a connection prepares at most; the rest run unnamed as before. */
const MAX_PREPARED_PER_CONNECTION = 400;
/** Distinct statement texts given a name at most (a query whose text varies gets none). */
const MAX_NAMED_TEXTS = 4_000;

/**
 * `beginPending`: a begin not sent yet; `opening`: the parameterless statements held with it,
 * sent in the same message as the begin (withTenant's tenant key).
 */
type ClientState = { beginPending: boolean; opening: string[]; prepared: Set<string>; preparing: boolean };
const states = new WeakMap<pg.ClientBase, ClientState>();
const names = new Map<string, string>();

const BEGIN = /^\s*begin\s*$/i;
/**
 * withTenant's first statement, whose answer nobody reads: held with the begin until the next
 * one. Only this exact shape: any other statement's rows may be wanted.
 */
const TENANT_KEY = /^select set_config\('app\.org_id', '[0-9a-f-]{36}', true\)$/i;
const END = /^\s*(commit|rollback)\s*$/i;

/** What pg answers for a statement that was not sent because it had no effect. */
const emptyResult = (command: string) => ({ command, rowCount: null, rows: [], fields: [], oid: 0 });

/** Answers of a multi-statement simple query come as an array: the caller asked for the last one. */
const lastResult = (answer: unknown): unknown => (Array.isArray(answer) ? (answer as unknown[]).at(-1) : answer);

/** Errors after which a connection's prepared statements cannot be trusted (a migration ran). */
const STALE_PLAN = /cached plan must not change result type|prepared statement .* does not exist/;

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= MAX_NAMED_TEXTS) return undefined;
  const name = `relais_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
  names.set(text, name);
  return name;
}

// pg's query() has a dozen overloads (callbacks, configs, submittables); the wrapper rewrites
// only the promise form Kysely uses — (text) or (text, values) — and passes anything else through.
type AnyQuery = (...args: unknown[]) => Promise<unknown>;

function wrapClient(client: pg.PoolClient): void {
  const state: ClientState = { beginPending: false, opening: [], prepared: new Set(), preparing: true };
  states.set(client, state);
  // Looked up at each use: pg replaces the socket with a TLS one when it negotiates TLS.
  const hold = holdWrites(() => (client as unknown as pg.Client).connection.stream);
  const query = client.query.bind(client) as AnyQuery;
  const send: AnyQuery = (...args) => {
    hold();
    return query(...args);
  };
  const wrapped: AnyQuery = (...args) => {
    const [text, values, more] = args;
    if (typeof text !== "string" || more !== undefined || (values !== undefined && !Array.isArray(values))) {
      return flushBegin(state, send).then(() => send(...args));
    }
    const simple = !values || values.length === 0;
    if (simple && BEGIN.test(text)) {
      // A begin after a begin would be an error PostgreSQL reports: keep that behaviour.
      if (state.beginPending) return flushBegin(state, send).then(() => ((state.beginPending = true), emptyResult("BEGIN")));
      state.beginPending = true;
      return Promise.resolve(emptyResult("BEGIN"));
    }
    if (state.beginPending) {
      if (simple && TENANT_KEY.test(text)) {
        state.opening.push(text);
        return Promise.resolve(emptyResult("SELECT"));
      }
      const opening = ["begin", ...state.opening.splice(0)].join("; ");
      state.beginPending = false;
      if (simple && END.test(text)) return Promise.resolve(emptyResult(text.trim().toUpperCase()));
      if (simple) return send(`${opening}; ${text}`).then(lastResult);
      // Both sent now, the statement without waiting for the begin's answer (pipelined); were
      // the begin to fail, the statement fails too, and the begin's error is the one that counts.
      const opened = send(opening);
      const answer = execute(state, send, text, values);
      return opened.then(
        () => answer,
        (err: unknown) => {
          answer.catch(() => undefined);
          throw err;
        },
      );
    }
    return simple ? send(text).then(lastResult) : execute(state, send, text, values);
  };
  (client as unknown as { query: AnyQuery }).query = wrapped;
}

/**
 * Holds what is written to a connection's socket until the JavaScript running now, and the
 * promise callbacks it sets off, are done; then everything held leaves in one write.
 *
 * Statements sent without waiting for each other (a begin with its first statement,
 * sendTogether's, an unanswered write with the commit) are otherwise one write each: pg writes
 * every statement as soon as it is handed one. On this machine a write to PostgreSQL's socket
 * was a third of the server's busy time at 120 texts a second (decision 0058): each is a system
 * call that also runs the loopback's delivery and wakes the backend. Only when the writes leave
 * changes, never their order or content: PostgreSQL reads the same messages, in one packet.
 *
 * process.nextTick runs once the current callback's promise callbacks have all run (Node drains
 * those first when the hold was taken inside one, as Kysely's statements always are), which
 * is how the statements of one round trip, a few awaits apart, end up in the same write.
 */
function holdWrites(socketOf: () => Pick<Duplex, "cork" | "uncork">): () => void {
  let held: Pick<Duplex, "cork" | "uncork"> | null = null;
  const release = () => {
    held?.uncork();
    held = null;
  };
  return () => {
    if (held) return;
    held = socketOf();
    held.cork();
    process.nextTick(release);
  };
}

function flushBegin(state: ClientState, send: AnyQuery): Promise<unknown> {
  if (!state.beginPending) return Promise.resolve();
  state.beginPending = false;
  return send(["begin", ...state.opening.splice(0)].join("; "));
}

function execute(state: ClientState, send: AnyQuery, text: string, values: unknown[]): Promise<unknown> {
  const name = state.preparing ? nameOf(text) : undefined;
  if (!name || (!state.prepared.has(name) && state.prepared.size >= MAX_PREPARED_PER_CONNECTION)) return send(text, values);
  state.prepared.add(name);
  return send({ name, text, values }).catch((err: unknown) => {
    // The schema changed under this connection's plans: it stops preparing and PostgreSQL's
    // answer for this statement stands (the transaction it ran in is already aborted).
    if (err instanceof Error && STALE_PLAN.test(err.message)) state.preparing = false;
    throw err;
  });
}

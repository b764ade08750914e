import type pg from "pg";

/**
 * The organisations whose directory a pooled connection's transaction changed, learnt with its
 * commit (decision 0053): migration 0029's trigger writes them into the session setting
 * `relais.directory_changed`, and the commit is sent with a read that takes the setting and
 * clears it, in one message. The commit answers only once `heard` has run, so this node forgets
 * what it held before the writer's next statement, as when the pooled connections listened.
 *
 * The read comes after the commit: a commit that fails (the transaction was aborted) skips it,
 * and the setting, undone with the transaction, names nothing. A change made outside a
 * transaction is heard at the connection's next commit, and by the node's listener meanwhile.
 */
export function hearDirectoryChangesAtCommit(pool: pg.Pool, heard: (payload: string) => void): void {
  pool.on("connect", (client) => {
    const send = client.query.bind(client) as AnyQuery;
    const query: AnyQuery = (...args) => {
      const [text, values, more] = args;
      if (typeof text !== "string" || more !== undefined || !COMMIT.test(text) || (Array.isArray(values) && values.length > 0)) {
        return send(...args);
      }
      return send(COMMIT_AND_READ).then((answer) => {
        const [commit, read] = answer as [unknown, { rows: { changed: string | null }[] }];
        const changed = read.rows[0]?.changed;
        if (changed) heard(changed);
        return commit;
      });
    };
    (client as unknown as { query: AnyQuery }).query = query;
  });
}

type AnyQuery = (...args: unknown[]) => Promise<unknown>;

const COMMIT = /^\s*commit\s*$/i;

const COMMIT_AND_READ = `commit;
  with c as materialized (select current_setting('relais.directory_changed', true) as changed)
  select c.changed, set_config('relais.directory_changed', '', false) from c`;

import pg from "pg";

/**
 * The demo clinic's call queue, written straight into the e2e server's embedded database: the
 * plan includes it (`call_queue_enabled`), and `on` sets the administrators' switch with its
 * notification (`options.voiceQueue`) and the Réception's own setting. Journeys that need the
 * queue on turn it on, and every journey that touched it puts it back off, whatever happened.
 */
export async function setReceptionQueue(on: boolean, notification = false): Promise<void> {
  const port = Number(process.env["E2E_PORT"] ?? "3210") + 2000;
  const client = new pg.Client({ connectionString: `postgres://postgres:relais@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    await client.query(
      `update organizations set call_queue_enabled = true,
         options = jsonb_set(options::jsonb, '{voiceQueue}', jsonb_build_object('enabled', $1::boolean, 'notification', $2::boolean))
       where id in (select organization_id from teams where label = 'Réception')`,
      [on, on && notification],
    );
    await client.query(
      `update teams set settings = jsonb_set(settings::jsonb, '{voiceQueue}', to_jsonb($1::boolean)) where label = 'Réception'`,
      [on],
    );
  } finally {
    await client.end();
  }
}

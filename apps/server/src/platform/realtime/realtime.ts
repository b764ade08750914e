import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import websocket from "@fastify/websocket";
import type { AppDeps } from "../../app-deps.ts";
import { isUrgent } from "../../db/priority-pool.ts";
import type { EventBus } from "./bus.ts";
import { eventsRoute } from "./events-route.ts";
import { Hub } from "./hub.ts";
import { createPgBus } from "./pg-bus.ts";
import { setCommitSignal } from "./record-event.ts";
import { createRedisBus } from "./redis-bus.ts";
import { realtimeSocketRoute } from "./websocket.ts";

export type RealtimeOptions = {
  /** The first message must authenticate within this time. */
  authTimeoutMs: number;
  /** Ping every socket this often; one unanswered ping ends it. */
  heartbeatMs: number;
  /** Re-read the log and re-check sessions and teams this often (the safety net). */
  sweepMs: number;
  catchUpLimit: number;
};

const REALTIME_DEFAULTS: RealtimeOptions = { authTimeoutMs: 10_000, heartbeatMs: 30_000, sweepMs: 30_000, catchUpLimit: 1_000 };

/** Client messages are tiny (an auth token); anything bigger is refused by ws with 1009. */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

export type Realtime = { bus: EventBus; hub: Hub };

/**
 * Real time for one app: the bus (PostgreSQL by default, Redis when REDIS_URL is set) and the
 * hub. Both start when the app is ready — main.ts listens only after migrating, so after the
 * migrations — and stop when it closes, before main.ts or a test closes the pools. Must be
 * called before any route is registered (@fastify/websocket wraps the routes that follow).
 * Answers the routes to mount under /api.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: AppDeps,
  overrides: Partial<RealtimeOptions> = {},
): Promise<{ realtime: Realtime; routes: FastifyPluginAsync }> {
  const options = { ...REALTIME_DEFAULTS, ...overrides };
  const bus = deps.config.REDIS_URL
    ? createRedisBus({ url: deps.config.REDIS_URL, log: app.log })
    : createPgBus({ db: deps.db, log: app.log });
  const hub = new Hub(deps.db.app, app.log, options);

  // Registered before the plugin's own preClose, so joined sockets hear 1001 "going away"
  // (reconnect elsewhere) rather than a bare close.
  app.addHook("preClose", async () => hub.closeAll());
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });

  app.addHook("onReady", async () => {
    await bus.start();
    hub.start(bus);
    // Both pools: services write through the app pool, system work through the owner pool.
    for (const db of [deps.db.app, deps.db.owner]) {
      setCommitSignal(db, (orgId) => {
        // A call's events ring this node's staff at once (decision 0049); other nodes hear the bus.
        if (isUrgent()) hub.committedUrgently(orgId);
        bus.publish(orgId);
      });
    }
  });
  app.addHook("onClose", async () => {
    for (const db of [deps.db.app, deps.db.owner]) setCommitSignal(db, null);
    await hub.stop();
    await bus.close();
  });

  const routes: FastifyPluginAsync = async (api) => {
    await api.register(realtimeSocketRoute(deps, hub, options.authTimeoutMs));
    await api.register(eventsRoute(deps));
  };
  return { realtime: { bus, hub }, routes };
}

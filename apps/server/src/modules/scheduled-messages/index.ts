/** The scheduled-messages module's public face: its routes and jobs, and what the demo seed writes. */

/** Texts planned for a date and time, and the development clock (app.ts). */
export { scheduledMessageRoutes } from "./routes.ts";
export { scheduledMessageDevRoutes } from "./dev-routes.ts";

/** The jobs that send them and their reminders (app.ts). */
export { scheduledMessageTasks } from "./jobs.ts";

/** A scheduled message as staff would write it, and past ones (the demo seed). */
export { createScheduled, scheduledInstant, storePastScheduled } from "./service.ts";

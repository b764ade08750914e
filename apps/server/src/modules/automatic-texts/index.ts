/**
 * The automatic-texts module's public face: its settings routes, and the texts it sends on the
 * other modules' behalf (an inbound text outside hours, a missed call, a callback request).
 */

/** Per-team outside-hours and missed-call texts (app.ts). */
export { automaticTextRoutes } from "./routes.ts";

/** An after-inbound step of messaging: the team's outside-hours text (app.ts wires it). */
export { replyOutsideHours } from "./service.ts";

/** The calls module's texts: after a missed call, and the confirmation of a callback request. */
export { replyToMissedCall, textCallbackRequest } from "./service.ts";

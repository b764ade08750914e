/**
 * The text-blocks module's public face: its routes, and the rules of a text that other modules
 * send (dynamic fields, the signature, a quick message named by id). It imports nothing of
 * messaging: the files of quick messages, kept in messaging's media, come in as
 * `QuickMessageFiles` (app.ts).
 */

/** Quick messages, SMS templates with their tokens, signatures (app.ts). */
export { textBlockRoutes } from "./routes.ts";
export type { QuickMessageFiles } from "./service.ts";

/** No text is sent with a raw `{{token}}`; a quick message named by id must be the organisation's. */
export { assertQuickMessage, refuseUnfilledFields } from "./service.ts";

/** The signature of a text the system sends (automatic texts, scheduled messages). */
export { signSystemText, systemTextSigner } from "./signature-service.ts";

/** A quick message as staff would write it (the demo seed). */
export { createTextBlock } from "./service.ts";

/**
 * Which texts leave the catalogue every page downloads first (the bundle budget, decision 0016),
 * read by vite.config.ts at build time. A deferred part is its own module per language
 * (`virtual:relais-catalogue/fr-CA/email`), fetched with the screens that show it
 * (catalogue-part.tsx). Alerts are drawn by the app's root, outside those screens, so every text
 * an alert shows stays in the main catalogue: `success.*` and `error.*`, and the screens' own
 * alert texts listed here (catalogue-parts.test.ts finds any new one).
 */
const ALERT_TEXTS_OF_DEFERRED_SCREENS: ReadonlySet<string> = new Set([
  "config.auto.saved",
  "config.profile.password-changed",
  "config.profile.saved",
  "config.saved",
  "config.team.deleted",
  "config.team.member-added",
  "config.team.member-removed",
  "config.teams.created",
  "config.users.created",
  "config.users.deleted",
  "devops.saved",
  "simulator.settings.saved",
]);

/** The parts, each a test of a message id; `callKeys` are the call screens' (the uiCalls area, decision 0029). */
export function deferredParts(callKeys: ReadonlySet<string>): Record<string, (id: string) => boolean> {
  const screen = (prefix: string) => (id: string) => id.startsWith(prefix) && !ALERT_TEXTS_OF_DEFERRED_SCREENS.has(id);
  return {
    email: screen("email."),
    calls: (id) => callKeys.has(id),
    simulator: screen("simulator."),
    devops: screen("devops."),
    import: screen("import."),
    // The shared save bar and query section show these two on other screens too.
    config: (id) => screen("config.")(id) && id !== "config.fix-errors" && id !== "config.load-failed-hint",
  };
}

/** Texts only the server uses (emails it sends, a caller's voice prompts, the short-link page): never in the web's catalogue. */
export function serverOnly(id: string): boolean {
  return ["mail.", "voice-prompt.", "short-link."].some((prefix) => id.startsWith(prefix));
}

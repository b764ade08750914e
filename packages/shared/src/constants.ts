/** Business constants of spec part 1 §9 and part 2 §9. */
export const IDLE_TIMEOUT_MS = 43_200_000;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const REQUEST_TIMEOUT_MS = 90_000;
export const REFRESH_TIMEOUT_MS = 30_000;
export const MAINTENANCE_POLL_MS = 120_000;
export const MIN_SCREEN_WIDTH = 1024;
export const ALERTS_MAX = 3;
export const ALERT_HIDE_MS = 3_000;
export const TITLE_FLIP_MS = 5_000;
export const TITLE_HOLD_MS = 2_000;
export const MIN_SEARCH_CHARACTERS = 3;
export const APP_VERSION = "5.3.2";
/** The email provider's authorisation page (spec part 2 §9): an 800 × 600 popup, checked every second. */
export const EMAIL_POPUP = { width: 800, height: 600, pollMs: 1_000 } as const;

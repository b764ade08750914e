import { E164_PATTERN } from "@relais/shared";

/** What the simulator remembers in this browser: the phone one plays and the clinic it texts. */
const KEYS = { phone: "relais.simulator.phone", clinic: "relais.simulator.clinic" } as const;
export type Remembered = keyof typeof KEYS;

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage refused (privacy settings): the simulator still works, it just forgets.
    return null;
  }
}

/** A remembered number, or null when absent or not E.164 (an edited or stale entry). */
export function readRemembered(what: Remembered, storage: StorageLike | null = browserStorage()): string | null {
  const value = storage?.getItem(KEYS[what]) ?? null;
  return value !== null && E164_PATTERN.test(value) ? value : null;
}

export function remember(what: Remembered, value: string | null, storage: StorageLike | null = browserStorage()): void {
  if (value === null) {
    storage?.removeItem(KEYS[what]);
  } else {
    storage?.setItem(KEYS[what], value);
  }
}

import { E164_PATTERN, email } from "@relais/shared";

/**
 * What the simulator remembers in this browser: the phone one plays and the clinic it texts, the
 * address one writes from and the team mailbox it writes to.
 */
const KEYS = {
  phone: "relais.simulator.phone",
  clinic: "relais.simulator.clinic",
  address: "relais.simulator.email",
  mailbox: "relais.simulator.mailbox",
  desk: "relais.simulator.desk",
} as const;
export type Remembered = keyof typeof KEYS;

/** Numbers in E.164, addresses as the shared email rule takes them. */
const isNumber = (value: string) => E164_PATTERN.test(value);
const isAddress = (value: string) => email.safeParse(value).data === value;
/** A desk phone's SIP address, as the profile shows it. */
export const isDeskAddress = (value: string) => /^sip:[a-z0-9_]{6,32}@[a-z0-9.-]{1,200}$/.test(value);
const VALID: Record<Remembered, (value: string) => boolean> = {
  phone: isNumber,
  clinic: isNumber,
  address: isAddress,
  mailbox: isAddress,
  desk: isDeskAddress,
};

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function browserStorage(): StorageLike | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage refused (privacy settings): the simulator still works, it just forgets.
    return null;
  }
}

/** A remembered number or address, or null when absent or malformed (an edited or stale entry). */
export function readRemembered(what: Remembered, storage: StorageLike | null = browserStorage()): string | null {
  const value = storage?.getItem(KEYS[what]) ?? null;
  return value !== null && VALID[what](value) ? value : null;
}

export function remember(what: Remembered, value: string | null, storage: StorageLike | null = browserStorage()): void {
  if (value === null) {
    storage?.removeItem(KEYS[what]);
  } else {
    storage?.setItem(KEYS[what], value);
  }
}

/** The demo accounts of the README (seeded by the e2e server), all with the same password. */
export const DEMO_PASSWORD = "Relais!2026";

export const DEMO = {
  admin: "admin@clinique-demo.ca",
  user: "user@clinique-demo.ca",
  hygiene: "hygiene@clinique-demo.ca",
  superadmin: "superadmin@clinique-demo.ca",
  devops: "devops@clinique-demo.ca",
  marketing: "marketing@clinique-demo.ca",
  notaryAdmin: "admin@notaire-demo.ca",
  notaryUser: "user@notaire-demo.ca",
} as const;

/** Names the demo gives those accounts, as the screens show them. */
export const DEMO_NAMES = {
  admin: "Isabelle Tremblay",
  user: "Marc Gagnon",
  devops: "Alex Morin",
  notaryAdmin: "Louise Lavoie",
} as const;

export const CLINIC_NAME_FR = "Clinique dentaire des Érables";
export const CLINIC_NAME_EN = "Maple Dental Clinic";

/** A password that meets every rule, different on each call. */
export function strongPassword(): string {
  return `Neuf!${String(Date.now() % 1_000_000)}aB`;
}

/** Something unique to this run and call, for names and addresses other journeys never reuse. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, "0")}`;
}

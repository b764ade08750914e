import { PROFILE_LOCALES, ROLES, USER_STATUSES, type Profile, type UserSummary } from "@relais/shared";
import type { UserRow } from "./repo.ts";

type Settings = { allowIncomingCalls?: boolean; audioNotifications?: boolean; phoneNumber?: string | null };

function base(row: Pick<UserRow, "role" | "locale" | "status">) {
  return {
    role: ROLES.find((r) => r === row.role) ?? "user",
    locale: PROFILE_LOCALES.find((l) => l === row.locale) ?? "fr-CA",
    status: USER_STATUSES.find((s) => s === row.status) ?? "offline",
  };
}

export function presentUserSummary(row: UserRow): UserSummary {
  const settings = (row.settings ?? {}) as Settings;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ...base(row),
    settings: { phoneNumber: settings.phoneNumber ?? null },
    teams: row.teams,
  };
}

/** The signed-in person's own profile (spec part 1 §3 Session.profile). */
export function presentProfile(row: UserRow, orgId: string): Profile {
  const settings = (row.settings ?? {}) as Settings;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    clinic: orgId,
    ...base(row),
    settings: {
      allowIncomingCalls: settings.allowIncomingCalls ?? true,
      audioNotifications: settings.audioNotifications ?? true,
      phoneNumber: settings.phoneNumber ?? null,
    },
  };
}

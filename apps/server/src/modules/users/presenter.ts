import { PROFILE_LOCALES, ROLES, USER_STATUSES, type Profile, type UserSummary } from "@relais/shared";
import type { Ctx } from "../../platform/auth/ctx.ts";
import { canDeleteUser, canUpdateUser } from "./policy.ts";
import type { UserRow } from "./repo.ts";

type Settings = { allowIncomingCalls?: boolean; audioNotifications?: boolean; phoneNumber?: string | null };

function base(row: Pick<UserRow, "role" | "locale" | "status">) {
  return {
    role: ROLES.find((r) => r === row.role) ?? "user",
    locale: PROFILE_LOCALES.find((l) => l === row.locale) ?? "fr-CA",
    status: USER_STATUSES.find((s) => s === row.status) ?? "offline",
  };
}

/** A colleague as the caller sees them, with what the caller may do to them (`abilities`). */
export function presentUserSummary(row: UserRow, actor: Pick<Ctx, "role" | "userId">): UserSummary {
  const settings = (row.settings ?? {}) as Settings;
  const { role } = base(row);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ...base(row),
    settings: { phoneNumber: settings.phoneNumber ?? null },
    teams: row.teams,
    abilities: { update: canUpdateUser(actor), delete: canDeleteUser(actor, { id: row.id, role }) },
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

import { randomUUID } from "node:crypto";
import { defaultWeekSchedule, type OrganizationOptions, type Role, type TeamRole } from "@relais/shared";
import { withTenant, type Db } from "../db/database.ts";
import { hashPassword } from "../platform/auth/passwords.ts";

/**
 * Writers of a tenant graph (organisation → teams → users), used by the demo seed and by the
 * test factories. They run on the owner pool but still inside withTenant, so they obey the same
 * row-level security as the application.
 */

export type OrganizationSeed = {
  id?: string;
  nameFr: string;
  nameEn: string;
  sector: "dental" | "notary";
  tierId?: number | null;
  email?: string | null;
  phone?: string | null;
  url?: string | null;
  address?: string | null;
  country?: string;
  timezone?: string;
  franceRegion?: boolean;
  consultationsEnabled?: boolean;
  /** Transfer of calls to outside extensions (spec part 1 §3 `enableExtTransfer`); off unless said. */
  enableExtTransfer?: boolean;
  /** The plan's call queue (spec part 1 §3 `callQueueEnabled`); administrators still turn it on. Off unless said. */
  callQueueEnabled?: boolean;
  clientId?: string | null;
  services?: string[];
  options?: Partial<OrganizationOptions>;
};

export async function insertOrganization(owner: Db, seed: OrganizationSeed): Promise<string> {
  const id = seed.id ?? randomUUID();
  await withTenant(owner, id, (tx) =>
    tx
      .insertInto("organizations")
      .values({
        id,
        name_fr: seed.nameFr,
        name_en: seed.nameEn,
        sector: seed.sector,
        tier_id: seed.tierId ?? null,
        email: seed.email ?? null,
        phone: seed.phone ?? null,
        url: seed.url ?? null,
        address: seed.address ?? null,
        country: seed.country ?? "CA",
        timezone: seed.timezone ?? "America/Toronto",
        france_region: seed.franceRegion ?? false,
        consultations_enabled: seed.consultationsEnabled ?? false,
        enable_ext_transfer: seed.enableExtTransfer ?? false,
        call_queue_enabled: seed.callQueueEnabled ?? false,
        client_id: seed.clientId ?? null,
        services: seed.services ?? [],
        logo: null,
        latitude: null,
        longitude: null,
        vacation_start: null,
        vacation_end: null,
        schedule: JSON.stringify({ week: defaultWeekSchedule() }),
        options: JSON.stringify({
          twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
          voiceQueue: { enabled: false, notification: false },
          auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: false },
          ...seed.options,
        }),
      })
      .execute(),
  );
  return id;
}

export async function insertTeam(
  owner: Db,
  orgId: string,
  seed: { label: string; main?: boolean; email?: string | null; phoneNumber?: string | null },
): Promise<string> {
  return withTenant(owner, orgId, async (tx) => {
    const r = await tx
      .insertInto("teams")
      .values({
        organization_id: orgId,
        label: seed.label,
        main: seed.main ?? false,
        email: seed.email ?? null,
        phone_number: seed.phoneNumber ?? null,
        schedule: JSON.stringify({ week: defaultWeekSchedule() }),
        settings: JSON.stringify({ voiceQueue: false }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return r.id;
  });
}

export async function insertUser(
  owner: Db,
  orgId: string,
  seed: { name: string; email: string; role: Role; password: string; locale?: string; teams: { id: string; teamRole: TeamRole }[] },
  passwordHash?: string,
): Promise<string> {
  const hash = passwordHash ?? (await hashPassword(seed.password));
  return withTenant(owner, orgId, async (tx) => {
    const r = await tx
      .insertInto("users")
      .values({
        organization_id: orgId,
        name: seed.name,
        email: seed.email.toLowerCase(),
        role: seed.role,
        locale: seed.locale ?? "fr-CA",
        password_hash: hash,
        settings: JSON.stringify({ allowIncomingCalls: true, audioNotifications: true, phoneNumber: null }),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const t of seed.teams) {
      await tx.insertInto("team_members").values({ organization_id: orgId, team_id: t.id, user_id: r.id, team_role: t.teamRole }).execute();
    }
    return r.id;
  });
}

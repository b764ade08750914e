import {
  COUNTRIES,
  defaultWeekSchedule,
  organization,
  organizationOptions,
  SECTORS,
  weekSchedule,
  type Organization,
  type OrganizationOptions,
} from "@relais/shared";
import type { OrganizationRow } from "./repo.ts";

const DEFAULT_OPTIONS: OrganizationOptions = {
  twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
  voiceQueue: { enabled: false, notification: false },
  auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: false },
};

/** Options as stored, completed with defaults for keys added after the row was written. */
export function optionsOf(row: Pick<OrganizationRow, "options">): OrganizationOptions {
  const stored = (row.options ?? {}) as Partial<OrganizationOptions>;
  return organizationOptions.parse({
    twilio: { ...DEFAULT_OPTIONS.twilio, ...stored.twilio },
    voiceQueue: { ...DEFAULT_OPTIONS.voiceQueue, ...stored.voiceQueue },
    auth: { ...DEFAULT_OPTIONS.auth, ...stored.auth },
  });
}

function weekOf(row: Pick<OrganizationRow, "schedule">) {
  const parsed = weekSchedule.safeParse((row.schedule as { week?: unknown } | null)?.week);
  return parsed.success ? parsed.data : defaultWeekSchedule();
}

export function presentOrganization(row: OrganizationRow): Organization {
  return organization.parse({
    id: row.id,
    name: { "fr-CA": row.name_fr, "en-CA": row.name_en },
    logo: row.logo,
    country: COUNTRIES.find((c) => c === row.country) ?? "CA",
    clientId: row.client_id,
    sector: SECTORS.find((s) => s === row.sector) ?? "dental",
    services: row.services,
    url: row.url,
    schedule: {
      week: weekOf(row),
      vacation: row.vacation_start && row.vacation_end ? { start: row.vacation_start, end: row.vacation_end } : null,
    },
    address: row.address,
    email: row.email,
    phone: row.phone,
    location: row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null,
    tierId: row.tier_id,
    callQueueEnabled: row.call_queue_enabled,
    enableExtTransfer: row.enable_ext_transfer,
    franceRegion: row.france_region,
    timezone: row.timezone,
    consultationsEnabled: row.consultations_enabled,
    officeNetworks: row.office_networks,
    options: optionsOf(row),
  });
}

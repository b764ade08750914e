import { z } from "zod";
import { timeOfDay, weekSchedule } from "../rules/schedule.ts";
import { email, requiredText, uuid } from "./common.ts";

export const SECTORS = ["dental", "notary"] as const;
export const COUNTRIES = ["BE", "CA", "FR", "CH", "LU", "NL", "US", "GB", "ES", "AD", "MC", "IT"] as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "validation.date-format" });

export const vacation = z
  .object({ start: isoDate, end: isoDate })
  .refine((v) => v.start <= v.end, { path: ["end"], message: "validation.start-before-end" });

export const organizationOptions = z.object({
  twilio: z.object({ hasMultipleNumbers: z.boolean(), webCallsEnabled: z.boolean() }),
  voiceQueue: z.object({ enabled: z.boolean(), notification: z.boolean() }),
  auth: z.object({
    disallowLoginOutsideWorkHours: z.boolean(),
    disallowUserLoginOutsideOffice: z.boolean(),
  }),
});
export type OrganizationOptions = z.infer<typeof organizationOptions>;

/** Organisation (clinic) of spec part 1 §3. */
export const organization = z.object({
  id: uuid,
  name: z.object({ "fr-CA": z.string(), "en-CA": z.string() }),
  logo: z.string().nullable(),
  country: z.enum(COUNTRIES),
  clientId: z.string().nullable(),
  sector: z.enum(SECTORS),
  services: z.array(z.string()),
  url: z.string().nullable(),
  schedule: z.object({ week: weekSchedule, vacation: vacation.nullable() }),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).nullable(),
  tierId: z.number().int().nullable(),
  callQueueEnabled: z.boolean(),
  enableExtTransfer: z.boolean(),
  franceRegion: z.boolean(),
  timezone: z.string(),
  consultationsEnabled: z.boolean(),
  officeNetworks: z.array(z.string()),
  options: organizationOptions,
});
export type Organization = z.infer<typeof organization>;

const cidr = z
  .string()
  .trim()
  .regex(/^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$|^[0-9a-fA-F:]+(\/\d{1,3})?$/, { message: "validation.network" });

/** PUT organizations: every field optional; only administrators may call it. */
export const updateOrganizationRequest = z
  .object({
    name: z.object({ "fr-CA": requiredText(120), "en-CA": requiredText(120) }).optional(),
    url: z.url({ message: "validation.url" }).max(300, { message: "validation.max-length" }).nullable().optional(),
    address: z.string().trim().max(300, { message: "validation.max-length" }).nullable().optional(),
    email: email.nullable().optional(),
    phone: z.string().trim().max(30, { message: "validation.max-length" }).nullable().optional(),
    schedule: z.object({ week: weekSchedule, vacation: vacation.nullable() }).optional(),
    officeNetworks: z.array(cidr).max(50).optional(),
    options: z
      .object({
        twilio: organizationOptions.shape.twilio.partial().strict().optional(),
        voiceQueue: organizationOptions.shape.voiceQueue.partial().strict().optional(),
        auth: organizationOptions.shape.auth.partial().strict().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type UpdateOrganizationRequest = z.infer<typeof updateOrganizationRequest>;

export const tierResponse = z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.number().int()) });
export type TierResponse = z.infer<typeof tierResponse>;

export const service = z.object({ id: z.string(), sector: z.enum(SECTORS), label: z.string() });
export const servicesQuery = z.object({ sector: z.enum(SECTORS).optional() }).strict();

export { timeOfDay };

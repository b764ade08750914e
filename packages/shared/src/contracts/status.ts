import { z } from "zod";

export const STATUS_VALUES = ["operational", "under_maintenance", "degraded_performance", "partial_outage", "major_outage"] as const;

/** Maintenance status of spec part 2 §3, polled every 120 s by every browser. */
export const maintenanceStatus = z.object({
  status: z.enum(STATUS_VALUES),
  enabled: z.boolean(),
  banner: z.boolean(),
  bannerText: z.object({
    "fr-CA": z.string().max(500, { message: "validation.max-length" }),
    "en-CA": z.string().max(500, { message: "validation.max-length" }),
  }),
  overlay: z.boolean(),
  dismissable: z.boolean(),
  nextWindow: z.string().datetime({ offset: true }).nullable(),
  durationMinutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatus>;
export const updateMaintenanceStatusRequest = maintenanceStatus.strict();

/** No maintenance: the status answered before a devops person ever sets one, and the form's reset. */
export const OPERATIONAL_STATUS: MaintenanceStatus = {
  status: "operational",
  enabled: false,
  banner: false,
  bannerText: { "fr-CA": "", "en-CA": "" },
  overlay: false,
  dismissable: true,
  nextWindow: null,
  durationMinutes: null,
};

/** GET health: for load balancers and operators. */
export const healthResponse = z.object({ status: z.enum(["ok", "degraded"]), database: z.boolean(), version: z.string() });

import { z } from "zod";
import { ROLES } from "../rules/roles.ts";
import { PROFILE_LOCALES } from "../rules/locale.ts";
import { email, requiredText, uuid } from "./common.ts";
import { newPassword, userStatus } from "./auth.ts";
import { teamRole } from "./teams.ts";

/** GET users: a member of the organisation as colleagues see them (spec part 1 §7). */
export const userSummary = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  locale: z.enum(PROFILE_LOCALES),
  status: userStatus,
  settings: z.object({ phoneNumber: z.string().nullable() }),
  teams: z.array(z.object({ id: uuid, label: z.string(), teamRole })),
  /** What the caller may do to this colleague (the server's rules: roles, never oneself). */
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type UserSummary = z.infer<typeof userSummary>;

/** An administrator creates a colleague with a first password and at least one team. */
export const createUserRequest = z
  .object({
    name: requiredText(120),
    email,
    role: z.enum(ROLES),
    locale: z.enum(PROFILE_LOCALES).default("fr-CA"),
    password: newPassword,
    teams: z
      .array(z.object({ id: uuid, teamRole }))
      .min(1, { message: "error.user-needs-team" })
      .max(50),
  })
  .strict();
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const updateUserRequest = z.object({ name: requiredText(120).optional(), role: z.enum(ROLES).optional() }).strict();

/** The signed-in user edits their own profile. */
export const updateProfileRequest = z
  .object({
    name: requiredText(120).optional(),
    locale: z.enum(PROFILE_LOCALES).optional(),
    settings: z.object({ allowIncomingCalls: z.boolean().optional(), audioNotifications: z.boolean().optional() }).strict().optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const changePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, { message: "validation.required" }).max(200, { message: "validation.max-length" }),
    password: newPassword,
    confirmation: z.string().max(200, { message: "validation.max-length" }),
  })
  .strict()
  .refine((v) => v.password === v.confirmation, { path: ["confirmation"], message: "validation.password-confirmation" });

import { z } from "zod";
import { ROLES } from "../rules/roles.ts";
import { PROFILE_LOCALES } from "../rules/locale.ts";
import { passwordProblems } from "../rules/password.ts";
import { email, uuid } from "./common.ts";
import { organization } from "./organizations.ts";
import { team } from "./teams.ts";

export const USER_STATUSES = ["online", "offline", "busy"] as const;
export const userStatus = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatus>;

export const userSettings = z.object({
  allowIncomingCalls: z.boolean(),
  audioNotifications: z.boolean(),
  phoneNumber: z.string().nullable(),
});
export type UserSettings = z.infer<typeof userSettings>;

/** The signed-in person as the session shows them (spec part 1 §3 Session.profile). */
export const profile = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  clinic: uuid,
  locale: z.enum(PROFILE_LOCALES),
  settings: userSettings,
  status: userStatus,
});
export type Profile = z.infer<typeof profile>;

/** A password that passes every rule of spec part 1 §5; each broken rule is its own issue. */
export const newPassword = z
  .string()
  .max(200, { message: "validation.max-length" })
  .superRefine((value, ctx) => {
    for (const key of passwordProblems(value)) ctx.addIssue({ code: "custom", message: key });
  });

export const loginRequest = z
  .object({
    username: z.string().trim().min(1, { message: "validation.required" }).max(254, { message: "validation.max-length" }),
    password: z.string().min(1, { message: "validation.required" }).max(200, { message: "validation.max-length" }),
  })
  .strict();
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * What the signed-in person may do across the organisation, decided by the server (roles, plan):
 * the web shows or hides its entries from these and never recomputes a role rule (Outline's
 * `presentPolicies`). Abilities on one record travel with that record (`abilities` of a contact…).
 */
export const sessionAbilities = z.object({
  /** Change the organisation's settings, survey, signature, automatic texts. */
  manageOrganization: z.boolean(),
  /** Create a team: an administrator, on a plan that allows more than one team. */
  createTeam: z.boolean(),
  /** Create, change and delete colleagues. */
  manageUsers: z.boolean(),
  /** The roles they may give a colleague (canAssignRole); empty when they manage no one. */
  assignableRoles: z.array(z.enum(ROLES)),
  /** Import contacts from a file. */
  importContacts: z.boolean(),
  /** Write SMS templates of their own (marketing). */
  writeTemplates: z.boolean(),
  /** The maintenance screen (devops). */
  maintenance: z.boolean(),
});
export type SessionAbilities = z.infer<typeof sessionAbilities>;

export const loginResponse = z.object({
  jwt: z.string(),
  expires: z.number(),
  user: profile,
  userGroup: team.nullable(),
  organization,
  abilities: sessionAbilities,
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET auth/profile: the session as login gave it, without the token. */
export const sessionResponse = loginResponse.omit({ jwt: true, expires: true });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const refreshResponse = z.object({ jwt: z.string(), expires: z.number() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutRequest = z.object({ revokeAll: z.boolean().optional() }).strict();

export const statusRequest = z.object({ status: userStatus }).strict();
export const userGroupRequest = z.object({ userGroup: uuid }).strict();

export const passwordForgotRequest = z.object({ email, locale: z.enum(PROFILE_LOCALES).optional() }).strict();
export const passwordResetRequest = z
  .object({
    token: z.string().min(10).max(500, { message: "validation.max-length" }),
    password: newPassword,
    confirmation: z.string().max(200, { message: "validation.max-length" }),
  })
  .strict()
  .refine((v) => v.password === v.confirmation, {
    path: ["confirmation"],
    message: "validation.password-confirmation",
  });

import { z } from "zod";
import { weekSchedule } from "../rules/schedule.ts";
import { email, requiredText, uuid } from "./common.ts";

/** The providers a team connects through OAuth (spec part 2 §3). */
export const EMAIL_PROVIDERS = ["Gmail", "Outlook"] as const;
/** A team's connected mailbox: one of those, or the sandbox mailbox of development and tests. */
export const MAILBOX_PROVIDERS = [...EMAIL_PROVIDERS, "Sandbox"] as const;
export const TEAM_ROLES = ["admin", "user"] as const;
export const teamRole = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof teamRole>;

export const teamMember = z.object({
  userId: uuid,
  name: z.string(),
  email: z.string(),
  teamRole,
});
export type TeamMember = z.infer<typeof teamMember>;

/** Team (user group) of spec part 1 §3, with the caller's abilities on it. */
export const team = z.object({
  id: uuid,
  label: z.string(),
  email: z.string().nullable(),
  emailProvider: z.enum(MAILBOX_PROVIDERS).nullable(),
  valid: z.boolean(),
  phoneNumber: z.string().nullable(),
  main: z.boolean(),
  schedule: z.object({ week: weekSchedule }),
  settings: z.object({ voiceQueue: z.boolean() }),
  memberCount: z.number().int(),
  isMember: z.boolean(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean(), manageMembers: z.boolean() }),
});
export type Team = z.infer<typeof team>;

export const teamDetail = team.extend({ members: z.array(teamMember) });
export type TeamDetail = z.infer<typeof teamDetail>;

const phone = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{10,14}$/, { message: "error.phone-invalid" });

export const createTeamRequest = z
  .object({
    label: requiredText(80),
    email: email.nullable().optional(),
    phoneNumber: phone.nullable().optional(),
    /** A team is born with at least one administrator and one user (spec part 1 §5). */
    members: z
      .array(z.object({ userId: uuid, teamRole }))
      .min(1)
      .max(500),
  })
  .strict();
export type CreateTeamRequest = z.infer<typeof createTeamRequest>;

export const updateTeamRequest = z
  .object({
    label: requiredText(80).optional(),
    email: email.nullable().optional(),
    emailProvider: z.enum(EMAIL_PROVIDERS).nullable().optional(),
    phoneNumber: phone.nullable().optional(),
    schedule: z.object({ week: weekSchedule }).strict().optional(),
    settings: z.object({ voiceQueue: z.boolean() }).strict().optional(),
  })
  .strict();
export type UpdateTeamRequest = z.infer<typeof updateTeamRequest>;

export const addMemberRequest = z.object({ userId: uuid, teamRole }).strict();
export const updateMemberRequest = z.object({ teamRole }).strict();
export const memberParams = z.object({ id: uuid, userId: uuid }).strict();

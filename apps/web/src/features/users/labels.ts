import type { MessageId, ProfileLocale, Role, TeamRole, UserStatus } from "@relais/shared";

export const ROLE_LABELS: Record<Role, MessageId> = {
  user: "role.user",
  admin: "role.admin",
  "super-admin": "role.super-admin",
  devops: "role.devops",
  marketing: "role.marketing",
};

export const TEAM_ROLE_LABELS: Record<TeamRole, MessageId> = {
  admin: "team-role.admin",
  user: "team-role.user",
};

export const LOCALE_LABELS: Record<ProfileLocale, MessageId> = {
  "fr-CA": "locale.fr-CA",
  "fr-FR": "locale.fr-FR",
  "en-CA": "locale.en-CA",
  "en-US": "locale.en-US",
};

export const STATUS_LABELS: Record<UserStatus, MessageId> = {
  online: "user-status.online",
  offline: "user-status.offline",
  busy: "user-status.busy",
};

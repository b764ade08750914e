import type { Locale, Role, TierPermissions } from "@relais/shared";

/**
 * Who is calling, from the access token and the session row only — never from the body or path.
 * Every service takes it; every repo scopes by its orgId.
 */
export type Ctx = {
  orgId: string;
  userId: string;
  sessionId: string;
  role: Role;
  /** Teams the caller belongs to, with their role in each. */
  teams: { id: string; teamRole: "admin" | "user" }[];
  currentTeamId: string | null;
  locale: Locale;
  /** The organisation's tier permissions (null: no tier known), read with the session: a tier rule costs no query of its own. */
  tierPermissions: TierPermissions;
  ip: string;
};

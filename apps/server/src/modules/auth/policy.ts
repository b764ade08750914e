import { BlockList, isIPv4, isIPv6 } from "node:net";
import {
  allowsMultipleTeams,
  canAssignRole,
  isAdministrator,
  isOpenAt,
  ROLES,
  roleCountsAs,
  type Organization,
  type Role,
  type SessionAbilities,
  type TierPermissions,
} from "@relais/shared";

/** Is `ip` inside one of the office's networks (CIDR or single addresses)? */
function ipInNetworks(ip: string, networks: readonly string[]): boolean {
  const list = new BlockList();
  const bare = ip.startsWith("::ffff:") && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  for (const net of networks) {
    const [addr, bits] = net.split("/");
    if (!addr) continue;
    const type = isIPv4(addr) ? "ipv4" : isIPv6(addr) ? "ipv6" : null;
    if (!type) continue;
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  const type = isIPv4(bare) ? "ipv4" : "ipv6";
  return list.check(bare, type);
}

/**
 * The organisation's sign-in blocks (spec part 1 §6): outside business hours, and from outside
 * the office's networks. Administrators are exempt from both. Answers the catalogue key or null.
 */
export function loginBlock(
  role: Role,
  org: Pick<Organization, "options" | "schedule" | "timezone" | "officeNetworks">,
  ip: string,
  at: Date,
): "error.login-outside-work-hours" | "error.login-outside-office" | null {
  if (isAdministrator(role)) return null;
  const { disallowLoginOutsideWorkHours, disallowUserLoginOutsideOffice } = org.options.auth;
  if (disallowLoginOutsideWorkHours && !isOpenAt(org.schedule.week, at, org.timezone, org.schedule.vacation)) {
    return "error.login-outside-work-hours";
  }
  if (disallowUserLoginOutsideOffice && !ipInNetworks(ip, org.officeNetworks)) return "error.login-outside-office";
  return null;
}

/**
 * What a person of role `role` may do across an organisation on plan `tier` (SessionAbilities):
 * the one place the web's menus and buttons are decided. Each service still checks its own rule.
 */
export function sessionAbilitiesOf(role: Role, tier: TierPermissions): SessionAbilities {
  const admin = isAdministrator(role);
  return {
    manageOrganization: admin,
    createTeam: admin && allowsMultipleTeams(tier),
    manageUsers: admin,
    assignableRoles: admin ? ROLES.filter((r) => canAssignRole(role, r)) : [],
    importContacts: admin,
    writeTemplates: roleCountsAs(role, "marketing"),
    maintenance: roleCountsAs(role, "devops"),
  };
}

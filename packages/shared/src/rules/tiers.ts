/** Tier permissions of spec part 1 §3 / §6. */
export const TIER_PERMISSION = {
  outgoingCalls: 1,
  transferToExtensions: 2,
  singleTeamOnly: 3,
} as const;

export type TierPermissions = readonly number[] | null;

/** Outgoing calls are allowed by default when the tier is unknown (null). */
export function canCallOut(permissions: TierPermissions): boolean {
  return permissions === null || permissions.includes(TIER_PERMISSION.outgoingCalls);
}

export function canTransferToExtensions(permissions: TierPermissions): boolean {
  return permissions !== null && permissions.includes(TIER_PERMISSION.transferToExtensions);
}

/** Multiple teams are enabled unless permission 3 (single team only) is present. */
export function allowsMultipleTeams(permissions: TierPermissions): boolean {
  return permissions === null || !permissions.includes(TIER_PERMISSION.singleTeamOnly);
}

/** The tier rules an endpoint may require (EndpointAccess.tier), each a yes/no on the organisation's permissions. */
export const TIER_RULES = {
  callOut: canCallOut,
  transferToExtensions: canTransferToExtensions,
  multipleTeams: allowsMultipleTeams,
} as const satisfies Record<string, (permissions: TierPermissions) => boolean>;
export type TierRule = keyof typeof TIER_RULES;

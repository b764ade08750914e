import { allowsMultipleTeams, type TierPermissions } from "@relais/shared";

/**
 * Whether the teams screen offers "New team" (issue 15, decision 0035): the session's ability
 * says who may (an administrator, on a plan that allowed several teams at sign-in), and the plan
 * read now (GET tiers/organization/{id}) can take it back: permission 3 means a single team
 * (spec part 1 §3), whatever the session remembers. `permissions`: null when the organisation
 * has no plan (a 404, ignored: every feature allowed), undefined while it is read. Both go
 * through the one shared rule, allowsMultipleTeams. "single-team-plan": say why there is none.
 */
export function teamCreation(
  ability: { createTeam: boolean; manageOrganization: boolean },
  permissions: TierPermissions | undefined,
): "offered" | "single-team-plan" | "hidden" {
  const planAllows = permissions === undefined || allowsMultipleTeams(permissions);
  if (ability.createTeam && planAllows) return "offered";
  // An administrator without the ability is one whose plan has a single team.
  if (ability.manageOrganization && (!ability.createTeam || !planAllows)) return "single-team-plan";
  return "hidden";
}

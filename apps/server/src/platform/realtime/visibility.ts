import type { Ctx } from "../auth/ctx.ts";

/**
 * Who receives an event: the rule of DESIGN §3 ("the organisation's staff who may see it").
 * Its SQL twin is `visibleTo` in event-repo.ts; change both together.
 */
export type Viewer = {
  orgId: string;
  userId: string;
  sessionId: string;
  /** Teams the viewer belongs to; refreshed on team.membership events and at each sweep. */
  teamIds: Set<string>;
};

export function viewerOf(ctx: Ctx): Viewer {
  return { orgId: ctx.orgId, userId: ctx.userId, sessionId: ctx.sessionId, teamIds: new Set(ctx.teams.map((t) => t.id)) };
}

/**
 * An event with a user is for that user only; an event with a team is for that team's members
 * only (organisation administrators included only when they are members); an event with
 * neither is for every staff member of the organisation. Organisation scoping happens before:
 * a viewer is only ever offered events of its own organisation.
 */
export function canSee(viewer: Viewer, event: { teamId: string | null; userId: string | null }): boolean {
  if (event.userId !== null && event.userId !== viewer.userId) return false;
  if (event.teamId !== null && !viewer.teamIds.has(event.teamId)) return false;
  return true;
}

/** The teams module's public face: its routes, and teams as the other modules read and change them. */

/** Teams, membership, week schedules (app.ts). */
export { teamRoutes } from "./routes.ts";

/** A team the caller may see, the caller's teams, a team's phone number, in the caller's transaction. */
export { findTeamFor, teamPhoneOf, teamsOfUser } from "./service.ts";

/** Who may change a team's settings (voice settings). */
export { canUpdateTeam } from "./policy.ts";

/** A colleague's memberships: given at creation, and what keeps a removal (users). */
export { addMembershipsOfNewUser, userRemovalProblem } from "./service.ts";

/** The team's mailbox address once its email account is connected (email). */
export { setTeamMailbox } from "./service.ts";

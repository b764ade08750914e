import type { Ctx } from "../../platform/auth/ctx.ts";

/** Only a team's administrator connects or disconnects its mailbox (issue 14 §1). No I/O. */
export function canManageMailbox(actor: Pick<Ctx, "teams">, teamId: string): boolean {
  return actor.teams.some((t) => t.id === teamId && t.teamRole === "admin");
}

/** Staff of the team read its mailbox's status and its emails. */
export function canReadMailbox(actor: Pick<Ctx, "teams">, teamId: string): boolean {
  return actor.teams.some((t) => t.id === teamId);
}

/** Staff of the thread's team write to its contact from the team's mailbox (issue 14 §3). */
export function canSendEmail(actor: Pick<Ctx, "teams">, teamId: string): boolean {
  return actor.teams.some((t) => t.id === teamId);
}

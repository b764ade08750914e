import { test } from "./test.ts";
import { RelaisApi } from "./api.ts";

/**
 * The team a calls journey rings takes calls at any hour the suite runs: outside its opening
 * hours (after 17:00 in Toronto) a call goes straight to the missed path, so the journey would
 * pass by day and fail by night. Each test of the file opens the team all week first and puts its
 * week back afterwards, whether the test passed or not — signed in afresh, since the test may have
 * signed the administrator in again meanwhile (one session per person).
 */
export function keepTeamOpen(teamLabel = "Réception", opts: { onBreak?: boolean } = {}): void {
  let week: unknown[] | null = null;
  test.beforeEach(async ({ request }) => {
    week = await (await RelaisApi.signIn(request)).openAllDay(teamLabel, opts);
  });
  test.afterEach(async ({ request }) => {
    if (week) await (await RelaisApi.signIn(request)).setTeamWeek(teamLabel, week);
    week = null;
  });
}

/** The team is on a break all day while each test of the file runs (the BREAK greeting period), its week put back after. */
export function keepTeamOnBreak(teamLabel: string): void {
  keepTeamOpen(teamLabel, { onBreak: true });
}

import { test } from "./test.ts";
import { RelaisApi } from "./api.ts";

/**
 * The team a calls journey rings takes calls at any hour the suite runs: outside its opening
 * hours (after 17:00 in Toronto) a call goes straight to the missed path, so the journey would
 * pass by day and fail by night. Each test of the file opens the team all week first and puts its
 * week back afterwards, whether the test passed or not — signed in afresh, since the test may have
 * signed the administrator in again meanwhile (one session per person).
 */
export function keepTeamOpen(teamLabel = "Réception"): void {
  let week: unknown[] | null = null;
  test.beforeEach(async ({ request }) => {
    week = await (await RelaisApi.signIn(request)).openAllDay(teamLabel);
  });
  test.afterEach(async ({ request }) => {
    if (week) await (await RelaisApi.signIn(request)).setTeamWeek(teamLabel, week);
    week = null;
  });
}

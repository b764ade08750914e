import { test } from "./test.ts";
import { RelaisApi } from "./api.ts";

/**
 * The demo Réception takes calls at any hour the suite runs: outside its opening hours (after
 * 17:00 in Toronto) a call goes straight to the missed path, so a calls journey would pass by day
 * and fail by night. Each test of the file opens the Réception all week first and puts its own
 * week back afterwards, whether the test passed or not.
 */
export function keepReceptionOpen(): void {
  let restore: (() => Promise<void>) | null = null;
  test.beforeEach(async ({ request }) => {
    restore = await (await RelaisApi.signIn(request)).openAllDay("Réception");
  });
  test.afterEach(async () => {
    await restore?.();
    restore = null;
  });
}

import { fileURLToPath } from "node:url";

/**
 * Where a journey saves a screenshot of a screen it touched: docs/screenshots of the repository,
 * whatever directory Playwright was started from (npm test starts it at the root, a person often
 * in apps/web).
 */
export function screenshotPath(name: string): string {
  return fileURLToPath(new URL(`../../../../docs/screenshots/${name}`, import.meta.url));
}

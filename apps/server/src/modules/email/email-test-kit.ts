import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { loadConfig, type Config } from "../../config.ts";
import { startMailServers, type MailServers } from "../../../test/mail/mail-servers.ts";
import { createTestApp, type TestApp } from "../../../test/helpers.ts";
import type { MxResolver } from "./providers.ts";
import { createEmailDeps, type EmailDeps } from "./email-deps.ts";

/** Shared steps of the email API tests: the app pointed at the local mail servers. */

/** For the tests of other areas (the demo seed's mailbox): the module as the app builds it, and one sync run. */
export { createEmailDeps } from "./email-deps.ts";
export { syncMailbox } from "./sync.ts";

export type EmailTestBed = {
  t: TestApp;
  servers: MailServers;
  key: Buffer;
  /** The email module as the app's job worker has it (same configuration), for a test that runs a sync itself. */
  email: EmailDeps;
  close: () => Promise<void>;
};

const TEST_MX: Record<string, string[]> = {
  "clinique.test": ["aspmx.l.google.com"],
  "notaire.test": ["notaire-test.mail.protection.outlook.com"],
};
const testMx: MxResolver = (domain) =>
  TEST_MX[domain]
    ? Promise.resolve(TEST_MX[domain].map((exchange, priority) => ({ exchange, priority })))
    : Promise.reject(new Error("ENOTFOUND"));

const quiet = { info: () => undefined, warn: () => undefined };

export async function startEmailTestBed(overrides: Partial<Config> & { jobs?: boolean } = {}): Promise<EmailTestBed> {
  const servers = await startMailServers();
  const key = randomBytes(32);
  const settings = { ...(servers.config as Partial<Config>), EMAIL_TOKEN_KEY: key.toString("base64"), EMAIL_TOKEN_KEY_ID: "test-1" };
  const t = await createTestApp({ ...settings, ...overrides }, { email: { resolveMx: testMx } });
  const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SEED_DEMO: "false", DEV_TOOLS: "false" }), ...settings };
  return {
    t,
    servers,
    key,
    email: createEmailDeps(t.db.app, config, t.files, quiet, { resolveMx: testMx, sandbox: true }),
    close: async () => {
      await t.close();
      await servers.stop();
    },
  };
}

/** POST /oauth2/{type}: the authorisation URL. */
export async function authorize(t: TestApp, token: string, inboxEmail: string, type = "Gmail"): Promise<URL> {
  const res = await t.request({ method: "POST", url: `/api/oauth2/${type}`, token, payload: { inboxEmail } });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json<{ url: string }>().url);
}

/** The popup at the provider: its redirect back to Relais (path and query of the callback). */
export async function atProvider(url: URL): Promise<string> {
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location") ?? "");
  return back.pathname + back.search;
}

/** The callback as the popup follows it: where Relais sends the popup next. */
export async function callback(t: TestApp, pathAndQuery: string): Promise<string> {
  const res = await t.request({ method: "GET", url: pathAndQuery });
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

/** The whole popup: authorise as `signInAs` at the provider, come back; answers the landing page. */
export async function connectMailbox(
  bed: EmailTestBed,
  token: string,
  inboxEmail: string,
  signInAs = inboxEmail,
  type = "Gmail",
): Promise<string> {
  bed.servers.oauth.signInAs(signInAs);
  return callback(bed.t, await atProvider(await authorize(bed.t, token, inboxEmail, type)));
}

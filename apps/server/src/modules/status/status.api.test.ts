import { beforeAll, describe, expect, it } from "vitest";
import { isMessageId, maintenanceStatus, type MaintenanceStatus } from "@relais/shared";
import { apiSuite, expectError } from "../../../test/helpers.ts";

const { t, org, other } = apiSuite();
let devops: string;

beforeAll(async () => {
  devops = (await t.login(org.users.devops.email)).jwt;
});

const OPERATIONAL: MaintenanceStatus = {
  status: "operational",
  enabled: false,
  banner: false,
  bannerText: { "fr-CA": "", "en-CA": "" },
  overlay: false,
  dismissable: true,
  nextWindow: null,
  durationMinutes: null,
};

const MAINTENANCE: MaintenanceStatus = {
  status: "under_maintenance",
  enabled: true,
  banner: true,
  bannerText: { "fr-CA": "Maintenance ce soir à 22 h.", "en-CA": "Maintenance tonight at 10 pm." },
  overlay: false,
  dismissable: false,
  nextWindow: "2026-05-01T02:00:00.000Z",
  durationMinutes: 90,
};

const getStatus = (token?: string) => t.request({ method: "GET", url: "/api/status", ...(token ? { token } : {}) });
const putStatus = (token: string | undefined, payload: unknown) =>
  t.request({ method: "PUT", url: "/api/status", payload: payload as object, ...(token ? { token } : {}) });

describe("GET status", () => {
  it("is public and answers operational until devops says otherwise", async () => {
    const res = await getStatus();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OPERATIONAL);
    expect(maintenanceStatus.safeParse(res.json()).success).toBe(true);
  });

  it("ignores a broken token rather than refusing a public read", async () => {
    const res = await getStatus("not.a.jwt");
    expect(res.statusCode).toBe(200);
  });
});

describe("PUT status", () => {
  it("lets devops set the status, which everyone then reads, signed in or not, in any organisation", async () => {
    const res = await putStatus(devops, MAINTENANCE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(MAINTENANCE);
    expect((await getStatus()).json()).toEqual(MAINTENANCE);
    const elsewhere = await t.login(other.users.user.email);
    expect((await getStatus(elsewhere.jwt)).json()).toEqual(MAINTENANCE);
    // And back.
    expect((await putStatus(devops, OPERATIONAL)).statusCode).toBe(200);
    expect((await getStatus()).json()).toEqual(OPERATIONAL);
  });

  it("answers 403 to admin, super-admin, marketing and user, changing nothing", async () => {
    for (const u of [org.users.admin, org.users.superAdmin, org.users.marketing, org.users.user]) {
      const s = await t.login(u.email);
      expectError(await putStatus(s.jwt, MAINTENANCE), 403, "error.forbidden");
    }
    expect((await getStatus()).json()).toEqual(OPERATIONAL);
  });

  it("answers 401 without a token", async () => {
    expectError(await putStatus(undefined, MAINTENANCE), 401, "error.unauthorized");
    expect((await getStatus()).json()).toEqual(OPERATIONAL);
  });

  it("refuses an invalid body with 400, changing nothing", async () => {
    const bad: unknown[] = [
      { ...MAINTENANCE, status: "on_fire" },
      { ...MAINTENANCE, enabled: "yes" },
      { ...MAINTENANCE, bannerText: { "fr-CA": "x".repeat(501), "en-CA": "" } },
      { ...MAINTENANCE, bannerText: { "fr-CA": "seulement le français" } },
      { ...MAINTENANCE, nextWindow: "demain soir" },
      { ...MAINTENANCE, durationMinutes: -5 },
      { ...MAINTENANCE, durationMinutes: 1.5 },
      { ...MAINTENANCE, extra: true },
      { status: "under_maintenance" },
      {},
      [],
    ];
    for (const payload of bad) {
      const res = await putStatus(devops, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(isMessageId(res.json().error.code)).toBe(true);
    }
    const long = await putStatus(devops, { ...MAINTENANCE, bannerText: { "fr-CA": "x".repeat(501), "en-CA": "" } });
    expect(long.json().error.fields).toEqual([{ path: "bannerText.fr-CA", code: expect.stringMatching(/^validation\./) }]);
    expect((await getStatus()).json()).toEqual(OPERATIONAL);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { LightMyRequestResponse } from "fastify";
import { defaultWeekSchedule, organization, type WeekSchedule } from "@relais/shared";
import { apiSuite, type Session, expectError } from "../../../test/helpers.ts";

const { t, org, other } = apiSuite();
let admin: Session;
let user: Session;

beforeAll(async () => {
  admin = await t.login(org.users.admin.email);
  user = await t.login(org.users.user.email);
});

/** The answer is the error shape of docs/api.md with this status and catalogue key. */

function fieldsOf(res: LightMyRequestResponse): { path: string; code: string }[] {
  return res.json().error.fields ?? [];
}

const getOrg = (token: string, id: string) => t.request({ method: "GET", url: `/api/organizations/${id}`, token });
const putOrg = (token: string, payload: unknown) =>
  t.request({ method: "PUT", url: "/api/organizations", token, payload: payload as object });

async function auditCount(orgId: string): Promise<number> {
  return t.db.owner.transaction().execute(async (tx) => {
    await sql`select set_config('app.org_id', ${orgId}, true)`.execute(tx);
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_log where organization_id = ${orgId} and entity = 'organization'`.execute(tx);
    return r.rows[0]?.n ?? 0;
  });
}

/** A week with one change on Monday (day 1). */
function weekWithMonday(monday: Partial<WeekSchedule[number]>): WeekSchedule {
  const week = defaultWeekSchedule();
  week[1] = { ...week[1]!, ...monday };
  return week;
}

describe("GET organizations/{id}", () => {
  it("answers the caller's own organisation in the contract's shape, with defaults", async () => {
    const res = await getOrg(user.jwt, org.orgId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(organization.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      id: org.orgId,
      sector: "dental",
      country: "CA",
      tierId: 3,
      timezone: "America/Toronto",
      officeNetworks: [],
      options: {
        twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
        voiceQueue: { enabled: false, notification: false },
        auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: false },
      },
    });
    expect(body.name["fr-CA"]).toMatch(/^Clinique /);
    expect(body.name["en-CA"]).toMatch(/^Clinic /);
    expect(body.schedule).toEqual({ week: defaultWeekSchedule(), vacation: null });
  });

  it("answers 404 for another organisation's id, even to an administrator", async () => {
    expectError(await getOrg(user.jwt, other.orgId), 404, "error.not-found");
    expectError(await getOrg(admin.jwt, other.orgId), 404, "error.not-found");
  });

  it("answers 404 for an id that names no organisation", async () => {
    expectError(await getOrg(user.jwt, "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"), 404, "error.not-found");
  });

  it("answers 400 for an id that is not a uuid", async () => {
    const res = await getOrg(user.jwt, "not-a-uuid");
    expectError(res, 400, "error.validation");
    expect(fieldsOf(res)).toEqual([{ path: "id", code: "validation.invalid" }]);
  });

  it("answers 401 without a token", async () => {
    expectError(await t.request({ method: "GET", url: `/api/organizations/${org.orgId}` }), 401, "error.unauthorized");
  });
});

describe("PUT organizations", () => {
  it("lets an administrator change names, url, schedule with breaks and vacation, and office networks", async () => {
    const mine = await t.tenant();
    const s = await t.login(mine.users.admin.email);
    const week = weekWithMonday({
      start: "08:30",
      end: "18:00",
      breaks: [
        { start: "12:00", end: "13:00" },
        { start: "15:00", end: "15:15" },
      ],
    });
    week[6] = { day: 6, enabled: true, start: "10:00", end: "14:00", breaks: [] };
    const before = await auditCount(mine.orgId);
    const res = await putOrg(s.jwt, {
      name: { "fr-CA": "  Clinique du Parc  ", "en-CA": "Park Clinic" },
      url: "https://clinique-du-parc.example",
      schedule: { week, vacation: { start: "2026-07-20", end: "2026-08-02" } },
      officeNetworks: ["192.0.2.0/24", "2001:db8::/32", "198.51.100.7"],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.name).toEqual({ "fr-CA": "Clinique du Parc", "en-CA": "Park Clinic" });
    expect(body.url).toBe("https://clinique-du-parc.example");
    expect(body.schedule).toEqual({ week, vacation: { start: "2026-07-20", end: "2026-08-02" } });
    expect(body.officeNetworks).toEqual(["192.0.2.0/24", "2001:db8::/32", "198.51.100.7"]);
    // Stored, not only echoed: a colleague reads the same.
    const read = (await getOrg((await t.login(mine.users.other.email)).jwt, mine.orgId)).json();
    expect(read.name).toEqual(body.name);
    expect(read.schedule).toEqual(body.schedule);
    expect(read.officeNetworks).toEqual(body.officeNetworks);
    // Untouched fields stay.
    expect(read.options).toEqual(body.options);
    expect(read.tierId).toBe(3);
    expect(await auditCount(mine.orgId)).toBe(before + 1);

    // Removing the vacation and the url.
    const cleared = await putOrg(s.jwt, { url: null, schedule: { week, vacation: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().url).toBeNull();
    expect(cleared.json().schedule.vacation).toBeNull();
  });

  it("merges options key by key, keeping the keys it was not sent", async () => {
    const mine = await t.tenant();
    const s = await t.login(mine.users.superAdmin.email);
    const first = await putOrg(s.jwt, { options: { twilio: { hasMultipleNumbers: true }, voiceQueue: { enabled: true } } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().options).toEqual({
      twilio: { hasMultipleNumbers: true, webCallsEnabled: true },
      voiceQueue: { enabled: true, notification: false },
      auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: false },
    });
    const second = await putOrg(s.jwt, { options: { twilio: { webCallsEnabled: false }, auth: { disallowUserLoginOutsideOffice: true } } });
    expect(second.statusCode).toBe(200);
    expect(second.json().options).toEqual({
      twilio: { hasMultipleNumbers: true, webCallsEnabled: false },
      voiceQueue: { enabled: true, notification: false },
      auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: true },
    });
    const read = await getOrg(s.jwt, mine.orgId);
    expect(read.json().options).toEqual(second.json().options);
  });

  it("refuses an unknown option key rather than storing it", async () => {
    const res = await putOrg(admin.jwt, { options: { twilio: { webCallsEnabled: false, secretFlag: true } } });
    expectError(res, 400, "error.validation");
    expect((await getOrg(admin.jwt, org.orgId)).json().options.twilio.webCallsEnabled).toBe(true);
  });

  it("answers 403 to a user and to marketing, and changes nothing", async () => {
    const before = (await getOrg(admin.jwt, org.orgId)).json();
    const auditBefore = await auditCount(org.orgId);
    expectError(await putOrg(user.jwt, { name: { "fr-CA": "Piratée", "en-CA": "Hacked" } }), 403, "error.forbidden");
    const marketing = await t.login(org.users.marketing.email);
    expectError(await putOrg(marketing.jwt, { options: { auth: { disallowLoginOutsideWorkHours: true } } }), 403, "error.forbidden");
    expect((await getOrg(admin.jwt, org.orgId)).json()).toEqual(before);
    expect(await auditCount(org.orgId)).toBe(auditBefore);
  });

  describe("an invalid schedule answers 400 with field codes and writes nothing", () => {
    const cases: { name: string; week: () => WeekSchedule; code: string; fields: { path: string; code: string }[] }[] = [
      {
        name: "a break outside working hours",
        week: () => weekWithMonday({ breaks: [{ start: "08:00", end: "09:30" }] }),
        code: "error.invalid-break-time",
        fields: [{ path: "schedule.week.1.breaks.0", code: "error.invalid-break-time" }],
      },
      {
        name: "a break ending after closing time",
        week: () => weekWithMonday({ breaks: [{ start: "16:30", end: "17:30" }] }),
        code: "error.invalid-break-time",
        fields: [{ path: "schedule.week.1.breaks.0", code: "error.invalid-break-time" }],
      },
      {
        name: "overlapping breaks",
        week: () =>
          weekWithMonday({
            breaks: [
              { start: "12:00", end: "13:00" },
              { start: "12:30", end: "13:30" },
            ],
          }),
        code: "validation.breaks-overlap",
        fields: [{ path: "schedule.week.1.breaks.1", code: "validation.breaks-overlap" }],
      },
      {
        name: "a long break covering a later one",
        week: () =>
          weekWithMonday({
            breaks: [
              { start: "15:00", end: "15:10" },
              { start: "11:00", end: "16:00" },
              { start: "13:00", end: "13:30" },
            ],
          }),
        code: "error.validation",
        fields: [
          { path: "schedule.week.1.breaks.2", code: "validation.breaks-overlap" },
          { path: "schedule.week.1.breaks.0", code: "validation.breaks-overlap" },
        ],
      },
      {
        name: "a day starting after it ends",
        week: () => weekWithMonday({ start: "18:00", end: "09:00" }),
        code: "validation.start-before-end",
        fields: [{ path: "schedule.week.1.end", code: "validation.start-before-end" }],
      },
      {
        name: "a break ending before it starts",
        week: () => weekWithMonday({ breaks: [{ start: "14:00", end: "13:00" }] }),
        code: "validation.start-before-end",
        fields: [{ path: "schedule.week.1.breaks.0.end", code: "validation.start-before-end" }],
      },
      {
        name: "a time not in HH:mm",
        week: () => weekWithMonday({ start: "9:00" }),
        code: "validation.time-format",
        fields: [{ path: "schedule.week.1.start", code: "validation.time-format" }],
      },
      {
        name: "an hour past 23",
        week: () => weekWithMonday({ end: "24:00" }),
        code: "validation.time-format",
        fields: [{ path: "schedule.week.1.end", code: "validation.time-format" }],
      },
      {
        name: "a badly formed break time",
        week: () => weekWithMonday({ breaks: [{ start: "12h00", end: "13:00" }] }),
        code: "validation.time-format",
        fields: [{ path: "schedule.week.1.breaks.0.start", code: "validation.time-format" }],
      },
    ];

    for (const c of cases) {
      it(c.name, async () => {
        const before = (await getOrg(admin.jwt, org.orgId)).json();
        const auditBefore = await auditCount(org.orgId);
        // The name is valid and would be written if the request were only partly refused.
        const res = await putOrg(admin.jwt, {
          name: { "fr-CA": "Ne pas écrire", "en-CA": "Do not write" },
          schedule: { week: c.week(), vacation: null },
        });
        expectError(res, 400, c.code);
        expect(fieldsOf(res)).toEqual(expect.arrayContaining(c.fields));
        expect(fieldsOf(res)).toHaveLength(c.fields.length);
        expect((await getOrg(admin.jwt, org.orgId)).json()).toEqual(before);
        expect(await auditCount(org.orgId)).toBe(auditBefore);
      });
    }

    it("does not check a disabled day, so a day can be switched off before it is repaired", async () => {
      const mine = await t.tenant();
      const s = await t.login(mine.users.admin.email);
      const week = weekWithMonday({ enabled: false, start: "18:00", end: "09:00", breaks: [{ start: "07:00", end: "20:00" }] });
      const res = await putOrg(s.jwt, { schedule: { week, vacation: null } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().schedule.week[1]).toEqual(week[1]);
    });

    it("a vacation ending before it starts, or not in YYYY-MM-DD", async () => {
      const before = (await getOrg(admin.jwt, org.orgId)).json();
      const reversed = await putOrg(admin.jwt, {
        schedule: { week: defaultWeekSchedule(), vacation: { start: "2026-08-02", end: "2026-07-20" } },
      });
      expectError(reversed, 400, "validation.start-before-end");
      expect(fieldsOf(reversed)).toEqual([{ path: "schedule.vacation.end", code: "validation.start-before-end" }]);
      const badDate = await putOrg(admin.jwt, {
        schedule: { week: defaultWeekSchedule(), vacation: { start: "20/07/2026", end: "2026-08-02" } },
      });
      expectError(badDate, 400, "validation.date-format");
      expect((await getOrg(admin.jwt, org.orgId)).json()).toEqual(before);
    });

    it("a week without its seven days", async () => {
      const res = await putOrg(admin.jwt, { schedule: { week: defaultWeekSchedule().slice(0, 5), vacation: null } });
      expectError(res, 400, "error.validation");
    });
  });

  it("refuses a malformed url and office network with their field codes", async () => {
    const before = (await getOrg(admin.jwt, org.orgId)).json();
    const url = await putOrg(admin.jwt, { url: "pas une adresse" });
    expectError(url, 400, "validation.url");
    expect(fieldsOf(url)).toEqual([{ path: "url", code: "validation.url" }]);
    const net = await putOrg(admin.jwt, { officeNetworks: ["192.0.2.0/24", "le bureau"] });
    expectError(net, 400, "validation.network");
    expect(fieldsOf(net)).toEqual([{ path: "officeNetworks.1", code: "validation.network" }]);
    const blank = await putOrg(admin.jwt, { name: { "fr-CA": "   ", "en-CA": "Clinic" } });
    expectError(blank, 400, "validation.required");
    expect((await getOrg(admin.jwt, org.orgId)).json()).toEqual(before);
  });
});

describe("GET tiers/organization/{id}", () => {
  it("answers the permissions of the caller's own tier", async () => {
    const res = await t.request({ method: "GET", url: `/api/tiers/organization/${org.orgId}`, token: user.jwt });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 3, name: "Entreprise", permissions: [1, 2] });
    const single = await t.tenant({ tierId: 1 });
    const s = await t.login(single.users.user.email);
    const res1 = await t.request({ method: "GET", url: `/api/tiers/organization/${single.orgId}`, token: s.jwt });
    expect(res1.json()).toEqual({ id: 1, name: "Essentiel", permissions: [3] });
  });

  it("answers 404 for another organisation, whatever its tier", async () => {
    const res = await t.request({ method: "GET", url: `/api/tiers/organization/${other.orgId}`, token: admin.jwt });
    expectError(res, 404, "error.not-found");
  });

  it("answers 404 when the organisation has no tier", async () => {
    const none = await t.tenant({ tierId: null });
    const s = await t.login(none.users.user.email);
    expect((await getOrg(s.jwt, none.orgId)).json().tierId).toBeNull();
    const res = await t.request({ method: "GET", url: `/api/tiers/organization/${none.orgId}`, token: s.jwt });
    expectError(res, 404, "error.not-found");
  });

  it("answers 400 for a non-uuid id", async () => {
    expectError(await t.request({ method: "GET", url: "/api/tiers/organization/3", token: user.jwt }), 400, "error.validation");
  });
});

describe("GET services", () => {
  it("lists every service, or those of one sector, labelled in the caller's language", async () => {
    const all = await t.request({ method: "GET", url: "/api/services", token: user.jwt });
    expect(all.statusCode).toBe(200);
    const sectors = new Set(all.json().map((s: { sector: string }) => s.sector));
    expect(sectors).toEqual(new Set(["dental", "notary"]));

    const notary = await t.request({ method: "GET", url: "/api/services?sector=notary", token: user.jwt });
    expect(notary.statusCode).toBe(200);
    const list = notary.json<{ id: string; sector: string; label: string }[]>();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.sector === "notary")).toBe(true);
    expect(list).toContainEqual({ id: "notary-will", sector: "notary", label: "Testament" });
    expect(list.length + (await t.request({ method: "GET", url: "/api/services?sector=dental", token: user.jwt })).json().length).toBe(
      all.json().length,
    );

    const english = await t.tenant();
    const s = await t.login(english.users.user.email);
    await t.request({ method: "PUT", url: "/api/auth/profile", token: s.jwt, payload: { locale: "en-CA" } });
    const en = await t.request({ method: "GET", url: "/api/services?sector=dental", token: s.jwt });
    expect(en.json()).toContainEqual({ id: "dental-cleaning", sector: "dental", label: "Cleaning" });
  });

  it("refuses an unknown sector or query key, and answers 401 without a token", async () => {
    expectError(await t.request({ method: "GET", url: "/api/services?sector=plumbing", token: user.jwt }), 400, "error.validation");
    expectError(await t.request({ method: "GET", url: "/api/services?sector=dental&limit=5", token: user.jwt }), 400, "error.validation");
    expectError(await t.request({ method: "GET", url: "/api/services?sector=dental" }), 401, "error.unauthorized");
  });
});

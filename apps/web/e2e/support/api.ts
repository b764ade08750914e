import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, strongPassword, uniqueSuffix } from "./accounts.ts";
import { OPERATIONAL_STATUS, type MaintenanceStatus } from "@relais/shared";

type TeamRole = "admin" | "user";
type Role = "user" | "admin" | "super-admin" | "devops" | "marketing";

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

interface TeamSummary {
  id: string;
  label: string;
}

export const OPERATIONAL = OPERATIONAL_STATUS;

async function json<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what}: HTTP ${String(response.status())} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Test set-up through the API, as an account of the demo clinic (by default the super-admin,
 * whom no journey signs in as in the browser, so its sessions never collide with a journey's).
 */
export class RelaisApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly jwt: string,
  ) {}

  static async signIn(request: APIRequestContext, email: string = DEMO.superadmin, password = DEMO_PASSWORD): Promise<RelaisApi> {
    const answer = await json<{ jwt: string }>(
      await request.post("/api/auth/login", { data: { username: email, password } }),
      `sign-in of ${email}`,
    );
    return new RelaisApi(request, answer.jwt);
  }

  private get headers() {
    return { Authorization: `Bearer ${this.jwt}`, "Accept-Language": "fr-CA" };
  }

  async teams(): Promise<TeamSummary[]> {
    return json<TeamSummary[]>(await this.request.get("/api/user-groups", { headers: this.headers }), "team list");
  }

  async teamId(label: string): Promise<string> {
    const team = (await this.teams()).find((t) => t.label === label);
    if (!team) {
      throw new Error(`No team named ${label}`);
    }
    return team.id;
  }

  /** A new colleague of the demo clinic, by default a user of the Réception team. */
  async createUser(
    options: { prefix?: string; name?: string; role?: Role; locale?: string; teams?: [label: string, role: TeamRole][] } = {},
  ): Promise<CreatedUser> {
    const suffix = uniqueSuffix();
    const prefix = options.prefix ?? "e2e";
    const name = options.name ?? `Essai ${prefix} ${suffix}`;
    const email = `${prefix}-${suffix}@clinique-demo.ca`;
    const password = strongPassword();
    const teams = await Promise.all(
      (options.teams ?? [["Réception", "user"]]).map(async ([label, teamRole]) => ({ id: await this.teamId(label), teamRole })),
    );
    const created = await json<{ id: string }>(
      await this.request.post("/api/users", {
        headers: this.headers,
        data: { name, email, role: options.role ?? "user", locale: options.locale ?? "fr-CA", password, teams },
      }),
      `creation of ${email}`,
    );
    return { id: created.id, name, email, password };
  }

  async deleteUser(id: string): Promise<void> {
    await json(await this.request.delete(`/api/users/${id}`, { headers: this.headers }), "user deletion");
  }

  /** A desk phone of the demo clinic (decision 0041); answers its SIP address. */
  async createDeskPhone(label: string): Promise<string> {
    const created = await json<{ endpoint: { sipUri: string } }>(
      await this.request.post("/api/sips/v1/endpoints", { headers: this.headers, data: { label } }),
      `creation of the desk phone ${label}`,
    );
    return created.endpoint.sipUri;
  }

  /** POST transfer-extension: an outside number calls can be transferred to (issue 13 §2); answers its id. */
  async createTransferExtension(data: { name: string; phoneNumber: string; extension: string }): Promise<string> {
    const created = await json<{ id: string }>(
      await this.request.post("/api/transfer-extension", { headers: this.headers, data }),
      `creation of the transfer extension ${data.name}`,
    );
    return created.id;
  }

  async deleteTransferExtension(id: string): Promise<void> {
    await json(await this.request.delete(`/api/transfer-extension/${id}`, { headers: this.headers }), "transfer extension deletion");
  }

  /** POST patients: a contact of the demo clinic; answers its id. */
  async createContact(data: Record<string, string>): Promise<string> {
    const created = await json<{ id: string }>(
      await this.request.post("/api/patients", { headers: this.headers, data }),
      "contact creation",
    );
    return created.id;
  }

  /** PUT members/{id}/availabilities: the member's whole week (day 0 is Sunday). */
  async setAvailabilities(memberId: string, slots: { day: number; start: string; end: string }[]): Promise<void> {
    await json(
      await this.request.put(`/api/members/${memberId}/availabilities`, { headers: this.headers, data: { slots } }),
      "availabilities",
    );
  }

  /** POST appointments: a 30-minute cleaning of an existing contact with a member. */
  async book(memberId: string, contactId: string, date: string, start: string): Promise<void> {
    await json(
      await this.request.post("/api/appointments", {
        headers: this.headers,
        data: { memberId, contactId, date, start, duration: 30, serviceId: "dental-cleaning" },
      }),
      "appointment",
    );
  }

  /** GET patients/{id}: a contact as the server stores it. */
  async contact(id: string): Promise<{ id: string; phone: string | null }> {
    return json<{ id: string; phone: string | null }>(
      await this.request.get(`/api/patients/${id}`, { headers: this.headers }),
      "contact read",
    );
  }

  /** PUT teams/{id}/automatic-texts: the team's missed-call text on (with `text`) or off. */
  async setMissedCallText(teamLabel: string, text: string | null): Promise<void> {
    const id = await this.teamId(teamLabel);
    const data = { outsideHours: { enabled: false, text: "" }, missedCall: { enabled: text !== null, text: text ?? "" }, periodHours: 24 };
    await json(await this.request.put(`/api/teams/${id}/automatic-texts`, { headers: this.headers, data }), "automatic texts");
  }

  /**
   * PUT user-groups/{id}: the team takes calls every day, all day (00:00–23:59, no break), so a
   * calls journey does not depend on the hour it runs at (the demo's teams close at 17:00 Toronto
   * time, and a call to a closed team goes to the missed path at once). Answers the week it had,
   * for `setTeamWeek` to put back.
   */
  async openAllDay(teamLabel: string, opts: { onBreak?: boolean } = {}): Promise<unknown[]> {
    const id = await this.teamId(teamLabel);
    const team = await json<{ schedule: { week: unknown[] } }>(
      await this.request.get(`/api/user-groups/${id}`, { headers: this.headers }),
      "team",
    );
    // `onBreak`: the whole day is one break, so a call is in the BREAK period at any hour.
    const breaks = opts.onBreak ? [{ start: "00:00", end: "23:59" }] : [];
    await this.setTeamWeek(
      teamLabel,
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, enabled: true, start: "00:00", end: "23:59", breaks })),
    );
    return team.schedule.week;
  }

  /** PUT user-groups/{id}: the team's week schedule. */
  async setTeamWeek(teamLabel: string, week: unknown[]): Promise<void> {
    const id = await this.teamId(teamLabel);
    await json(await this.request.put(`/api/user-groups/${id}`, { headers: this.headers, data: { schedule: { week } } }), "team week");
  }

  async maintenance(): Promise<MaintenanceStatus> {
    return json<MaintenanceStatus>(await this.request.get("/api/status"), "maintenance status");
  }

  /** PUT status: needs a devops account. */
  async setMaintenance(status: MaintenanceStatus): Promise<MaintenanceStatus> {
    return json<MaintenanceStatus>(await this.request.put("/api/status", { headers: this.headers, data: status }), "maintenance update");
  }
}

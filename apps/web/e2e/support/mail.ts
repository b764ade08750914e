import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { login } from "./auth.ts";
import { DEMO, DEMO_PASSWORD, strongPassword, uniqueSuffix } from "./accounts.ts";

/**
 * The mail side of the email journeys: the control door of the local mail servers that
 * scripts/e2e-server.mjs starts (OAuth server, dovecot, SMTP; E2E_PORT + 4000), and a team of
 * the demo clinic made for one journey, so no other journey meets its mailbox.
 */
const CONTROL = `http://127.0.0.1:${String(Number(process.env["E2E_PORT"] ?? 3210) + 4000)}`;

async function control(request: APIRequestContext, method: "GET" | "POST", path: string, data?: object): Promise<unknown> {
  const response = await request.fetch(`${CONTROL}${path}`, { method, ...(data ? { data } : {}) });
  expect(response.ok(), `mail control ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

export type InboxMessage = { subject: string; from: string; messageId: string; inReplyTo: string; attachments: string[]; source: string };

export const mail = {
  /** The account the person signs in as in the provider's page (the popup). */
  signInAs: (request: APIRequestContext, email: string) => control(request, "POST", "/sign-in-as", { email }),
  /** The provider takes the grant back: the next refresh answers invalid_grant. */
  failRefresh: (request: APIRequestContext, email: string) => control(request, "POST", "/fail-refresh", { email }),
  /** Delivers a raw RFC 5322 message into `to`'s mailbox (LMTP), as a mail server would. */
  deliver: (request: APIRequestContext, to: string, raw: string) => control(request, "POST", "/deliver", { to, raw }),
  /** The messages of `email`'s INBOX, read over IMAP. */
  inbox: async (request: APIRequestContext, email: string) =>
    ((await control(request, "GET", `/inbox?email=${encodeURIComponent(email)}`)) as { messages: InboxMessage[] }).messages,
};

export type EmailFixture = {
  token: string;
  suffix: string;
  teamId: string;
  teamLabel: string;
  /** The team's administrator, in French, whom the journey signs in as. */
  admin: { id: string; email: string; password: string };
  /** A user of the team whose interface is in English. */
  member: { id: string; email: string; password: string };
  /** The team's mailbox address (a gmail.com address: Gmail without a DNS look-up). */
  inbox: string;
};

async function ok<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: HTTP ${String(response.status())} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A team with its own administrator and user, made by the super-admin (whom no journey signs in as in the browser). */
export async function createEmailTeam(request: APIRequestContext, prefix: string): Promise<EmailFixture> {
  const { jwt } = await ok<{ jwt: string }>(
    await request.post("/api/auth/login", { data: { username: DEMO.superadmin, password: DEMO_PASSWORD } }),
    "sign-in",
  );
  const headers = { Authorization: `Bearer ${jwt}` };
  const suffix = uniqueSuffix();
  const teams = await ok<{ id: string; label: string }[]>(await request.get("/api/user-groups", { headers }), "teams");
  const users = await ok<{ id: string; email: string }[]>(await request.get("/api/users", { headers }), "users");
  const reception = teams.find((t) => t.label === "Réception");
  const superadmin = users.find((u) => u.email === DEMO.superadmin);
  if (!reception || !superadmin) {
    throw new Error("demo data missing");
  }
  const person = async (who: string, locale: string, teamId: string) => {
    const email = `${prefix}-${who}-${suffix}@clinique-demo.ca`;
    const password = strongPassword();
    const created = await ok<{ id: string }>(
      await request.post("/api/users", {
        headers,
        data: { name: `${who} ${prefix} ${suffix}`, email, role: "user", locale, password, teams: [{ id: teamId, teamRole: "user" }] },
      }),
      `user ${email}`,
    );
    return { id: created.id, email, password };
  };
  // A user needs a team and a team an administrator: the administrator starts in Réception, so the
  // journey switches to its own team after signing in (signInToTeam).
  const admin = await person("Admin", "fr-CA", reception.id);
  const teamLabel = `Courriel ${suffix}`;
  const team = await ok<{ id: string }>(
    await request.post("/api/user-groups", {
      headers,
      data: {
        label: teamLabel,
        members: [
          { userId: admin.id, teamRole: "admin" },
          { userId: superadmin.id, teamRole: "user" },
        ],
      },
    }),
    "team",
  );
  const member = await person("Member", "en-CA", team.id);
  return { token: jwt, suffix, teamId: team.id, teamLabel, admin, member, inbox: `${prefix}-${suffix}@gmail.com` };
}

export async function removeEmailTeam(request: APIRequestContext, fixture: EmailFixture): Promise<void> {
  const headers = { Authorization: `Bearer ${fixture.token}` };
  await request.delete(`/api/user-groups/${fixture.teamId}`, { headers });
  await request.delete(`/api/users/${fixture.admin.id}`, { headers });
  await request.delete(`/api/users/${fixture.member.id}`, { headers });
}

/** Signs in and makes the journey's team the current one (header's team switch), as a person would. */
export async function signInToTeam(page: Page, fixture: EmailFixture, who: "admin" | "member"): Promise<void> {
  const person = fixture[who];
  const lang = who === "member" ? "en" : "fr";
  await login(page, person.email, { password: person.password, lang });
  const current = page.getByRole("banner").getByRole("combobox", { name: lang === "en" ? "Current team" : "Équipe courante" });
  if ((await current.inputValue()) !== fixture.teamLabel) {
    await current.click();
    await page.getByRole("option", { name: fixture.teamLabel }).click();
    await expect(current).toHaveValue(fixture.teamLabel);
  }
}

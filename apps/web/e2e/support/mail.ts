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
  // The team's mailbox goes first, as its administrator would disconnect it (nothing to do if it is gone).
  const signIn = await request.post("/api/auth/login", { data: { username: fixture.admin.email, password: fixture.admin.password } });
  if (signIn.ok()) {
    const { jwt } = (await signIn.json()) as { jwt: string };
    await request.put("/api/auth/user-group", { headers: { Authorization: `Bearer ${jwt}` }, data: { userGroup: fixture.teamId } });
    await request.post("/api/oauth2/Gmail/logout", { headers: { Authorization: `Bearer ${jwt}` }, data: { inboxEmail: fixture.inbox } });
  }
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

/** Configuration → Email: the administrator connects the team's mailbox through the provider's popup. */
export async function connectMailbox(page: Page, request: APIRequestContext, fixture: EmailFixture): Promise<void> {
  await page.goto("/configuration?configTab=2&tab=1");
  await mail.signInAs(request, fixture.inbox);
  await page.getByRole("textbox", { name: "Adresse de la boîte" }).fill(fixture.inbox);
  const opening = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Connecter" }).click();
  await (await opening).waitForEvent("close");
  await expect(page.getByText(`La boîte ${fixture.inbox} est connectée.`)).toBeVisible();
}

/** A plain RFC 5322 email with an HTML part and, if given, a file. */
export function rawEmail(h: {
  from: string;
  to: string;
  subject: string;
  id: string;
  text: string;
  html: string;
  file?: { name: string; type: string; bytes: Buffer };
}): string {
  const lines = [
    `From: ${h.from}`,
    `To: ${h.to}`,
    `Subject: ${h.subject}`,
    `Message-ID: ${h.id}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/mixed; boundary="m1"',
    "",
    "--m1",
    'Content-Type: multipart/alternative; boundary="a1"',
    "",
    "--a1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    h.text,
    "--a1",
    "Content-Type: text/html; charset=utf-8",
    "",
    h.html,
    "--a1--",
  ];
  if (h.file) {
    lines.push(
      "--m1",
      `Content-Type: ${h.file.type}; name="${h.file.name}"`,
      `Content-Disposition: attachment; filename="${h.file.name}"`,
      "Content-Transfer-Encoding: base64",
      "",
      h.file.bytes.toString("base64"),
    );
  }
  lines.push("--m1--", "");
  return lines.join("\r\n");
}

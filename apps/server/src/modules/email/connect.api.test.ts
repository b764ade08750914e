import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { MailboxStatus } from "@relais/shared";
import type { Tenant } from "../../../test/helpers.ts";
import { atProvider, authorize, callback, connectMailbox, startEmailTestBed, type EmailTestBed } from "./email-test-kit.ts";
import { openTokens } from "./token-vault.ts";
import { checkImapLogin } from "./mail-login.ts";
import { parseMailUrl } from "./providers.ts";

let bed: EmailTestBed;
let org: Tenant;
let adminToken: string;
let n = 0;
const address = () => `reception-${Date.now().toString(36)}-${n++}@clinique.test`;

beforeAll(async () => {
  bed = await startEmailTestBed();
  org = await bed.t.tenant();
  adminToken = await bed.t.as(org.users.admin);
});
afterAll(() => bed?.close());
beforeEach(() => bed.servers.oauth.grantScopes(null));

async function status(token: string): Promise<MailboxStatus> {
  const res = await bed.t.request({ method: "GET", url: "/api/email-sync/mailbox", token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function accountRow(orgId: string) {
  return bed.t.db.owner.selectFrom("email_accounts").selectAll().where("organization_id", "=", orgId).executeTakeFirst();
}

describe("POST /oauth2/type", () => {
  it("answers the provider from the domain or its MX records, else 422 for the person to choose", async () => {
    const ask = (inboxEmail: string) =>
      bed.t.request({ method: "POST", url: "/api/oauth2/type", token: adminToken, payload: { inboxEmail } });
    expect((await ask("x@gmail.com")).json()).toEqual({ type: "Gmail" });
    expect((await ask("x@hotmail.com")).json()).toEqual({ type: "Outlook" });
    expect((await ask("x@clinique.test")).json()).toEqual({ type: "Gmail" });
    expect((await ask("x@notaire.test")).json()).toEqual({ type: "Outlook" });
    const unknown = await ask("x@nowhere.test");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe("error.email-provider-unknown");
  });
});

describe("connecting a mailbox", () => {
  it("asks with PKCE, state, nonce and login_hint, then stores the sealed tokens after an IMAP and SMTP login", async () => {
    const inbox = address();
    const url = await authorize(bed.t, adminToken, inbox);
    const p = url.searchParams;
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(p.get("login_hint")).toBe(inbox);
    expect(p.get("access_type")).toBe("offline");
    expect(p.get("prompt")).toBe("consent");
    expect(p.get("scope")).toContain("https://mail.google.com/");
    expect(p.get("nonce")).toBeTruthy();
    expect(p.get("state")?.startsWith(`${org.orgId}.`)).toBe(true);
    // Only the state's hash is kept.
    const pending = await bed.t.db.owner.selectFrom("email_oauth_states").selectAll().where("organization_id", "=", org.orgId).execute();
    expect(pending.some((r) => r.state_hash === p.get("state"))).toBe(false);

    bed.servers.oauth.signInAs(inbox);
    expect(await callback(bed.t, await atProvider(url))).toBe("/verification/success");

    expect(await status(adminToken)).toMatchObject({ email: inbox, provider: "Gmail", connected: true, valid: true, invalidReason: null });
    const team = await bed.t.db.owner.selectFrom("teams").selectAll().where("id", "=", org.teams.main).executeTakeFirstOrThrow();
    expect(team).toMatchObject({ email: inbox, email_provider: "Gmail", email_valid: true });

    // The column never holds a token in clear; opened with the key, it is one IMAP accepts.
    const row = await accountRow(org.orgId);
    if (!row) throw new Error("no account saved");
    expect(row.key_id).toBe("test-1");
    const stored = Buffer.concat([row.wrapped_key, row.sealed_tokens]).toString("latin1");
    expect(stored).not.toMatch(/eyJ/);
    const tokens = openTokens({ currentId: "test-1", keys: new Map([["test-1", bed.key]]) }, org.orgId, row.id, {
      keyId: row.key_id,
      wrappedKey: row.wrapped_key,
      sealedTokens: row.sealed_tokens,
    });
    expect(stored).not.toContain(tokens.refreshToken ?? "no refresh token");
    expect(bed.servers.oauth.check(tokens.accessToken)).toBe(inbox);
  });

  it("refuses a state that was changed, replayed or never issued", async () => {
    const inbox = address();
    bed.servers.oauth.signInAs(inbox);
    const back = await atProvider(await authorize(bed.t, adminToken, inbox));
    const state = new URL(back, "http://x").searchParams.get("state") ?? "";
    const tampered = back.replace(encodeURIComponent(state), encodeURIComponent(`${state.slice(0, -2)}xx`));
    expect(await callback(bed.t, tampered)).toBe("/verification/error/Gmail?reason=state");
    const otherOrg = await bed.t.tenant();
    const moved = back.replace(encodeURIComponent(state), encodeURIComponent(state.replace(org.orgId, otherOrg.orgId)));
    expect(await callback(bed.t, moved)).toBe("/verification/error/Gmail?reason=state");
    expect(await callback(bed.t, back)).toBe("/verification/success");
    expect(await callback(bed.t, back)).toBe("/verification/error/Gmail?reason=state");
    expect(await callback(bed.t, "/api/oauth2/Gmail/callback?code=abc")).toBe("/verification/error/Gmail?reason=state");
    // A state issued for Gmail does not finish an Outlook authorisation.
    const again = await atProvider(await authorize(bed.t, adminToken, inbox));
    expect(await callback(bed.t, again.replace("/Gmail/", "/Outlook/"))).toBe("/verification/error/Outlook?reason=state");
  });

  it("refuses a code exchanged with another PKCE verifier", async () => {
    const inbox = address();
    bed.servers.oauth.signInAs(inbox);
    const back = await atProvider(await authorize(bed.t, adminToken, inbox));
    await sql`update email_oauth_states set code_verifier = ${"x".repeat(43)} where organization_id = ${org.orgId}`.execute(bed.t.db.owner);
    expect(await callback(bed.t, back)).toBe("/verification/error/Gmail?reason=exchange");
  });

  it("refuses another mailbox signed in at the provider, missing scopes, and a login IMAP refuses", async () => {
    const other = await bed.t.tenant();
    const token = await bed.t.as(other.users.admin);
    const inbox = address();
    expect(await connectMailbox(bed, token, inbox, "someone-else@clinique.test")).toBe("/verification/error/Gmail?reason=wrong-mailbox");
    bed.servers.oauth.grantScopes("openid email");
    expect(await connectMailbox(bed, token, inbox)).toBe("/verification/error/Gmail?reason=scopes");
    bed.servers.oauth.grantScopes(null);
    const refused = address();
    bed.servers.oauth.refuseTokensOf(refused);
    expect(await connectMailbox(bed, token, refused)).toBe("/verification/error/Gmail?reason=login");
    expect(await accountRow(other.orgId)).toBeUndefined();
    expect((await status(token)).connected).toBe(false);
  });

  it("lands on the error page when the person declines at the provider", async () => {
    const inbox = address();
    const url = await authorize(bed.t, adminToken, inbox);
    const state = url.searchParams.get("state") ?? "";
    expect(await callback(bed.t, `/api/oauth2/Gmail/callback?error=access_denied&state=${encodeURIComponent(state)}`)).toBe(
      "/verification/error/Gmail?reason=denied",
    );
  });
});

describe("who may connect and disconnect", () => {
  it("answers 403 to a staff member who is not the team's administrator", async () => {
    const token = await bed.t.as(org.users.user);
    for (const [url, payload] of [
      ["/api/oauth2/type", { inboxEmail: "x@gmail.com" }],
      ["/api/oauth2/Gmail", { inboxEmail: "x@gmail.com" }],
      ["/api/oauth2/Gmail/logout", { inboxEmail: "x@gmail.com" }],
    ] as const) {
      const res = await bed.t.request({ method: "POST", url, token, payload });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await status(token)).abilities.manage).toBe(false);
  });

  it("answers 404 to disconnecting another organisation's mailbox", async () => {
    const owner = await bed.t.tenant();
    const inbox = address();
    expect(await connectMailbox(bed, await bed.t.as(owner.users.admin), inbox)).toBe("/verification/success");
    const stranger = await bed.t.tenant();
    const res = await bed.t.request({
      method: "POST",
      url: "/api/oauth2/Gmail/logout",
      token: await bed.t.as(stranger.users.admin),
      payload: { inboxEmail: inbox },
    });
    expect(res.statusCode).toBe(404);
    expect(await accountRow(owner.orgId)).toBeDefined();
  });
});

describe("disconnecting", () => {
  it("revokes the grant at the provider, deletes the tokens and leaves the team without a provider", async () => {
    const owner = await bed.t.tenant();
    const token = await bed.t.as(owner.users.admin);
    const inbox = address();
    expect(await connectMailbox(bed, token, inbox)).toBe("/verification/success");
    const row = await accountRow(owner.orgId);
    if (!row) throw new Error("no account saved");
    const tokens = openTokens({ currentId: "test-1", keys: new Map([["test-1", bed.key]]) }, owner.orgId, row.id, {
      keyId: row.key_id,
      wrappedKey: row.wrapped_key,
      sealedTokens: row.sealed_tokens,
    });

    const res = await bed.t.request({ method: "POST", url: "/api/oauth2/Gmail/logout", token, payload: { inboxEmail: inbox } });
    expect(res.statusCode, res.body).toBe(200);
    expect(bed.servers.oauth.revocations).toContain(tokens.refreshToken);
    expect(await accountRow(owner.orgId)).toBeUndefined();
    const team = await bed.t.db.owner.selectFrom("teams").selectAll().where("id", "=", owner.teams.main).executeTakeFirstOrThrow();
    expect(team).toMatchObject({ email: inbox, email_provider: null, email_valid: false });
    // The revoked grant's access token no longer opens the mailbox.
    await expect
      .poll(() =>
        checkImapLogin(parseMailUrl(bed.servers.config.GMAIL_IMAP_URL ?? ""), inbox, tokens.accessToken).then(
          () => "in",
          () => "out",
        ),
      )
      .toBe("out");

    const again = await bed.t.request({ method: "POST", url: "/api/oauth2/Gmail/logout", token, payload: { inboxEmail: inbox } });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe("error.email-not-connected");
  });
});

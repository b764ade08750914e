import {
  emailContent,
  unknownSendersPage,
  authorizationUrlResponse,
  inboxEmailRequest,
  mailboxStatus,
  oauthCallbackQuery,
  oauthTypeParams,
  providerTypeResponse,
} from "../contracts/email.ts";
import { idParams, okResponse } from "../contracts/common.ts";
import { endpoint } from "./endpoint.ts";

/** Team email (issue 14): connecting a mailbox with OAuth, then reading and sending through it. */
export const emailEndpoints = {
  providerType: endpoint({
    method: "POST",
    path: "/oauth2/type",
    summary:
      "Gmail or Outlook from the address's domain, else from its MX records; 422 `error.email-provider-unknown` (the person chooses)",
    access: {},
    who: "administrator of the current team",
    body: inboxEmailRequest,
    response: providerTypeResponse,
  }),
  authorize: endpoint({
    method: "POST",
    path: "/oauth2/:type",
    summary:
      "The provider's authorisation URL (PKCE S256, single-use state and nonce for 10 minutes, login_hint) for the popup; 409 `error.email-provider-not-configured`, `error.email-address-taken`",
    access: {},
    who: "administrator of the current team",
    params: oauthTypeParams,
    body: inboxEmailRequest,
    response: authorizationUrlResponse,
  }),
  callback: endpoint({
    method: "GET",
    path: "/oauth2/:type/callback",
    summary:
      "The provider's redirect: state, code exchange with the PKCE verifier, scopes, id_token email = inboxEmail, one IMAP and one SMTP login, tokens sealed; redirects to /verification/success or /verification/error/{provider}?reason=",
    access: { public: true },
    who: "public (the state names the authorisation), rate limited",
    params: oauthTypeParams,
    query: oauthCallbackQuery,
    answer: "redirect",
  }),
  logout: endpoint({
    method: "POST",
    path: "/oauth2/:type/logout",
    summary:
      "Revokes the tokens at the provider (when it can), deletes them; the team's email is no longer valid; 404 `error.email-not-connected`",
    access: {},
    who: "administrator of the current team",
    params: oauthTypeParams,
    body: inboxEmailRequest,
    response: okResponse,
  }),
  mailbox: endpoint({
    method: "GET",
    path: "/email-sync/mailbox",
    summary: "The current team's mailbox: address, provider, connected, valid and why not",
    access: {},
    who: "member of the current team",
    response: mailboxStatus,
  }),
  unknownSenders: endpoint({
    method: "GET",
    path: "/email-sync/unknown-senders",
    summary: "The current team's latest emails (100) from addresses that are no contact's: listed, never dropped",
    access: {},
    who: "member of the current team",
    response: unknownSendersPage,
  }),
  email: endpoint({
    method: "GET",
    path: "/email-sync/emails/:id",
    summary: "One email as the sandboxed frame shows it: sanitised HTML (remote images as data-remote-src), text, files; 404 otherwise",
    access: {},
    who: "member of the email's team",
    params: idParams,
    response: emailContent,
  }),
  attachment: endpoint({
    method: "GET",
    path: "/email-sync/attachments/:id",
    summary:
      "An email's file (blob), typed by its bytes, `X-Content-Type-Options: nosniff`; 404 for another team, or once the contact's email is no longer the address it came from or went to",
    access: {},
    who: "member of the email's team",
    params: idParams,
    answer: "file",
  }),
};

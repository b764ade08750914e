import { startDovecot, type Dovecot } from "./dovecot.ts";
import { startMockOAuth, type MockOAuth } from "./oauth-server.ts";
import { startSmtpRelay, type SmtpRelay } from "./smtp-relay.ts";

export type MailServers = {
  oauth: MockOAuth;
  dovecot: Dovecot;
  smtp: SmtpRelay;
  /** The configuration that points both providers at these servers (the real ones otherwise). */
  config: Record<string, string>;
  stop: () => Promise<void>;
};

const TEST_CLIENT = { id: "relais-test-client", secret: "relais-test-secret" };

/**
 * The three local servers of the email tests, started together: the OAuth server, dovecot whose
 * logins it checks, and the SMTP server that delivers into dovecot. Gmail and Outlook both point
 * at them, through the same settings that name the real providers in production.
 */
export async function startMailServers(): Promise<MailServers> {
  const oauth = await startMockOAuth();
  let dovecot: Dovecot | null = null;
  try {
    dovecot = await startDovecot(`${oauth.issuer}/userinfo`);
    const smtp = await startSmtpRelay(oauth.check, dovecot.lmtpPort);
    const imapUrl = `imap://127.0.0.1:${dovecot.imapPort}`;
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    const config: Record<string, string> = {};
    for (const provider of ["GMAIL", "OUTLOOK"]) {
      config[`${provider}_CLIENT_ID`] = TEST_CLIENT.id;
      config[`${provider}_CLIENT_SECRET`] = TEST_CLIENT.secret;
      config[`${provider}_ISSUER`] = oauth.issuer;
      config[`${provider}_IMAP_URL`] = imapUrl;
      config[`${provider}_SMTP_URL`] = smtpUrl;
    }
    const started = dovecot;
    return {
      oauth,
      dovecot: started,
      smtp,
      config,
      stop: async () => {
        await smtp.stop();
        await started.stop();
        await oauth.stop();
      },
    };
  } catch (err) {
    await dovecot?.stop();
    await oauth.stop();
    throw err;
  }
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImapFlow } from "imapflow";
import nodemailer from "nodemailer";
import { startMailServers, type MailServers } from "./mail-servers.ts";

/** The local mail servers themselves: the email tests lean on them checking XOAUTH2 for real. */
let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(() => servers?.stop());

function imap(user: string, accessToken: string): ImapFlow {
  const client = new ImapFlow({
    host: "127.0.0.1",
    port: servers.dovecot.imapPort,
    secure: false,
    auth: { user, accessToken },
    logger: false,
  });
  // A refused login also comes as an 'error' event; the awaited connect() says it.
  client.on("error", () => undefined);
  return client;
}

function smtp(user: string, accessToken: string) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    port: servers.smtp.port,
    secure: false,
    ignoreTLS: true,
    auth: { type: "OAuth2", user, accessToken },
  });
}

describe("the test mail servers", () => {
  it("deliver a message sent with XOAUTH2 into the recipient's mailbox, read back over IMAP", async () => {
    const sender = await servers.oauth.tokenFor("clinic@mail.test");
    await smtp("clinic@mail.test", sender).sendMail({
      from: "clinic@mail.test",
      to: "patient@mail.test",
      subject: "Rendez-vous",
      text: "À demain",
    });
    const client = imap("patient@mail.test", await servers.oauth.tokenFor("patient@mail.test"));
    await client.connect();
    const lock = await client.getMailboxLock("INBOX");
    try {
      const found = await client.fetchOne("*", { envelope: true });
      expect(found && found.envelope?.subject).toBe("Rendez-vous");
    } finally {
      lock.release();
      await client.logout();
    }
  });

  it("refuse a token the OAuth server did not sign, or one for another mailbox", async () => {
    const forged = (await servers.oauth.tokenFor("patient@mail.test")).replace(/\.[^.]+$/, ".c2lnbmF0dXJl");
    await expect(imap("patient@mail.test", forged).connect()).rejects.toThrow();
    const other = await servers.oauth.tokenFor("other@mail.test");
    await expect(imap("patient@mail.test", other).connect()).rejects.toThrow();
    await expect(smtp("patient@mail.test", other).verify()).rejects.toThrow(/535|auth/i);
  });

  it("refuse every token of a mailbox the OAuth server stopped honouring", async () => {
    const token = await servers.oauth.tokenFor("refused@mail.test");
    const before = imap("refused@mail.test", token);
    await before.connect();
    await before.logout();
    servers.oauth.refuseTokensOf("refused@mail.test");
    await expect(imap("refused@mail.test", token).connect()).rejects.toThrow();
    await expect(imap("refused@mail.test", await servers.oauth.tokenFor("refused@mail.test")).connect()).rejects.toThrow();
  });
});

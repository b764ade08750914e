import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };
type StoredMail = OutgoingMail & { id: string; from: string; sentAt: string };

export type Mailer = {
  send: (mail: OutgoingMail) => Promise<void>;
  /** Mails kept by the development transport, newest first; empty with a real SMTP server. */
  list: () => Promise<StoredMail[]>;
};

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, each mail is written as a JSON file
 * under `<dataDir>/mail/` so a person can follow a reset link locally (/dev/mail).
 */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      list: async () => [],
    };
  }
  const dir = path.join(opts.dataDir, "mail");
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const stored: StoredMail = { id: randomUUID(), from: opts.from, sentAt: new Date().toISOString(), ...mail };
      // The time first in the name keeps the folder in sending order.
      await writeFile(path.join(dir, `${Date.now()}-${stored.id}.json`), JSON.stringify(stored, null, 2));
    },
    async list() {
      let files: string[];
      try {
        files = (await readdir(dir)).filter((f) => f.endsWith(".json"));
      } catch {
        return [];
      }
      files.sort().reverse();
      return Promise.all(files.slice(0, 200).map(async (f) => JSON.parse(await readFile(path.join(dir, f), "utf8")) as StoredMail));
    },
  };
}

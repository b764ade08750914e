import { sql, type Kysely } from "kysely";

/**
 * Sending team email and the sandbox mailbox (issue 14 §3–§4, decision 0031).
 *
 * - A team's mailbox may be the sandbox one (development and tests only): teams.email_provider
 *   takes 'Sandbox' as email_accounts.provider already does. A sandbox address is one mailbox of
 *   the simulated mail network, so it is unique across organisations (the unique index still
 *   applies where row-level security hides the other organisation's row).
 * - email_sandbox_mail is that network: raw RFC 5322 messages filed by address and folder, as
 *   an IMAP server keeps them; its identity is the UID (increasing, never reused, so one
 *   UIDVALIDITY serves). It belongs to no organisation: like the sandbox phones, it stands for
 *   the world outside Relais (a contact's own mailbox included), and production never writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE teams DROP CONSTRAINT teams_email_provider_check;
    ALTER TABLE teams ADD CONSTRAINT teams_email_provider_check CHECK (email_provider IN ('Gmail', 'Outlook', 'Sandbox'));
    CREATE UNIQUE INDEX email_accounts_sandbox_address_key ON email_accounts (address) WHERE provider = 'Sandbox';

    CREATE TABLE email_sandbox_mail (
      uid bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      mailbox text NOT NULL CHECK (mailbox = lower(mailbox) AND mailbox LIKE '%_@_%'),
      folder text NOT NULL CHECK (folder IN ('INBOX', 'Sent')),
      raw bytea NOT NULL CHECK (octet_length(raw) <= 40000000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_sandbox_mail_box_idx ON email_sandbox_mail (mailbox, folder, uid);
  `.execute(db);
}

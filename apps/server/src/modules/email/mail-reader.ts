import type { ImapFlow } from "imapflow";

/**
 * What the sync reads a mailbox's INBOX through: IMAP for Gmail and Outlook, the database for the
 * sandbox mailbox (sandbox-mail.ts). The sync's cursor, de-duplication, parsing and threading are
 * the same code for both (decision 0031).
 */
export type MailboxReader = {
  /** Opens INBOX read-only: its UIDVALIDITY (as text) and next UID. */
  openInbox(): Promise<{ uidValidity: string; uidNext: number }>;
  /** UIDs after `afterUid`, or of the messages received since `since` (a rescan). */
  search(query: { afterUid: number } | { since: Date }): Promise<number[]>;
  /** The raw messages of these UIDs (RFC 5322 bytes), read without marking them read. */
  fetchRaw(uids: number[]): Promise<{ uid: number; source: Buffer }[]>;
  close(): Promise<void>;
};

/** The IMAP reader over a logged-in ImapFlow session; fetches use BODY.PEEK (imapflow's `source`). */
export function imapReader(client: ImapFlow): MailboxReader {
  return {
    async openInbox() {
      const mailbox = await client.mailboxOpen("INBOX", { readOnly: true });
      return { uidValidity: mailbox.uidValidity.toString(), uidNext: Number(mailbox.uidNext) };
    },
    async search(query) {
      const found =
        "since" in query
          ? await client.search({ since: query.since }, { uid: true })
          : await client.search({ uid: `${query.afterUid + 1}:*` }, { uid: true });
      // `n:*` always answers the last message, even below n.
      return (found || []).filter((uid) => "since" in query || uid > query.afterUid);
    },
    async fetchRaw(uids) {
      const raws: { uid: number; source: Buffer }[] = [];
      if (uids.length === 0) return raws;
      for await (const msg of client.fetch(uids.join(","), { uid: true, source: true }, { uid: true })) {
        if (msg.source) raws.push({ uid: msg.uid, source: msg.source });
      }
      return raws;
    },
    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}

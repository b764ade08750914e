import { sql, type Kysely } from "kysely";

/**
 * An email shown as a message of its contact's thread (issue 14 §2, decision 0030): the message
 * row carries what the thread shows of it (subject, its email row, its files), as `messages.call`
 * does for a call, so a page of messages is presented without a join. The sanitised HTML stays
 * in email_messages and is read when the email is opened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages ADD COLUMN email jsonb`.execute(db);
}

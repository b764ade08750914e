import { sql, type Kysely } from "kysely";

/**
 * A quick message may carry one file (spec part 2 §3), kept where every other file is: a row of
 * media_files (0004) with its bytes in the file store, uploaded through the media route and then
 * handed to the text block. `text_block_id` marks it as the block's: the sweep of unsent uploads
 * leaves it alone, any staff member of the organisation may read it, and deleting the block
 * deletes the row (the service removes the bytes once that commits). A file is a block's or a
 * message's, never both: sending a quick message copies its file for the message, so the block
 * can change later without touching what was sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE media_files
      ADD COLUMN text_block_id uuid REFERENCES text_blocks(id) ON DELETE CASCADE,
      ADD CONSTRAINT media_files_block_or_message CHECK (text_block_id IS NULL OR message_id IS NULL);
    -- One file per quick message; also the cascade's lookup when a block is deleted.
    CREATE UNIQUE INDEX media_files_text_block_idx ON media_files (text_block_id) WHERE text_block_id IS NOT NULL;
  `.execute(db);
}

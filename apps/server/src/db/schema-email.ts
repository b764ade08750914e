import type { ColumnType, Generated } from "kysely";

/** Table types of migration 0019 (team email), beside schema.ts so that file stays one list. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** bigint columns come back from pg as strings; written as numbers or strings. */
type BigintColumn = ColumnType<string, number | string | undefined, number | string>;
type NullableBigint = ColumnType<string | null, number | string | null | undefined, number | string | null>;

/** A team's connected mailbox with its sealed tokens and sync cursor. */
export interface EmailAccountsTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string;
  provider: string;
  address: string;
  key_id: string;
  wrapped_key: Buffer;
  sealed_tokens: Buffer;
  scopes: Generated<string>;
  access_expires_at: NullableTimestamp;
  valid: Generated<boolean>;
  invalid_reason: string | null;
  uid_validity: NullableBigint;
  last_uid: BigintColumn;
  last_synced_at: NullableTimestamp;
  failures: Generated<number>;
  retry_after: NullableTimestamp;
  connected_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An OAuth authorisation under way: hashed state, PKCE verifier, nonce, ten minutes. */
export interface EmailOauthStatesTable {
  state_hash: string;
  organization_id: string;
  team_id: string;
  user_id: string;
  provider: string;
  inbox_email: string;
  code_verifier: string;
  nonce: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** One email read from or sent through a team's mailbox. */
export interface EmailMessagesTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string;
  mailbox: string;
  account_id: string | null;
  message_id: string | null;
  direction: string;
  header_message_id: string;
  in_reply_to: string | null;
  references: ColumnType<string[], string[] | undefined, string[]>;
  subject: Generated<string>;
  from_address: string;
  to_addresses: ColumnType<string[], string[] | undefined, string[]>;
  html: string | null;
  text_body: Generated<string>;
  imap_uid: NullableBigint;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A file of an email, typed by its bytes. */
export interface EmailAttachmentsTable {
  id: Generated<string>;
  organization_id: string;
  email_id: string;
  position: number;
  filename: string;
  content_type: string;
  declared_type: string | null;
  size: number;
  sha256: string;
  storage_key: string;
  content_id: string | null;
  contact_address: string;
  created_at: Timestamp;
}

/** The sandbox mail network (migration 0021): raw messages by address and folder, UID first. */
export interface EmailSandboxMailTable {
  uid: ColumnType<string, never, never>;
  mailbox: string;
  folder: string;
  raw: Buffer;
  created_at: Timestamp;
}

import type { ColumnType, Generated } from "kysely";

/** Table types of migration 0024 (voice settings), beside schema.ts so that file stays one list. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A stored audio file (mp3 / wav) with the length computed from its bytes. */
export interface AudioAssetsTable {
  id: Generated<string>;
  organization_id: string;
  purpose: string;
  content_type: string;
  size: number;
  duration_ms: number;
  sha256: string;
  storage_key: string;
  uploaded_by: string | null;
  /** The call a voicemail was left on (migration 0025); null for a greeting's audio. */
  call_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A team's (or, team_id null, the organisation's) greeting for one period. */
export interface GreetingsTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string | null;
  period: string;
  kind: string;
  enabled: Generated<boolean>;
  text: string | null;
  language: string | null;
  audio_id: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An outside number a call can be transferred to, with digits dialled after answer. */
export interface TransferExtensionsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  phone_number: string;
  extension: Generated<string>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

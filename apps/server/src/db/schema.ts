import type { ColumnType, Generated } from "kysely";

/**
 * Table types of the migrations in ./migrations. Written by hand next to the SQL that defines
 * them; `test/db-schema.test.ts` compares them with the live catalogue so they cannot drift.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface TiersTable {
  id: number;
  name: string;
  permissions: number[];
}

export interface ServicesTable {
  id: string;
  sector: string;
  label_fr: string;
  label_en: string;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name_fr: string;
  name_en: string;
  logo: string | null;
  country: string;
  client_id: string | null;
  sector: string;
  services: string[];
  url: string | null;
  schedule: Json<unknown>;
  vacation_start: string | null;
  vacation_end: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
  tier_id: number | null;
  call_queue_enabled: Generated<boolean>;
  enable_ext_transfer: Generated<boolean>;
  france_region: Generated<boolean>;
  timezone: string;
  consultations_enabled: Generated<boolean>;
  office_networks: Generated<string[]>;
  options: Json<unknown>;
  created_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  name: string;
  password_hash: string;
  role: string;
  locale: string;
  settings: Json<unknown>;
  status: Generated<string>;
  created_at: Timestamp;
}

export interface TeamsTable {
  id: Generated<string>;
  organization_id: string;
  label: string;
  email: string | null;
  email_provider: string | null;
  email_valid: Generated<boolean>;
  phone_number: string | null;
  main: Generated<boolean>;
  schedule: Json<unknown>;
  settings: Json<unknown>;
  created_at: Timestamp;
}

export interface TeamMembersTable {
  organization_id: string;
  team_id: string;
  user_id: string;
  team_role: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  current_team_id: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  organization_id: string;
  session_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Json<unknown>;
  at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface SystemStatusTable {
  id: number;
  value: Json<unknown>;
  updated_at: Timestamp;
}

/** Per organisation, the last position handed out; its row lock orders appends by commit. */
export interface EventCursorsTable {
  organization_id: string;
  last_position: number;
}

/** The append-only real-time log (migration 0002); positions are per organisation. */
export interface EventsTable {
  organization_id: string;
  position: number;
  type: string;
  team_id: string | null;
  user_id: string | null;
  payload: Json<unknown>;
  created_at: Timestamp;
}

/** A conversation with one contact number, owned by a team (migration 0003). */
export interface ThreadsTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string;
  contact_phone: string;
  state: Generated<string>;
  pinned: Generated<boolean>;
  has_notification: Generated<boolean>;
  has_incomplete_followup: Generated<boolean>;
  last_message_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One text of a thread, inbound or outbound, with its delivery status (migration 0003). */
export interface MessagesTable {
  id: Generated<string>;
  organization_id: string;
  thread_id: string;
  direction: string;
  from_phone: string;
  to_phone: string;
  body: string;
  status: string;
  failure_reason: string | null;
  carrier_message_id: string | null;
  idempotency_key: string | null;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  tiers: TiersTable;
  services: ServicesTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  system_status: SystemStatusTable;
  event_cursors: EventCursorsTable;
  events: EventsTable;
  threads: ThreadsTable;
  messages: MessagesTable;
}

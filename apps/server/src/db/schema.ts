import type { ColumnType, Generated } from "kysely";
import type {
  EmailAccountsTable,
  EmailAttachmentsTable,
  EmailMessagesTable,
  EmailOauthStatesTable,
  EmailSandboxMailTable,
} from "./schema-email.ts";
import type { AudioAssetsTable, GreetingsTable, TransferExtensionsTable } from "./schema-voice-settings.ts";
import type { SipEndpointsTable } from "./schema-sips.ts";

/**
 * Table types of the migrations in ./migrations. Written by hand next to the SQL that defines
 * them; `test/db-schema.test.ts` compares them with the live catalogue so they cannot drift.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

interface TiersTable {
  id: number;
  name: string;
  permissions: number[];
}

interface ServicesTable {
  id: string;
  sector: string;
  label_fr: string;
  label_en: string;
}

interface OrganizationsTable {
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
  /** How long staff are rung for a call (migration 0018). */
  call_ring_seconds: Generated<number>;
  created_at: Timestamp;
}

interface UsersTable {
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

interface TeamsTable {
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

interface TeamMembersTable {
  organization_id: string;
  team_id: string;
  user_id: string;
  team_role: string;
  created_at: Timestamp;
}

interface SessionsTable {
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

interface RefreshTokensTable {
  id: Generated<string>;
  organization_id: string;
  session_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

interface PasswordResetsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

interface AuditLogTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Json<unknown>;
  at: Timestamp;
}

interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

interface SystemStatusTable {
  id: number;
  value: Json<unknown>;
  updated_at: Timestamp;
}

/** Per organisation, how far the retention job pruned its log (migration 0015 dropped the position counter). */
interface EventCursorsTable {
  organization_id: string;
  /** The highest position the retention job deleted (migration 0014); 0 before any. */
  pruned_through: Generated<number>;
}

/** The append-only real-time log (migration 0002); positions are per organisation. */
interface EventsTable {
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
  /** 0–100 from the contact's recent texts, null before the first (migration 0005). */
  sentiment: ColumnType<number | null, number | null | undefined, number | null>;
  /** The thread's latest call, {time, status} (migration 0018). */
  voice: ColumnType<unknown, string | null | undefined, string | null>;
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
  /** Set when the message is a call (migration 0018): the shared MessageCall. */
  call: ColumnType<unknown, string | null | undefined, string | null>;
  /** Set when the message is an email (migration 0021): the shared MessageEmail. */
  email: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0004: a stored file, uploaded (message_id null) or attached to a message. */
export interface MediaFilesTable {
  id: Generated<string>;
  organization_id: string;
  uploaded_by: string | null;
  message_id: string | null;
  position: number | null;
  content_type: string;
  size: number;
  filename: string;
  sha256: string;
  storage_key: string;
  created_at: Timestamp;
  /** The quick message whose file this is (migration 0012); null for an upload or a message's file. */
  text_block_id: string | null;
}

/** A team's automatic texts (migration 0006); no row: both disabled, empty, 24 h. */
export interface AutomaticTextsTable {
  organization_id: string;
  team_id: string;
  outside_hours_enabled: Generated<boolean>;
  outside_hours_text: Generated<string>;
  missed_call_enabled: Generated<boolean>;
  missed_call_text: Generated<string>;
  period_hours: Generated<number>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** The last automatic reply to one contact number of a team: the once-per-period gate (migration 0006). */
interface AutomaticTextRepliesTable {
  organization_id: string;
  team_id: string;
  contact_phone: string;
  kind: string;
  message_id: string | null;
  sent_at: Timestamp;
}

/** A text planned for a date and time, with optional reminders before it (migration 0009). */
export interface ScheduledMessagesTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string;
  to_phone: string;
  title: string;
  body: string;
  scheduled_date: string;
  /** Null: only a date was given, it goes at the office's opening time (migration 0022). */
  scheduled_time: string | null;
  scheduled_at: Timestamp;
  reminders: ColumnType<string[], string[] | undefined, string[]>;
  reminders_sent: ColumnType<string[], string[] | undefined, string[]>;
  status: ColumnType<string, string | undefined, string>;
  failure_reason: string | null;
  message_id: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A contact (patient, client) of an organisation (migration 0007). */
export interface ContactsTable {
  id: Generated<string>;
  organization_id: string;
  first_name: string | null;
  last_name: string | null;
  business: string | null;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  language: string | null;
  gender: string | null;
  salutation: string | null;
  note: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated by the database: folded names, business, email and phone digits. */
  search_text: ColumnType<string, never, never>;
  /** Generated by the database: folded "last first", the list order. */
  sort_name: ColumnType<string, never, never>;
}

/** One side of a link between two contacts: what linked_contact_id is to contact_id (0007). */
interface ContactLinksTable {
  organization_id: string;
  contact_id: string;
  linked_contact_id: string;
  relation: string;
  created_at: Timestamp;
}

export interface ContactNotesTable {
  id: Generated<string>;
  organization_id: string;
  contact_id: string;
  body: string;
  noted_on: string;
  pinned: Generated<boolean>;
  author_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactSurveysTable {
  id: Generated<string>;
  organization_id: string;
  contact_id: string;
  title: string;
  answers: Json<unknown>;
  followup_done: Generated<boolean>;
  followup_done_at: NullableTimestamp;
  followup_done_by: string | null;
  created_at: Timestamp;
}

/** A weekly slot of a member's availabilities, minutes in the organisation's time zone (migration 0008). */
interface AvailabilitiesTable {
  id: Generated<string>;
  organization_id: string;
  member_id: string;
  day: number;
  start_minute: number;
  end_minute: number;
}

/** An appointment; `during` is a tstzrange written and read through SQL (migration 0008). */
interface AppointmentsTable {
  id: Generated<string>;
  organization_id: string;
  member_id: string;
  contact_id: string;
  during: string;
  status: Generated<"booked" | "cancelled">;
  category: string | null;
  service_id: string;
  gender: string;
  kit: Generated<boolean>;
  extra_document: string;
  requests: string | null;
  notes: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  cancelled_at: Date | null;
  cancelled_by: string | null;
}

/** One contact import run: its progress and counts (migration 0011). */
export interface ContactImportsTable {
  id: Generated<string>;
  organization_id: string;
  created_by: string | null;
  filename: string;
  format: string;
  status: Generated<string>;
  total_rows: number;
  processed_rows: Generated<number>;
  imported: Generated<number>;
  refused: Generated<number>;
  error_code: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** A line of an import's file that was refused, with why (0011). */
export interface ContactImportIssuesTable {
  organization_id: string;
  import_id: string;
  line: number;
  reasons: string[];
  cells: string[];
}

/** A short link of POST link/create, followed at /l/{code} (migration 0005). */
interface ShortLinksTable {
  id: Generated<string>;
  organization_id: string;
  code: string;
  url: string;
  created_by: string | null;
  created_at: Timestamp;
  clicks: Generated<number>;
}

/** Quick messages of an organisation, per locale (migration 0010). */
export interface TextBlocksTable {
  id: Generated<string>;
  organization_id: string;
  locale: string;
  title: string;
  body: string;
  pinned: Generated<boolean>;
  created_by: string | null;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A user's own message templates (migration 0010). */
export interface CommunicationTemplatesTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string;
  type: string;
  locale: string;
  title: string;
  content: string;
  pinned: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The organisation's signature mode (migration 0010); no row: no signature. */
export interface SignatureSettingsTable {
  organization_id: string;
  mode: string;
  personalized_text: Generated<string>;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** A user's own signature line (migration 0010). */
interface UserSignaturesTable {
  organization_id: string;
  user_id: string;
  text: string;
  updated_at: Timestamp;
}

/** An organisation's satisfaction survey by text (migration 0013). */
export interface SurveySettingsTable {
  organization_id: string;
  enabled: Generated<boolean>;
  title: string;
  questions: Json<unknown>;
  thanks: string;
  retry: string;
  updated_by: string | null;
  updated_at: Timestamp;
}

/** One sending of the survey to a contact; open while ended_at is null (migration 0013). */
export interface SurveyRunsTable {
  id: Generated<string>;
  organization_id: string;
  team_id: string;
  thread_id: string;
  contact_id: string;
  contact_phone: string;
  title: string;
  questions: Json<unknown>;
  thanks: string;
  retry: string;
  answers: ColumnType<unknown, string | undefined, string>;
  started_by: string | null;
  started_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: string | null;
  ended_by: string | null;
}

/** Migration 0018: a call; `model` is the reducer's whole Call, the columns are what queries use. */
export interface CallsTable {
  id: string;
  organization_id: string;
  team_id: string;
  origin_team_id: string | null;
  direction: string;
  remote_number: string;
  team_number: string | null;
  anonymous: boolean;
  emergency: boolean;
  contact_id: string | null;
  thread_id: string | null;
  message_id: string | null;
  state: string;
  held: Generated<boolean>;
  version: number;
  carrier: string;
  carrier_call_sid: string | null;
  room: string;
  owner_user_id: string | null;
  park_no: number | null;
  started_at: Timestamp;
  answered_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  end_status: string | null;
  end_reason: string | null;
  model: Json<unknown>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

interface CallLegsTable {
  id: Generated<string>;
  organization_id: string;
  call_id: string;
  kind: string;
  user_id: string | null;
  status: string;
  started_at: Generated<Date>;
  ended_at: NullableTimestamp;
}

interface CallOffersTable {
  organization_id: string;
  call_id: string;
  user_id: string;
  round: number;
  team_id: string;
  status: string;
  offered_at: Generated<Date>;
  ring_until: Timestamp;
  acked_at: NullableTimestamp;
  closed_at: NullableTimestamp;
}

interface CallEventsTable {
  id: Generated<string>;
  organization_id: string;
  call_id: string;
  key: string;
  type: string;
  event: Json<unknown>;
  at: Timestamp;
  version: number;
  recorded_at: Generated<Date>;
}

interface CallPresenceTable {
  organization_id: string;
  user_id: string;
  tab_id: string;
  session_id: string;
  can_answer: boolean;
  seen_at: Timestamp;
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
  short_links: ShortLinksTable;
  contacts: ContactsTable;
  contact_links: ContactLinksTable;
  contact_notes: ContactNotesTable;
  contact_surveys: ContactSurveysTable;
  contact_imports: ContactImportsTable;
  contact_import_issues: ContactImportIssuesTable;
  availabilities: AvailabilitiesTable;
  appointments: AppointmentsTable;
  automatic_texts: AutomaticTextsTable;
  automatic_text_replies: AutomaticTextRepliesTable;
  scheduled_messages: ScheduledMessagesTable;
  media_files: MediaFilesTable;
  text_blocks: TextBlocksTable;
  communication_templates: CommunicationTemplatesTable;
  signature_settings: SignatureSettingsTable;
  user_signatures: UserSignaturesTable;
  survey_settings: SurveySettingsTable;
  survey_runs: SurveyRunsTable;
  calls: CallsTable;
  call_legs: CallLegsTable;
  call_offers: CallOffersTable;
  call_events: CallEventsTable;
  call_presence: CallPresenceTable;
  email_accounts: EmailAccountsTable;
  email_oauth_states: EmailOauthStatesTable;
  email_messages: EmailMessagesTable;
  email_attachments: EmailAttachmentsTable;
  email_sandbox_mail: EmailSandboxMailTable;
  audio_assets: AudioAssetsTable;
  greetings: GreetingsTable;
  transfer_extensions: TransferExtensionsTable;
  sip_endpoints: SipEndpointsTable;
}

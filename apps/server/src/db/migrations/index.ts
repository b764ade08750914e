import type { Migration } from "kysely";
import * as m0001 from "./0001_platform.ts";
import * as m0002 from "./0002_events.ts";
import * as m0003 from "./0003_messaging.ts";
import * as m0004 from "./0004_media.ts";
import * as m0005 from "./0005_sentiment_and_short_links.ts";
import * as m0006 from "./0006_automatic_texts.ts";
import * as m0007 from "./0007_contacts.ts";
import * as m0008 from "./0008_appointments.ts";
import * as m0009 from "./0009_jobs_and_scheduled_messages.ts";
import * as m0010 from "./0010_text_blocks_and_templates.ts";
import * as m0011 from "./0011_contact_imports.ts";
import * as m0012 from "./0012_text_block_attachments.ts";
import * as m0013 from "./0013_satisfaction_surveys.ts";
import * as m0014 from "./0014_event_retention.ts";
import * as m0015 from "./0015_event_positions_without_lock.ts";
import * as m0016 from "./0016_unlogged_rate_limits.ts";
import * as m0017 from "./0017_contact_import_xls.ts";
import * as m0018 from "./0018_calls.ts";
import * as m0019 from "./0019_email.ts";
import * as m0020 from "./0020_email_in_threads.ts";
import * as m0021 from "./0021_email_send_and_sandbox.ts";
import * as m0022 from "./0022_scheduled_time_optional.ts";
import * as m0023 from "./0023_call_park_numbers.ts";
import * as m0024 from "./0024_voice_settings.ts";
import * as m0025 from "./0025_voicemail_audio.ts";
import * as m0026 from "./0026_sip_endpoints.ts";
import * as m0027 from "./0027_thread_unread_index.ts";
import * as m0028 from "./0028_directory_change_signal.ts";
import * as m0029 from "./0029_directory_change_at_commit.ts";
import * as m0030 from "./0030_automatic_texts_in_directory.ts";
import * as m0031 from "./0031_events_read_prepared.ts";
import * as m0032 from "./0032_log_snapshot_function.ts";
import * as m0033 from "./0033_idempotency_key_when_set.ts";
import * as m0034 from "./0034_log_and_messages_without_organisation_check.ts";
import * as m0035 from "./0035_log_read_activity_when_held.ts";

/**
 * Every migration, in order. Forward-only: a landed migration is never edited; a change is a
 * new numbered file added here.
 */
export const migrations: Record<string, Migration> = {
  "0001_platform": m0001,
  "0002_events": m0002,
  "0003_messaging": m0003,
  "0004_media": m0004,
  "0005_sentiment_and_short_links": m0005,
  "0006_automatic_texts": m0006,
  "0007_contacts": m0007,
  "0008_appointments": m0008,
  "0009_jobs_and_scheduled_messages": m0009,
  "0010_text_blocks_and_templates": m0010,
  "0011_contact_imports": m0011,
  "0012_text_block_attachments": m0012,
  "0013_satisfaction_surveys": m0013,
  "0014_event_retention": m0014,
  "0015_event_positions_without_lock": m0015,
  "0016_unlogged_rate_limits": m0016,
  "0017_contact_import_xls": m0017,
  "0018_calls": m0018,
  "0019_email": m0019,
  "0020_email_in_threads": m0020,
  "0021_email_send_and_sandbox": m0021,
  "0022_scheduled_time_optional": m0022,
  "0023_call_park_numbers": m0023,
  "0024_voice_settings": m0024,
  "0025_voicemail_audio": m0025,
  "0026_sip_endpoints": m0026,
  "0027_thread_unread_index": m0027,
  "0028_directory_change_signal": m0028,
  "0029_directory_change_at_commit": m0029,
  "0030_automatic_texts_in_directory": m0030,
  "0031_events_read_prepared": m0031,
  "0032_log_snapshot_function": m0032,
  "0033_idempotency_key_when_set": m0033,
  "0034_log_and_messages_without_organisation_check": m0034,
  "0035_log_read_activity_when_held": m0035,
};

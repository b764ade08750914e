import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import type { DB } from "../src/db/schema.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

/**
 * Every table and column of the hand-written table types in db/schema.ts. The mapped type makes the
 * compiler demand each key of each interface and refuse any other, so this list cannot drift
 * from schema.ts; the test below checks it against the migrated database.
 */
type Columns = { [T in keyof DB]: Record<keyof DB[T], true> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("db/schema.ts names exactly the columns the migrations create", async () => {
  const tables = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'
  `.execute(t.db.owner);
  const actual: Record<string, string[]> = {};
  for (const r of tables.rows) (actual[r.table_name] ??= []).push(r.column_name);

  const declared: Columns = {
    event_cursors: { organization_id: true, last_position: true },
    short_links: { id: true, organization_id: true, code: true, url: true, created_by: true, created_at: true, clicks: true },
    threads: {
      id: true,
      organization_id: true,
      team_id: true,
      contact_phone: true,
      state: true,
      pinned: true,
      has_notification: true,
      has_incomplete_followup: true,
      last_message_id: true,
      sentiment: true,
      created_at: true,
      updated_at: true,
    },
    messages: {
      id: true,
      organization_id: true,
      thread_id: true,
      direction: true,
      from_phone: true,
      to_phone: true,
      body: true,
      status: true,
      failure_reason: true,
      carrier_message_id: true,
      idempotency_key: true,
      author_id: true,
      created_at: true,
      updated_at: true,
    },
    media_files: {
      id: true,
      organization_id: true,
      uploaded_by: true,
      message_id: true,
      position: true,
      content_type: true,
      size: true,
      filename: true,
      sha256: true,
      storage_key: true,
      created_at: true,
    },
    events: { organization_id: true, position: true, type: true, team_id: true, user_id: true, payload: true, created_at: true },
    contacts: {
      id: true,
      organization_id: true,
      first_name: true,
      last_name: true,
      business: true,
      phone: true,
      email: true,
      birthday: true,
      address: true,
      city: true,
      postal_code: true,
      language: true,
      gender: true,
      salutation: true,
      note: true,
      created_by: true,
      created_at: true,
      updated_at: true,
      search_text: true,
      sort_name: true,
    },
    contact_links: { organization_id: true, contact_id: true, linked_contact_id: true, relation: true, created_at: true },
    contact_notes: {
      id: true,
      organization_id: true,
      contact_id: true,
      body: true,
      noted_on: true,
      pinned: true,
      author_id: true,
      created_at: true,
      updated_at: true,
    },
    contact_surveys: {
      id: true,
      organization_id: true,
      contact_id: true,
      title: true,
      answers: true,
      followup_done: true,
      followup_done_at: true,
      followup_done_by: true,
      created_at: true,
    },
    automatic_texts: {
      organization_id: true,
      team_id: true,
      outside_hours_enabled: true,
      outside_hours_text: true,
      missed_call_enabled: true,
      missed_call_text: true,
      period_hours: true,
      updated_by: true,
      updated_at: true,
    },
    automatic_text_replies: { organization_id: true, team_id: true, contact_phone: true, kind: true, message_id: true, sent_at: true },
    tiers: { id: true, name: true, permissions: true },
    services: { id: true, sector: true, label_fr: true, label_en: true },
    organizations: {
      id: true,
      name_fr: true,
      name_en: true,
      logo: true,
      country: true,
      client_id: true,
      sector: true,
      services: true,
      url: true,
      schedule: true,
      vacation_start: true,
      vacation_end: true,
      address: true,
      email: true,
      phone: true,
      latitude: true,
      longitude: true,
      tier_id: true,
      call_queue_enabled: true,
      enable_ext_transfer: true,
      france_region: true,
      timezone: true,
      consultations_enabled: true,
      office_networks: true,
      options: true,
      created_at: true,
    },
    users: {
      id: true,
      organization_id: true,
      email: true,
      name: true,
      password_hash: true,
      role: true,
      locale: true,
      settings: true,
      status: true,
      created_at: true,
    },
    teams: {
      id: true,
      organization_id: true,
      label: true,
      email: true,
      email_provider: true,
      email_valid: true,
      phone_number: true,
      main: true,
      schedule: true,
      settings: true,
      created_at: true,
    },
    team_members: { organization_id: true, team_id: true, user_id: true, team_role: true, created_at: true },
    sessions: {
      id: true,
      organization_id: true,
      user_id: true,
      current_team_id: true,
      ip: true,
      user_agent: true,
      created_at: true,
      last_seen_at: true,
      revoked_at: true,
      revoked_reason: true,
    },
    refresh_tokens: {
      id: true,
      organization_id: true,
      session_id: true,
      token_hash: true,
      created_at: true,
      expires_at: true,
      used_at: true,
    },
    password_resets: {
      id: true,
      organization_id: true,
      user_id: true,
      token_hash: true,
      created_at: true,
      expires_at: true,
      used_at: true,
    },
    audit_log: { id: true, organization_id: true, user_id: true, action: true, entity: true, entity_id: true, details: true, at: true },
    rate_limits: { key: true, window_start: true, hits: true },
    system_status: { id: true, value: true, updated_at: true },
  };
  const expected = Object.fromEntries(Object.entries(declared).map(([table, c]) => [table, Object.keys(c)]));
  expect(Object.keys(actual).sort(), "tables").toEqual(Object.keys(expected).sort());
  for (const [table, columns] of Object.entries(expected)) {
    expect(actual[table]?.sort(), `columns of ${table}`).toEqual([...columns].sort());
  }
});

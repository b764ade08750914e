// The organisations of the voice benchmark: clones of the demo clinic, each with one team whose
// number takes calls at any hour, and staff who may be offered calls (online, incoming calls on,
// the organisation's web calls on).
import pg from "pg";
import { DEMO_USER, ORG_ID } from "../inbox/seed.mjs";

export const staffEmail = (o, s) => `voice-${String(o).padStart(3, "0")}-${String(s).padStart(2, "0")}@bench-voice.ca`;
export const orgNumber = (o) => `+1514710${String(o).padStart(4, "0")}`;

/** Every day open all day: a call is in the OPEN period whenever the benchmark runs. */
const ALWAYS_OPEN = {
  week: Array.from({ length: 7 }, (_, day) => ({ day, enabled: true, start: "00:00", end: "23:59", breaks: [] })),
};

export async function seedVoiceOrgs(ownerUrl, { orgs, staff }) {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `create temp table bench_orgs on commit drop as
       select o, gen_random_uuid() as org_id, gen_random_uuid() as team_id from generate_series(1, $1::int) o`,
      [orgs],
    );
    await client.query(
      `insert into organizations
       select (jsonb_populate_record(null::organizations, to_jsonb(src) || jsonb_build_object(
                 'id', b.org_id, 'name_fr', 'Voix ' || b.o, 'name_en', 'Voice ' || b.o,
                 'vacation_start', null, 'vacation_end', null,
                 'options', coalesce(src.options, '{}'::jsonb) || '{"twilio": {"hasMultipleNumbers": false, "webCallsEnabled": true}}'::jsonb))).*
       from organizations src, bench_orgs b where src.id = $1`,
      [ORG_ID],
    );
    await client.query(
      `insert into teams
       select (jsonb_populate_record(null::teams, to_jsonb(src) || jsonb_build_object(
                 'id', b.team_id, 'organization_id', b.org_id, 'phone_number', '+1514710' || lpad(b.o::text, 4, '0'),
                 'main', true, 'schedule', $2::jsonb))).*
       from (select * from teams where organization_id = $1 and main limit 1) src, bench_orgs b`,
      [ORG_ID, JSON.stringify(ALWAYS_OPEN)],
    );
    await client.query(
      `insert into users (organization_id, email, name, password_hash, role, status, settings)
       select b.org_id, 'voice-' || lpad(b.o::text, 3, '0') || '-' || lpad(s::text, 2, '0') || '@bench-voice.ca', 'Voix ' || b.o || '-' || s,
              (select password_hash from users where email = $2), 'user', 'online',
              '{"allowIncomingCalls": true, "audioNotifications": true, "phoneNumber": null}'
       from bench_orgs b, generate_series(1, $1::int) s`,
      [staff, DEMO_USER],
    );
    await client.query(
      `insert into team_members (organization_id, team_id, user_id, team_role)
       select b.org_id, b.team_id, u.id, 'user' from bench_orgs b join users u on u.organization_id = b.org_id`,
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
}

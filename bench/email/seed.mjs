// The organisations of the email benchmark: clones of the demo clinic, each with one team (its
// mailbox is connected later through the OAuth flow), one administrator of that team (who
// connects it and holds the staff socket) and contacts whose addresses send the emails.
import pg from "pg";
import { DEMO_USER, ORG_ID } from "../inbox/seed.mjs";

const pad = (n, w) => String(n).padStart(w, "0");
export const adminEmail = (o) => `mail-admin-${pad(o, 3)}@bench-mail.test`;
export const inboxAddress = (o) => `reception-${pad(o, 3)}@bench-mail.test`;
export const contactAddress = (o, k) => `patient-${pad(o, 3)}-${pad(k, 4)}@bench-mail.test`;

/** `orgs` organisations; organisation 1 (the big mailbox) has `bigContacts` contacts, the others `contacts`. */
export async function seedEmailOrgs(ownerUrl, { orgs, bigContacts, contacts }) {
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
                 'id', b.org_id, 'name_fr', 'Courriel ' || b.o, 'name_en', 'Email ' || b.o,
                 'vacation_start', null, 'vacation_end', null))).*
       from organizations src, bench_orgs b where src.id = $1`,
      [ORG_ID],
    );
    await client.query(
      `insert into teams
       select (jsonb_populate_record(null::teams, to_jsonb(src) || jsonb_build_object(
                 'id', b.team_id, 'organization_id', b.org_id, 'phone_number', '+1514720' || lpad(b.o::text, 4, '0'),
                 'main', true, 'email', null, 'email_provider', null, 'email_valid', false))).*
       from (select * from teams where organization_id = $1 and main limit 1) src, bench_orgs b`,
      [ORG_ID],
    );
    await client.query(
      `insert into users (organization_id, email, name, password_hash, role, status, settings)
       select b.org_id, 'mail-admin-' || lpad(b.o::text, 3, '0') || '@bench-mail.test', 'Courriel ' || b.o,
              (select password_hash from users where email = $1), 'admin', 'online',
              '{"allowIncomingCalls": false, "audioNotifications": true, "phoneNumber": null}'
       from bench_orgs b`,
      [DEMO_USER],
    );
    await client.query(
      `insert into team_members (organization_id, team_id, user_id, team_role)
       select b.org_id, b.team_id, u.id, 'admin' from bench_orgs b join users u on u.organization_id = b.org_id`,
    );
    await client.query(
      `insert into contacts (organization_id, first_name, last_name, phone, email)
       select b.org_id, 'Patient', b.o || '-' || k, '+1438' || (3000000 + b.o * 1000 + k),
              'patient-' || lpad(b.o::text, 3, '0') || '-' || lpad(k::text, 4, '0') || '@bench-mail.test'
       from bench_orgs b, generate_series(1, case when b.o = 1 then $1::int else $2::int end) k`,
      [bigContacts, contacts],
    );
    await client.query("commit");
  } finally {
    await client.end();
  }
}

import { randomBytes } from "node:crypto";
import { parse as parseQuery, stringify as stringifyQuery } from "node:querystring";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { z } from "zod";
import { defaultWeekSchedule, isMessageId, listEndpoints } from "@relais/shared";
import { createTokenSigner } from "../src/platform/auth/tokens.ts";
import { routeKey } from "../src/platform/http/serve.ts";
import { apiSuite, PASSWORD, setTeamPhone, uniquePhone, type Session, type Tenant } from "./helpers.ts";
import { createContactGraph, type ContactGraph } from "../src/modules/contacts/contacts-test-kit.ts";

/**
 * Hostile input on every route of docs/api.md: broken JSON, wrong types, missing and unknown
 * fields, oversized bodies, SQL and HTML, NUL characters, ids that are not uuids, huge strings.
 * Every answer must be a 4xx in the one error shape with a catalogue key, and nothing may be
 * written. The list of routes is checked against the app's own and against docs/api.md, so a
 * new route without hostile coverage fails here.
 */

const { t, org, other } = apiSuite();
let admin: Session;
let devops: Session;
let replaced: Session;
/** A team that may be deleted and a membership that may be removed: a request slipping through would show. */
let spareTeam: string;
/** A conversation of the main team, its first text, and the numbers involved. */
let thread: { id: string; messageId: string; contact: string; teamPhone: string };
/** A contact of the organisation with a linked contact, a note and a survey. */
let patient: ContactGraph;

beforeAll(async () => {
  admin = await t.login(org.users.admin.email);
  devops = await t.login(org.users.devops.email);
  const created = await t.request({
    method: "POST",
    url: "/api/user-groups",
    token: admin.jwt,
    payload: {
      label: "Équipe de réserve",
      members: [
        { userId: org.users.admin.id, teamRole: "admin" },
        { userId: org.users.marketing.id, teamRole: "user" },
        { userId: org.users.user.id, teamRole: "user" },
      ],
    },
  });
  if (created.statusCode !== 201) throw new Error(`spare team: ${created.body}`);
  spareTeam = created.json().id;
  // A conversation, its first text delivered before any snapshot is taken.
  const teamPhone = uniquePhone();
  await setTeamPhone(t, org.orgId, org.teams.main, teamPhone);
  await setTeamPhone(t, org.orgId, org.teams.second, uniquePhone());
  const contact = uniquePhone();
  const sw = await t.request({ method: "PUT", url: "/api/auth/user-group", token: admin.jwt, payload: { userGroup: org.teams.main } });
  if (sw.statusCode !== 200) throw new Error(`switch team: ${sw.body}`);
  const conv = await t.request({
    method: "POST",
    url: "/api/messaging/v1/threads",
    token: admin.jwt,
    payload: { to: contact, body: "Bonjour" },
  });
  if (conv.statusCode !== 201) throw new Error(`thread: ${conv.body}`);
  thread = { id: conv.json().thread.id, messageId: conv.json().message.id, contact, teamPhone };
  for (let i = 0; i < 500 && t.carrier.outboxFor(contact)[0]?.status !== "delivered"; i++) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 100));
  // A session replaced by a newer sign-in of the same person.
  replaced = await t.login(org.users.other.email);
  await t.login(org.users.other.email);
  patient = await createContactGraph(t, org.orgId, admin.jwt);
});

const SQL = "'; drop table users; --";
const SQL2 = "1' or '1'='1";
const HTML = "<script>alert(1)</script>";
const HUGE = "x".repeat(100_000);
const NUL = "a\u0000b";
const UNKNOWN_ID = "4a0e6c55-5b3a-4f1e-9d2c-7e8f9a0b1c2d";

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Ctx = { org: Tenant; other: Tenant; spareTeam: string; thread: typeof thread };
/**
 * What the registry cannot know: a valid request of each endpoint in this test's organisation,
 * never sent as is (each hostile one is one change away from it), and who sends it.
 */
type Sample = {
  /** Who calls it in the hostile run: someone allowed, so input reaches as deep as it can. */
  as?: "admin" | "devops";
  params?: (c: Ctx) => Record<string, string>;
  body?: (c: Ctx) => unknown;
  /** A valid query string. */
  query?: Record<string, string>;
  /** The route reads a body at all without a JSON schema (a multipart upload, a body-less POST, a DELETE). */
  parsesBody?: boolean;
};

/** An endpoint of the registry with its sample: method, path, access and schemas come from the registry only. */
type Route = Sample & {
  name: string;
  method: Method;
  /** As in the OpenAPI document: /api/user-groups/{id}. */
  path: string;
  public: boolean;
  paramsSchema?: z.ZodType;
  bodySchema?: z.ZodType;
  querySchema?: z.ZodType;
};

const week = defaultWeekSchedule();
/** The fields every Twilio voice webhook sends. */
const VOICE_FORM = { CallSid: "CA5f3c1e2b9a8d47c6b0e1f2a3b4c5d6e7", AccountSid: "AC0123456789abcdef0123456789abcdef" };
const MAINTENANCE = {
  status: "under_maintenance",
  enabled: true,
  banner: true,
  bannerText: { "fr-CA": "Maintenance", "en-CA": "Maintenance" },
  overlay: false,
  dismissable: true,
  nextWindow: "2026-05-01T02:00:00.000Z",
  durationMinutes: 60,
};

const SAMPLES: Record<string, Sample> = {
  "health.check": {},
  "status.get": {},
  "status.update": { as: "devops", body: () => MAINTENANCE },
  "auth.login": { body: () => ({ username: "personne@test.relais", password: "Nope!2026x" }) },
  "auth.refresh": { parsesBody: true },
  "auth.logout": { body: () => ({ revokeAll: false }) },
  "auth.session": {},
  "auth.updateProfile": { body: () => ({ name: "Nom", locale: "fr-CA", settings: { allowIncomingCalls: true } }) },
  "auth.changePassword": { body: () => ({ currentPassword: "Mauvais!2026", password: "Nouveau!2027", confirmation: "Nouveau!2027" }) },
  "auth.setStatus": { body: () => ({ status: "busy" }) },
  "auth.switchTeam": { body: (c) => ({ userGroup: c.org.teams.second }) },
  "auth.forgotPassword": { body: () => ({ email: "personne@test.relais", locale: "fr-CA" }) },
  "auth.resetPassword": {
    body: (c) => ({ token: `${c.org.orgId}.${UNKNOWN_ID}.${"s".repeat(43)}`, password: "Nouveau!2027", confirmation: "Nouveau!2027" }),
  },
  "organizations.get": { params: (c) => ({ id: c.org.orgId }) },
  "organizations.update": {
    body: () => ({
      name: { "fr-CA": "Nom", "en-CA": "Name" },
      url: "https://exemple.test",
      address: "1 rue",
      email: "clinique@exemple.test",
      phone: "+15145550100",
      schedule: { week, vacation: { start: "2026-07-01", end: "2026-07-10" } },
      officeNetworks: ["192.0.2.0/24"],
      options: { twilio: { webCallsEnabled: false }, voiceQueue: { enabled: true }, auth: { disallowLoginOutsideWorkHours: true } },
    }),
  },
  "organizations.tier": { params: (c) => ({ id: c.org.orgId }) },
  "organizations.services": { query: { sector: "dental" } },
  "teams.list": {},
  "teams.mine": {},
  "teams.get": { params: (c) => ({ id: c.org.teams.second }) },
  "teams.create": {
    body: (c) => ({
      label: "Nouvelle",
      email: "nouvelle@exemple.test",
      phoneNumber: "+15145550101",
      members: [
        { userId: c.org.users.admin.id, teamRole: "admin" },
        { userId: c.org.users.user.id, teamRole: "user" },
      ],
    }),
  },
  "teams.update": {
    params: (c) => ({ id: c.org.teams.second }),
    body: () => ({
      label: "Renommée",
      email: "equipe@exemple.test",
      emailProvider: "Gmail",
      phoneNumber: "+15145550102",
      schedule: { week },
      settings: { voiceQueue: true },
    }),
  },
  "teams.remove": { params: (c) => ({ id: c.spareTeam }), parsesBody: true },
  "teams.addMember": { params: (c) => ({ id: c.org.teams.second }), body: (c) => ({ userId: c.org.users.marketing.id, teamRole: "user" }) },
  "teams.updateMember": { params: (c) => ({ id: c.spareTeam, userId: c.org.users.user.id }), body: () => ({ teamRole: "admin" }) },
  "teams.removeMember": { params: (c) => ({ id: c.spareTeam, userId: c.org.users.user.id }), parsesBody: true },
  "automaticTexts.get": { params: (c) => ({ id: c.org.teams.main }) },
  "automaticTexts.update": {
    params: (c) => ({ id: c.org.teams.main }),
    body: () => ({
      outsideHours: { enabled: true, text: "Nos bureaux sont fermés." },
      missedCall: { enabled: true, text: "Nous vous rappelons bientôt." },
      periodHours: 24,
    }),
  },
  "surveys.settings": { params: (c) => ({ id: c.org.orgId }) },
  "surveys.updateSettings": {
    params: (c) => ({ id: c.org.orgId }),
    body: () => ({
      enabled: true,
      title: "Satisfaction",
      questions: [{ kind: "score", text: "De 1 à 5, êtes-vous satisfait(e) ?" }],
      thanks: "Merci !",
      retry: "Répondez par un chiffre de 1 à 5.",
    }),
  },
  "users.list": {},
  "users.create": {
    body: (c) => ({
      name: "Nouvelle Personne",
      email: "nouvelle.personne@exemple.test",
      role: "user",
      locale: "fr-CA",
      password: "Bonjour!2026",
      teams: [{ id: c.org.teams.main, teamRole: "user" }],
    }),
  },
  "users.update": { params: (c) => ({ id: c.org.users.marketing.id }), body: () => ({ name: "Renommé", role: "admin" }) },
  "users.remove": { params: (c) => ({ id: c.org.users.marketing.id }), parsesBody: true },
  // Contacts: always aimed at `patient` (set in beforeAll), never at the other organisation's.
  "contacts.list": { query: { q: "Tremblay", sort: "name", limit: "10" } },
  "contacts.create": {
    body: () => ({
      firstname: "Hélène",
      lastname: "Tremblay",
      business: "Clinique",
      phone: "+15145550177",
      email: "helene@exemple.test",
      birthday: "1980-01-31",
      postalCode: "H2J 2L2",
      language: "fr",
      gender: "female",
      salutation: "Mme",
    }),
  },
  "contacts.byPhone": { params: () => ({ phone: patient.phone }) },
  "contacts.get": { params: () => ({ id: patient.id }) },
  "contacts.update": {
    params: () => ({ id: patient.id }),
    body: () => ({ firstname: "Nouveau", city: "Laval", email: "nouveau@exemple.test", confirmEmailChange: true }),
  },
  "contacts.remove": { params: () => ({ id: patient.id }), parsesBody: true },
  "contacts.linked": { params: () => ({ id: patient.id }) },
  "contacts.link": {
    params: () => ({ id: patient.id }),
    body: () => ({ contactId: patient.linkedId, relation: "mother", reverseRelation: "son" }),
  },
  "contacts.unlink": { params: () => ({ id: patient.id, contactId: patient.linkedId }), parsesBody: true },
  "contacts.notes": { params: () => ({ id: patient.id }) },
  "contacts.addNote": { params: () => ({ id: patient.id }), body: () => ({ body: "Rappeler demain", date: "2026-01-15", pinned: true }) },
  "contacts.updateNote": {
    params: () => ({ id: patient.id, noteId: patient.noteId }),
    body: () => ({ body: "Changée", date: "2026-01-16", pinned: false }),
  },
  "contacts.removeNote": { params: () => ({ id: patient.id, noteId: patient.noteId }), parsesBody: true },
  "contacts.surveys": { params: () => ({ id: patient.id }) },
  "contacts.updateSurvey": { params: () => ({ id: patient.id, surveyId: patient.surveyId }), body: () => ({ followupDone: true }) },
  // Agenda: bodies only ever reach the contracts (every hostile one is refused there).
  "agenda.availabilities": { params: (c) => ({ id: c.org.users.user.id }) },
  "agenda.updateAvailabilities": {
    params: (c) => ({ id: c.org.users.user.id }),
    body: () => ({ slots: [{ day: 1, start: "09:00", end: "12:00" }] }),
  },
  "agenda.view": { query: { from: "2027-03-01", to: "2027-03-07", teamId: "4a0e6c55-5b3a-4f1e-9d2c-7e8f9a0b1c2d" } },
  "agenda.book": {
    body: (c) => ({
      memberId: c.org.users.admin.id,
      date: "2027-03-01",
      start: "09:00",
      duration: 30,
      serviceId: "dental-exam",
      category: "Urgence",
      contact: { firstName: "Hélène", lastName: "Tremblay", phone: "+15145550178", email: "h@exemple.test", birthday: "1980-01-31" },
      gender: "female",
      kit: true,
      extraDocument: "medical",
      requests: "Matin",
      notes: "Note",
    }),
  },
  "agenda.move": {
    params: () => ({ id: UNKNOWN_ID }),
    body: (c) => ({ memberId: c.org.users.admin.id, date: "2027-03-01", start: "10:00", duration: 30 }),
  },
  "agenda.cancel": { params: () => ({ id: UNKNOWN_ID }), parsesBody: true },
  "agenda.contactAppointments": { params: () => ({ id: patient.id }) },
  // Quick messages, templates, signature: block and template ids unknown, so nothing can be hit.
  "textBlocks.list": { params: (c) => ({ id: c.org.orgId }), query: { locale: "fr-CA" } },
  "textBlocks.hasOwn": { params: (c) => ({ id: c.org.orgId }) },
  "textBlocks.create": {
    params: (c) => ({ id: c.org.orgId }),
    body: () => ({ locale: "fr-CA", title: "Rappel", body: "Bonjour {{firstName}}", pinned: true }),
  },
  "textBlocks.update": {
    params: (c) => ({ id: c.org.orgId, blockId: UNKNOWN_ID }),
    body: () => ({ title: "Rappel", body: "Bonjour", pinned: false }),
  },
  "textBlocks.pin": { params: (c) => ({ id: c.org.orgId, blockId: UNKNOWN_ID }), body: () => ({ pinned: true }) },
  "textBlocks.remove": { params: (c) => ({ id: c.org.orgId, blockId: UNKNOWN_ID }), parsesBody: true },
  "textBlocks.templates": { query: { type: "sms", locale: "fr-CA" } },
  "textBlocks.tokens": { query: { sector: "dental" } },
  "textBlocks.template": { params: () => ({ id: UNKNOWN_ID }) },
  "textBlocks.createTemplate": {
    body: () => ({ type: "sms", locale: "fr-CA", title: "Suivi", content: "Bonjour {{firstName}}", pinned: false }),
  },
  "textBlocks.updateTemplate": { params: () => ({ id: UNKNOWN_ID }), body: () => ({ title: "Suivi", content: "Bonjour", pinned: true }) },
  "textBlocks.removeTemplate": { params: () => ({ id: UNKNOWN_ID }), parsesBody: true },
  "textBlocks.signature": { params: (c) => ({ id: c.org.orgId }) },
  "textBlocks.updateSignature": {
    params: (c) => ({ id: c.org.orgId }),
    body: () => ({ mode: "personalized-signature", personalizedText: "L'équipe" }),
  },
  "textBlocks.updateUserSignature": { params: (c) => ({ id: c.org.orgId }), body: () => ({ text: "Julie" }) },
  "realtime.events": { query: { after: "0", limit: "10" } },
  "realtime.polling": { query: { after: "0", limit: "10" } },
  "messaging.threads": { query: { state: "active", limit: "10" } },
  "messaging.createThread": { body: (c) => ({ to: c.thread.contact, body: "Bonjour", attributes: { pinned: true } }) },
  "messaging.openThread": { params: (c) => ({ id: c.thread.id }) },
  "messaging.updateThread": {
    params: (c) => ({ id: c.thread.id }),
    body: () => ({ state: "inactive", attributes: { pinned: true, hasNotification: true, hasIncompleteFollowup: true } }),
  },
  "messaging.removeThread": { params: (c) => ({ id: c.thread.id }), parsesBody: true },
  "messaging.messages": { params: (c) => ({ id: c.thread.id }), query: { limit: "15" } },
  "messaging.send": { params: (c) => ({ id: c.thread.id }), body: (c) => ({ body: "Suite", to: c.thread.contact }) },
  "messaging.retry": { params: (c) => ({ id: c.thread.id, messageId: c.thread.messageId }), parsesBody: true },
  "surveys.threadSurvey": { params: (c) => ({ id: c.thread.id }) },
  "surveys.start": { params: (c) => ({ id: c.thread.id }), parsesBody: true },
  "surveys.stop": { params: (c) => ({ id: c.thread.id }), parsesBody: true },
  "links.create": { body: () => ({ url: "https://exemple.test/formulaire?patient=1" }) },
  // Contact import: multipart uploads (anything else is a 4xx), the run and its report.
  "contactImport.preview": { parsesBody: true },
  "contactImport.start": { parsesBody: true },
  "contactImport.progress": { params: () => ({ id: UNKNOWN_ID }) },
  "contactImport.report": { params: () => ({ id: UNKNOWN_ID }) },
  // Media: a multipart upload (anything else is a 4xx), the staff read, and the signed public link.
  "messaging.upload": { parsesBody: true },
  "messaging.file": { params: () => ({ id: UNKNOWN_ID }) },
  "messaging.signedFile": { params: () => ({ id: UNKNOWN_ID }), query: { exp: "9999999999", sig: "s".repeat(43) } },
  "sandbox.inbound": { body: (c) => ({ from: c.thread.contact, to: c.thread.teamPhone, body: "Bonjour" }) },
  "sandbox.outbox": { query: { to: "+15145550199" } },
  "sandbox.settings": {},
  "sandbox.updateSettings": { body: () => ({ deliveryMs: 400, failureRate: 0 }) },
  "sandbox.numbers": {},
  "sandbox.conversation": { query: { phone: "+15145550199", with: "+15145550101" } },
  "sandbox.phoneMedia": { params: () => ({ id: "0".repeat(32) }) },
  // Twilio's webhooks: forms only (JSON is a 415) and signed (anything unsigned is a 403).
  "twilio.inboundSms": {
    body: (c) => ({
      MessageSid: "SM5f3c1e2b9a8d47c6b0e1f2a3b4c5d6e7",
      AccountSid: "AC0123456789abcdef0123456789abcdef",
      From: c.thread.contact,
      To: c.thread.teamPhone,
      Body: "Bonjour",
      NumMedia: "0",
    }),
  },
  "twilio.messageStatus": {
    body: (c) => ({
      MessageSid: "SM0000000000000000000000000000000a",
      AccountSid: "AC0123456789abcdef0123456789abcdef",
      MessageStatus: "delivered",
      To: c.thread.contact,
      From: c.thread.teamPhone,
    }),
    query: { key: UNKNOWN_ID },
  },
  // Twilio's voice webhooks: forms only and signed (no Twilio carrier here, so every one is a 403).
  "twilioVoice.incoming": { body: (c) => ({ ...VOICE_FORM, From: c.thread.contact, To: c.thread.teamPhone }) },
  "twilioVoice.wait": {
    query: { callId: UNKNOWN_ID, menu: "1" },
    body: () => ({ ...VOICE_FORM, QueueSid: "QU1a2b3c4d5e6f708192a3b4c5d6e7f809", QueueTime: "0" }),
  },
  "twilioVoice.gather": { query: { callId: UNKNOWN_ID, t: "0" }, body: () => ({ ...VOICE_FORM, Digits: "1" }) },
  "twilioVoice.queueAction": { query: { callId: UNKNOWN_ID }, body: () => ({ ...VOICE_FORM, QueueResult: "redirected" }) },
  "twilioVoice.room": { query: { callId: UNKNOWN_ID, room: "call-room", label: "customer" }, body: () => VOICE_FORM },
  "twilioVoice.desk": { query: { callId: UNKNOWN_ID, userId: UNKNOWN_ID }, body: () => VOICE_FORM },
  "twilioVoice.hold": { query: { music: "hold" }, body: () => VOICE_FORM },
  "twilioVoice.status": {
    query: { callId: UNKNOWN_ID, leg: "customer" },
    body: (c) => ({ ...VOICE_FORM, CallStatus: "completed", From: c.thread.contact, To: c.thread.teamPhone }),
  },
  "twilioVoice.conferenceStatus": {
    query: { callId: UNKNOWN_ID },
    body: () => ({
      ConferenceSid: "CF9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b",
      AccountSid: VOICE_FORM.AccountSid,
      StatusCallbackEvent: "participant-join",
      SequenceNumber: "1",
      ParticipantLabel: `staff-${UNKNOWN_ID}`,
    }),
  },
  "twilioVoice.recording": {
    query: { callId: UNKNOWN_ID, step: "status" },
    body: () => ({
      ...VOICE_FORM,
      RecordingSid: "RE0123456789abcdef0123456789abcdef",
      RecordingStatus: "completed",
      RecordingDuration: "12",
    }),
  },
  // Scheduled messages: the id unknown, so nothing can be hit; a valid body is never sent as is.
  "scheduledMessages.create": {
    body: (c) => ({
      title: "Rappel",
      message: "Bonjour",
      date: "2030-01-15",
      time: "10:00",
      toPhoneNumber: c.thread.contact,
      reminders: ["24h"],
    }),
  },
  "scheduledMessages.list": { query: { status: "scheduled" } },
  "scheduledMessages.get": { params: () => ({ id: UNKNOWN_ID }) },
  "scheduledMessages.update": {
    params: () => ({ id: UNKNOWN_ID }),
    body: (c) => ({ title: "Rappel", message: "Bonjour", date: "2030-01-15", time: "10:00", toPhoneNumber: c.thread.contact }),
  },
  "scheduledMessages.cancel": { params: () => ({ id: UNKNOWN_ID }), parsesBody: true },
  "scheduledMessages.byPhone": { params: (c) => ({ phone: c.thread.contact }) },
  // The browser phone: an unknown call, so nothing can be hit; a valid body is never sent as is.
  "voice.outbound": { body: (c) => ({ to: c.thread.contact }) },
  "voice.bySid": { params: () => ({ sid: "SB00000000000000000000000000000000" }) },
  "voice.answer": { body: () => ({ callId: UNKNOWN_ID }) },
  "voice.reject": { body: () => ({ callId: UNKNOWN_ID }) },
  "voice.rejectAll": { body: () => ({ callId: UNKNOWN_ID }) },
  "voice.hangup": { body: () => ({ callId: UNKNOWN_ID }) },
  "voice.hold": { body: () => ({ callId: UNKNOWN_ID }) },
  "voice.resume": { body: () => ({ callId: UNKNOWN_ID }) },
  "voice.digits": { body: () => ({ callId: UNKNOWN_ID, digits: "12#" }) },
  "voice.get": { params: () => ({ id: UNKNOWN_ID }) },
  "voice.transfer": { body: () => ({ callId: UNKNOWN_ID, to: UNKNOWN_ID }) },
  "voice.park": { params: () => ({ callId: UNKNOWN_ID }) },
  "voice.pick": { body: () => ({ callSid: "SB00000000000000000000000000000000" }) },
  "voice.sandboxStart": { body: (c) => ({ from: "+15145550199", to: c.thread.teamPhone }) },
  "voice.sandboxCalls": { query: { phone: "+15145550199" } },
  "voice.sandboxAnswer": { params: () => ({ sid: "SB00000000000000000000000000000000" }) },
  "voice.sandboxReject": { params: () => ({ sid: "SB00000000000000000000000000000000" }) },
  "voice.sandboxHangup": { params: () => ({ sid: "SB00000000000000000000000000000000" }) },
  "voice.sandboxDigits": { params: () => ({ sid: "SB00000000000000000000000000000000" }), body: () => ({ digits: "1" }) },
  "voice.sandboxVoicemail": { params: () => ({ sid: "SB00000000000000000000000000000000" }), parsesBody: true },
  "voice.voicemail": { params: () => ({ id: UNKNOWN_ID }) },
  // Team email: no mail server is reached (the provider is not configured in this app).
  "email.providerType": { body: () => ({ inboxEmail: "reception@gmail.com" }) },
  "email.authorize": { params: () => ({ type: "Gmail" }), body: () => ({ inboxEmail: "reception@gmail.com" }) },
  "email.callback": { params: () => ({ type: "Gmail" }), query: { code: "code", state: "state" } },
  "email.logout": { params: () => ({ type: "Gmail" }), body: () => ({ inboxEmail: "reception@gmail.com" }) },
  "email.mailbox": {},
  "email.unknownSenders": {},
  "email.email": { params: () => ({ id: UNKNOWN_ID }) },
  "email.attachment": { params: () => ({ id: UNKNOWN_ID }) },
  // Multipart: only the path is validated by the registry; the form's own checks are in send.api.test.ts.
  "email.send": { params: (c) => ({ type: "Gmail", id: c.thread.id }) },
  "email.sandboxConnect": { body: () => ({ inboxEmail: "bac-a-sable@sandbox.test" }) },
  "email.sandboxMailboxes": {},
  "email.sandboxInbound": {
    body: () => ({ from: "patient@exemple.test", to: "personne@sandbox.test", subject: "Allô", body: "Bonjour" }),
  },
  "email.sandboxMailbox": { query: { address: "patient@exemple.test" } },
  // Desk phones: an unknown phone to take or remove.
  "sips.assign": { params: () => ({ id: UNKNOWN_ID }) },
  "sips.create": { body: () => ({ label: "Accueil" }) },
  "sips.remove": { params: () => ({ id: UNKNOWN_ID }), parsesBody: true },
  // Voice settings: unknown ids, so nothing can be hit; a valid body is never sent as is.
  "voiceSettings.transferExtensions": {},
  "voiceSettings.createTransferExtension": { body: () => ({ name: "Laboratoire", phoneNumber: "+15145550199", extension: "12" }) },
  "voiceSettings.updateTransferExtension": {
    params: () => ({ id: UNKNOWN_ID }),
    body: () => ({ name: "Laboratoire", phoneNumber: "+15145550199", extension: "" }),
  },
  "voiceSettings.removeTransferExtension": { params: () => ({ id: UNKNOWN_ID }), parsesBody: true },
  "voiceSettings.greetings": { query: { teamId: UNKNOWN_ID } },
  "voiceSettings.saveGreeting": {
    params: () => ({ period: "CLOSE" }),
    body: () => ({ teamId: UNKNOWN_ID, kind: "TTS", enabled: true, text: "Nous sommes fermés.", language: "fr-CA" }),
  },
  "voiceSettings.uploadRecording": { parsesBody: true },
  "voiceSettings.recordingFile": { query: { url: UNKNOWN_ID } },
  "voiceSettings.recordingLength": { query: { recordingId: UNKNOWN_ID } },
  "voiceSettings.signedRecording": { params: () => ({ id: UNKNOWN_ID }), query: { exp: "9999999999", sig: "s".repeat(43) } },
};

/**
 * Every /api endpoint the test app serves as HTTP: the development tools are off here, the socket
 * is not HTTP, and the short-link redirect answers pages, not the API's JSON (links.api.test.ts).
 */
const SERVED = listEndpoints().filter(({ def }) => def.availability !== "dev" && def.answer !== "websocket" && !def.outsideApi);

const ROUTES: Route[] = SERVED.map(({ name, def }) => ({
  name,
  method: def.method,
  path: routeKey(def).slice(def.method.length + 1),
  public: def.access.public === true,
  paramsSchema: def.params,
  bodySchema: def.bodyKind === "multipart" ? undefined : def.body,
  querySchema: def.query,
  ...SAMPLES[name],
}));

const ctx = (): Ctx => ({ org, other, spareTeam, thread });
const routeName = (r: Route) => `${r.method} ${r.path}`;

function urlOf(route: Route, params: Record<string, string>, query = ""): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return query ? `${path}?${query}` : path;
}

/** The catalogue-keyed 4xx of docs/api.md, and nothing else. */
function expectHostileAnswer(res: LightMyRequestResponse, what: string) {
  const label = `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, label).toBeLessThan(500);
  expect(res.headers["content-type"], label).toMatch(/^application\/json/);
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = res.json();
  } catch {
    throw new Error(`not JSON: ${label}`);
  }
  expect(body.error, label).toBeTypeOf("object");
  expect(typeof body.error?.code === "string" && isMessageId(body.error.code), label).toBe(true);
  expect(typeof body.error?.message === "string" && body.error.message.length > 0 && body.error.message !== body.error.code, label).toBe(
    true,
  );
  // Every ICU placeholder of the message was filled ("Maximum de {maxLength} caractères." is a bug).
  expect(body.error?.message, label).not.toMatch(/[{}]/);
  // The answer never echoes the hostile markup back or leaks a database error.
  expect(res.body, label).not.toContain("<script>");
  expect(res.body.toLowerCase(), label).not.toMatch(/syntax error|relation "|violates|postgres/);
}

/**
 * Everything a request could write, as the owner sees it: a digest of every table (new tables
 * included as they come), leaving out rate-limit counters and the time a session was last seen.
 */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('rate_limits', 'kysely_migration', 'kysely_migration_lock')
    order by table_name
  `.execute(t.db.owner);
  expect(tables.rows.map((r) => r.name)).toEqual(
    expect.arrayContaining(["users", "teams", "team_members", "audit_log", "organizations", "sessions"]),
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = await sql<{ digest: string }>`
      select md5(coalesce(string_agg(row, '|' order by row), '')) as digest
      from (select (to_jsonb(x) - 'last_seen_at')::text as row from ${sql.table(name)} x) q
    `.execute(t.db.owner);
    out[name] = r.rows[0]?.digest ?? "";
  }
  return out;
}

/** Sign-in and reset are rate limited; a 429 would hide what the input itself does. */
async function clearRateLimits(): Promise<void> {
  await sql`delete from rate_limits`.execute(t.db.owner);
}

/** The value at a dotted path replaced (arrays entered at their first element). */
function withValueAt(value: unknown, path: string[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, next);
    return copy;
  }
  const obj = { ...(value as Record<string, unknown>) };
  obj[head] = withValueAt(obj[head], rest, next);
  return obj;
}

/** Every path into a body, down to its leaves (first element of arrays), up to depth 4. */
function pathsOf(value: unknown, depth = 0): string[][] {
  if (depth >= 4 || value === null || typeof value !== "object") return [];
  const entries: [string, unknown][] = Array.isArray(value) ? (value.length ? [["0", value[0]]] : []) : Object.entries(value);
  return entries.flatMap(([k, v]) => [[k], ...pathsOf(v, depth + 1).map((p) => [k, ...p])]);
}

const FIELD_VALUES: unknown[] = [12345, -1, 3.5, true, {}, [], null, "", "   ", SQL, SQL2, HTML, HUGE, ["a", "b"], { $gt: "" }];

type Hostile = { what: string; opts: InjectOptions };

/** The hostile requests of one route. */
function hostileRequests(route: Route): Hostile[] {
  const c = ctx();
  const params = route.params?.(c) ?? {};
  const out: Hostile[] = [];
  const json = { "content-type": "application/json" };
  const base = route.body?.(c);
  const url = urlOf(route, params);
  const send = (what: string, o: Partial<InjectOptions>) => out.push({ what, opts: { method: route.method, url, ...o } });

  if (route.bodySchema && base !== undefined) {
    const schema = route.bodySchema;
    const rejected = (b: unknown) => !schema.safeParse(b).success;
    for (const top of [[], "texte", 42, true, null, {}]) {
      if (rejected(top)) send(`body ${JSON.stringify(top)}`, { payload: JSON.stringify(top), headers: json });
    }
    // Unknown fields, including attempts to set what only the token may say.
    for (const extra of [
      { isAdmin: true },
      { organization_id: c.other.orgId },
      { role: "devops", orgId: c.other.orgId },
      { id: UNKNOWN_ID },
    ]) {
      const b = { ...(base as object), ...extra };
      if (rejected(b)) send(`unknown field ${Object.keys(extra).join(",")}`, { payload: b });
    }
    for (const path of pathsOf(base)) {
      // Missing field.
      const parent = path.slice(0, -1);
      const key = path[path.length - 1] as string;
      const parentValue = parent.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], base);
      if (parentValue && typeof parentValue === "object" && !Array.isArray(parentValue)) {
        const without = { ...(parentValue as Record<string, unknown>) };
        delete without[key];
        const b = withValueAt(base, parent, without);
        if (rejected(b)) send(`missing ${path.join(".")}`, { payload: b as object });
      }
      for (const v of FIELD_VALUES) {
        const b = withValueAt(base, path, v);
        if (rejected(b)) send(`${path.join(".")} = ${JSON.stringify(v).slice(0, 30)}`, { payload: b as object });
      }
      // A NUL character passes the schemas of free text but no PostgreSQL text column: always sent
      // (except in a password, which is only ever hashed and may hold any character).
      const original = path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], base);
      if (typeof original === "string" && !/password|confirmation/i.test(key)) {
        send(`${path.join(".")} with NUL`, { payload: withValueAt(base, path, `${original}${NUL}`) as object });
      }
    }
  }

  if (route.bodySchema || route.parsesBody) {
    for (const broken of [
      '{"a":',
      "{'a': 1}",
      '{"a":1}}',
      "undefined",
      "NaN",
      '{"__proto__": {"isAdmin": true}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      "",
    ]) {
      send(`broken JSON ${JSON.stringify(broken)}`, { payload: broken, headers: json });
    }
    send("body over 1 MB", { payload: JSON.stringify({ x: "y".repeat(1_100_000) }), headers: json });
    if (route.bodySchema) {
      send("XML body", { payload: "<user><role>devops</role></user>", headers: { "content-type": "application/xml" } });
      send("form body", { payload: "name=x&role=devops", headers: { "content-type": "application/x-www-form-urlencoded" } });
      send("text body", { payload: JSON.stringify(base ?? {}), headers: { "content-type": "text/plain" } });
    }
  }

  if (route.paramsSchema) {
    const paramsSchema = route.paramsSchema;
    for (const name of Object.keys(params)) {
      for (const v of [
        "not-a-uuid",
        "1",
        "-1",
        SQL,
        SQL2,
        HTML,
        "%00",
        "../../users",
        `${params[name]}x`,
        `${params[name]}' or 1=1`,
        "x".repeat(5_000),
        "a".repeat(99),
      ]) {
        const p = { ...params, [name]: v };
        if (!paramsSchema.safeParse(p).success) {
          send(`${name} = ${v.slice(0, 30)}`, { url: urlOf(route, p), ...(base !== undefined ? { payload: base as object } : {}) });
        }
      }
      // Well formed but not found: an unknown id and another organisation's.
      const foreign =
        name === "userId"
          ? c.other.users.user.id
          : route.path.startsWith("/api/user-groups") || route.path.startsWith("/api/teams")
            ? c.other.teams.main
            : route.path.startsWith("/api/users")
              ? c.other.users.marketing.id
              : c.other.orgId;
      for (const v of [UNKNOWN_ID, foreign]) {
        send(`${name} = ${v === UNKNOWN_ID ? "unknown id" : "another organisation's id"}`, {
          url: urlOf(route, { ...params, [name]: v }),
          ...(base !== undefined ? { payload: base as object } : {}),
        });
      }
    }
  }

  if (route.querySchema && route.query) {
    const querySchema = route.querySchema;
    const valid = route.query;
    // What the server's query parser makes of a query string, tried against the contract.
    const rejected = (q: string) => !querySchema.safeParse({ ...parseQuery(q) }).success;
    const candidates: string[] = [stringifyQuery({ ...valid, limit2: "1" }), `${stringifyQuery(valid)}&${Object.keys(valid)[0]}[$ne]=x`];
    for (const key of Object.keys(valid)) {
      for (const v of [SQL, SQL2, HTML, "-1", "1.5", "abc", "1e400", "", HUGE.slice(0, 5_000)]) {
        candidates.push(stringifyQuery({ ...valid, [key]: v }));
      }
      candidates.push(`${stringifyQuery(valid)}&${key}=${encodeURIComponent(valid[key] ?? "")}`);
    }
    for (const q of candidates) {
      if (rejected(q)) send(`query ${q.slice(0, 40)}`, { url: urlOf(route, params, q) });
    }
  }

  if (route.path === "/api/auth/refresh") {
    for (const cookie of [
      SQL,
      HTML,
      "x".repeat(4_000),
      `${c.org.orgId}.${SQL}.${"s".repeat(43)}`,
      `${c.other.orgId}.${UNKNOWN_ID}.${"s".repeat(43)}`,
    ]) {
      send(`cookie ${cookie.slice(0, 30)}`, { cookies: { relais_rt: cookie } });
    }
  }
  return out;
}

function tokenFor(route: Route): string {
  return route.as === "devops" ? devops.jwt : admin.jwt;
}

describe("the route list", () => {
  it("is the registry: every route the app serves, each with a sample where it reads input", async () => {
    await t.app.ready();
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(spec.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(new Set(served)).toEqual(new Set(ROUTES.map(routeName)));
    const withoutSample = ROUTES.filter((r) => (r.paramsSchema && !r.params) || (r.bodySchema && !r.body) || (r.querySchema && !r.query));
    expect(
      withoutSample.map((r) => r.name),
      "registry entries without a valid sample here",
    ).toEqual([]);
    const names = new Set(SERVED.map((e) => e.name));
    expect(
      Object.keys(SAMPLES).filter((n) => !names.has(n)),
      "samples of no registry entry",
    ).toEqual([]);
  });

  it("does not serve the development tools here", async () => {
    const devTools = listEndpoints().filter(({ def }) => def.availability === "dev");
    expect(devTools.length).toBeGreaterThan(0);
    for (const { def } of devTools) {
      const res = await t.request({ method: def.method, url: `/api${def.path.replace(/:\w+/g, UNKNOWN_ID)}`, token: devops.jwt });
      expect(res.statusCode, def.path).toBe(404);
    }
  });
});

describe("hostile input answers a catalogue-keyed 4xx and writes nothing", () => {
  for (const route of ROUTES) {
    it(routeName(route), async () => {
      const requests = hostileRequests(route);
      if (route.bodySchema) expect(requests.length, "hostile bodies generated").toBeGreaterThan(20);
      if (route.paramsSchema) expect(requests.length, "hostile ids generated").toBeGreaterThan(10);
      if (route.querySchema) expect(requests.length, "hostile queries generated").toBeGreaterThan(8);
      const before = await snapshot();
      for (const { what, opts } of requests) {
        if (route.public || route.path === "/api/auth/refresh") await clearRateLimits();
        const res = await t.request({ ...opts, ...(route.public ? {} : { token: tokenFor(route) }) });
        expectHostileAnswer(res, `${routeName(route)}: ${what}`);
      }
      expect(await snapshot()).toEqual(before);
      // The caller's session survived it all (no hostile logout or password change got through).
      expect((await t.request({ method: "GET", url: "/api/auth/profile", token: tokenFor(route) })).statusCode).toBe(200);
    });
  }

  it("answers 413 error.payload-too-large to a body over 1 MB", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/api/auth/profile",
      token: admin.jwt,
      payload: JSON.stringify({ name: "n".repeat(1_100_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe("error.payload-too-large");
    const login = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: JSON.stringify({ username: "u", password: "p".repeat(1_100_000) }),
      headers: { "content-type": "application/json" },
    });
    expect(login.statusCode).toBe(413);
  });

  it("answers 400 error.bad-request to broken JSON, and a field code to a wrong type", async () => {
    const broken = await t.request({
      method: "PUT",
      url: "/api/auth/status",
      token: admin.jwt,
      payload: '{"status":',
      headers: { "content-type": "application/json" },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe("error.bad-request");
    const wrong = await t.request({ method: "PUT", url: "/api/auth/status", token: admin.jwt, payload: { status: 1 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: "error.validation", fields: [{ path: "status", code: "validation.invalid" }] });
  });

  it("answers a huge string with validation.max-length and the limit in its text", async () => {
    const res = await t.request({ method: "PUT", url: "/api/auth/profile", token: admin.jwt, payload: { name: HUGE } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "validation.max-length",
      message: "Maximum de 120 caractères.",
      params: { maxLength: 120 },
      fields: [{ path: "name", code: "validation.max-length" }],
    });
  });

  it("answers a malformed or overlong path in the error shape, not Fastify's", async () => {
    for (const url of ["/api/users/%E0%A4%A", "/api/user-groups/%E0%A4%A/members/x", `/api/user-groups/${"a".repeat(5_000)}`]) {
      const res = await t.request({ method: "GET", url, token: admin.jwt });
      expectHostileAnswer(res, url.slice(0, 60));
      expect(res.json().error.code).toBe("error.bad-request");
    }
  });

  it("answers 400 to a NUL character in free text instead of failing in the database", async () => {
    const before = await snapshot();
    const answers = [
      await t.request({ method: "PUT", url: "/api/auth/profile", token: admin.jwt, payload: { name: NUL } }),
      await t.request({ method: "PUT", url: `/api/user-groups/${org.teams.second}`, token: admin.jwt, payload: { label: NUL } }),
      await t.request({
        method: "PUT",
        url: "/api/status",
        token: devops.jwt,
        payload: { ...MAINTENANCE, bannerText: { "fr-CA": NUL, "en-CA": "" } },
      }),
      await t.request({ method: "POST", url: "/api/auth/login", payload: { username: `${NUL}@test.relais`, password: PASSWORD } }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("error.bad-request");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("SQL and HTML in free text are stored as text, never run", () => {
  it("keeps a name and a label verbatim and the tables intact", async () => {
    const mine = await t.tenant();
    const s = await t.login(mine.users.admin.email);
    const name = await t.request({ method: "PUT", url: "/api/auth/profile", token: s.jwt, payload: { name: SQL } });
    expect(name.statusCode, name.body).toBe(200);
    expect(name.json().name).toBe(SQL);
    const label = await t.request({ method: "PUT", url: `/api/user-groups/${mine.teams.second}`, token: s.jwt, payload: { label: HTML } });
    expect(label.statusCode, label.body).toBe(200);
    expect(label.headers["content-type"]).toMatch(/^application\/json/);
    expect(label.json().label).toBe(HTML);
    const users = (await t.request({ method: "GET", url: "/api/users", token: s.jwt })).json<{ name: string }[]>();
    expect(users.map((u) => u.name)).toContain(SQL);
    expect(users).toHaveLength(6);
    const count = await sql<{ n: number }>`select count(*)::int as n from users`.execute(t.db.owner);
    expect(count.rows[0]?.n).toBeGreaterThanOrEqual(18);
  });

  it("does not let SQL in the sign-in form open a session", async () => {
    for (const payload of [
      { username: SQL, password: SQL },
      { username: `${org.users.user.email}' --`, password: "x" },
      { username: org.users.user.email, password: SQL2 },
      { username: "' or 1=1 --", password: "' or 1=1 --" },
    ]) {
      await clearRateLimits();
      const res = await t.request({ method: "POST", url: "/api/auth/login", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(res.json().error.code).toBe("error.invalid-credentials");
    }
  });
});

describe("authentication on every non-public route", () => {
  const guarded = ROUTES.filter((r) => !r.public);

  it("lists the public routes: health, status read, login, refresh, password forgot and reset, signed media and greeting links, sandbox phones, Twilio text and voice webhooks, the OAuth callback", () => {
    expect(new Set(ROUTES.filter((r) => r.public).map(routeName))).toEqual(
      new Set([
        "GET /api/health",
        "GET /api/status",
        "POST /api/auth/login",
        "POST /api/auth/refresh",
        "POST /api/auth/password-forgot",
        "POST /api/auth/password-reset",
        "GET /api/media/{id}",
        "GET /api/voice/v1/recordings/signed/{id}",
        "POST /api/sandbox/inbound",
        "GET /api/sandbox/outbox",
        "GET /api/sandbox/settings",
        "PUT /api/sandbox/settings",
        "GET /api/sandbox/numbers",
        "GET /api/sandbox/conversation",
        "GET /api/sandbox/phone-media/{id}",
        "POST /api/sandbox/calls",
        "GET /api/sandbox/calls",
        "POST /api/sandbox/calls/{sid}/answer",
        "POST /api/sandbox/calls/{sid}/reject",
        "POST /api/sandbox/calls/{sid}/hangup",
        "POST /api/sandbox/calls/{sid}/digits",
        "POST /api/sandbox/calls/{sid}/voicemail",
        "POST /api/webhooks/twilio/sms",
        "POST /api/webhooks/twilio/status",
        "POST /api/webhooks/twilio/voice/incoming",
        "POST /api/webhooks/twilio/voice/wait",
        "POST /api/webhooks/twilio/voice/gather",
        "POST /api/webhooks/twilio/voice/queue-action",
        "POST /api/webhooks/twilio/voice/room",
        "POST /api/webhooks/twilio/voice/desk",
        "POST /api/webhooks/twilio/voice/hold",
        "POST /api/webhooks/twilio/voice/status",
        "POST /api/webhooks/twilio/voice/conference-status",
        "POST /api/webhooks/twilio/voice/recording",
        "GET /api/oauth2/{type}/callback",
        "GET /api/sandbox/email/mailboxes",
        "POST /api/sandbox/email/inbound",
        "GET /api/sandbox/email/mailbox",
      ]),
    );
  });

  for (const [label, authorization] of [
    ["no token", async () => undefined],
    ["a malformed token", async () => "Bearer abc.def.ghi"],
    ["the caller's own claims signed with another key", async () => `Bearer ${await forgedToken()}`],
    ["an unsigned token", async () => `Bearer ${unsignedToken()}`],
    ["another scheme", async () => "Basic YWRtaW46YWRtaW4="],
  ] as const) {
    it(`answers 401 error.unauthorized with ${label}, writing nothing`, async () => {
      const auth = await authorization();
      const headers: Record<string, string> = auth ? { authorization: auth } : {};
      const before = await snapshot();
      for (const route of guarded) {
        const c = ctx();
        const res = await t.request({
          method: route.method,
          url: urlOf(route, route.params?.(c) ?? {}),
          headers,
          ...(route.body ? { payload: route.body(c) as object } : {}),
        });
        expect(res.statusCode, `${routeName(route)} ${res.body}`).toBe(401);
        expect(res.json().error.code).toBe("error.unauthorized");
        expect(isMessageId(res.json().error.code)).toBe(true);
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it("answers 440 error.session-replaced to a session replaced by a newer sign-in, writing nothing", async () => {
    const before = await snapshot();
    for (const route of guarded) {
      const c = ctx();
      const res = await t.request({
        method: route.method,
        url: urlOf(route, route.params?.(c) ?? {}),
        token: replaced.jwt,
        ...(route.body ? { payload: route.body(c) as object } : {}),
      });
      expect(res.statusCode, `${routeName(route)} ${res.body}`).toBe(440);
      expect(res.json().error.code).toBe("error.session-replaced");
    }
    expect(await snapshot()).toEqual(before);
  });
});

/** The claims of a real session (the admin's), signed with a key the server does not hold. */
async function forgedToken(): Promise<string> {
  const claims = JSON.parse(Buffer.from(admin.jwt.split(".")[1] ?? "", "base64url").toString()) as {
    sub: string;
    org: string;
    sid: string;
  };
  const signer = createTokenSigner(randomBytes(32).toString("hex"));
  return (await signer.sign({ userId: claims.sub, orgId: claims.org, sessionId: claims.sid, role: "devops" })).jwt;
}

/** The admin's own claims with `alg: none` and no signature. */
function unsignedToken(): string {
  const [, payload] = admin.jwt.split(".");
  return `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`;
}

import { expect, it } from "vitest";
import type {
  Agenda,
  ContactSurvey,
  MessagesPage,
  ScheduledMessagesResponse,
  TextBlockList,
  ThreadSurvey,
  ThreadsPage,
} from "@relais/shared";
import { apiSuite } from "../../test/helpers.ts";
import { withTenant } from "../db/database.ts";
import { DEMO_CLINIC_ID, DEMO_PASSWORD, seedDemo } from "./demo.ts";
import { DEMO_NEWCOMER_NUMBER } from "./demo-conversations.ts";
import { nextWorkingDays } from "./demo-office.ts";

/**
 * The demo clinic's first start opens a lived-in office (issue 15 §6): conversations in both
 * states, photos, a survey answered, scheduled messages, the week's appointments and quick
 * messages, all dated back from the first start. A restart adds nothing and keeps what a person
 * changed.
 */

const { t } = apiSuite({ tenants: 0 });

const DAY = 86_400_000;

async function get<T>(url: string, token: string): Promise<T> {
  const res = await t.request({ method: "GET", url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

const phonesOf = (page: ThreadsPage) => page.threads.map((th) => th.contactPhone);

it("opens on a few days of life, dated from the first start, and a restart keeps a person's changes", async () => {
  const before = Date.now();
  await seedDemo(t.db.owner, t.media, () => undefined);
  const marc = (await t.login("user@clinique-demo.ca", DEMO_PASSWORD)).jwt;
  const sophie = (await t.login("hygiene@clinique-demo.ca", DEMO_PASSWORD)).jwt;

  // --- The Réception inbox: newest first, two unread, one archived. ---
  const active = await get<ThreadsPage>("/api/messaging/v1/threads?state=active", marc);
  expect(phonesOf(active)).toEqual([DEMO_NEWCOMER_NUMBER, "+15145550111", "+14385550113", "+15145550112"]);
  expect(active.threads.map((th) => th.attributes.hasNotification)).toEqual([true, true, false, true]);
  expect(active.threads[0]?.contact).toBeNull();
  expect(active.threads[1]?.lastMessage?.body).toContain("10 minutes à l'avance");
  expect(active.unread.active).toBe(3);
  expect(phonesOf(await get<ThreadsPage>("/api/messaging/v1/threads?state=inactive", marc))).toEqual(["+14505550114"]);

  // Every text is dated within the last nine days, before the seed finished.
  for (const th of [...active.threads]) {
    const page = await get<MessagesPage>(`/api/messaging/v1/threads/${th.id}/messages?limit=50`, marc);
    for (const m of page.messages) {
      expect(Date.parse(m.createdAt)).toBeGreaterThan(before - 9 * DAY);
      expect(Date.parse(m.createdAt)).toBeLessThanOrEqual(Date.now());
    }
  }

  // --- Émilie's photo of her insurance card is a real PNG served from the media storage. ---
  const emilie = active.threads.find((th) => th.contactPhone === "+14385550113");
  const emilieTexts = await get<MessagesPage>(`/api/messaging/v1/threads/${emilie?.id ?? ""}/messages`, marc);
  const photo = emilieTexts.messages.flatMap((m) => m.media)[0];
  expect(photo?.contentType).toBe("image/png");
  const file = await t.request({ method: "GET", url: `/api/messaging/v1/media/${photo?.id ?? ""}`, token: marc });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.rawPayload.subarray(1, 4).toString("latin1")).toBe("PNG");
  // Texts and the call back from the clinic sit in one conversation, oldest call last in time order.
  expect(emilieTexts.messages.some((m) => m.call?.direction === "outbound")).toBe(true);

  // --- François answered the satisfaction survey in his conversation. ---
  const francois = active.threads.find((th) => th.contactPhone === "+15145550112");
  const survey = await get<ThreadSurvey>(`/api/messaging/v1/threads/${francois?.id ?? ""}/survey`, marc);
  expect(survey.run).toMatchObject({ status: "completed", step: 2, questionCount: 2 });
  // His contact shows the same answers, dated the day he gave them.
  const card = await get<ContactSurvey[]>(`/api/patients/${francois?.contact?.id ?? ""}/surveys`, marc);
  expect(card.map((c) => c.answers.map((a) => a.answer))).toEqual([["3", "L'attente était un peu longue."]]);
  expect(Date.parse(card[0]?.createdAt ?? "")).toBeLessThan(before - 4 * DAY);

  // --- The Hygiène inbox: Sarah's pinned conversation with a photo; Chloé's archived one. ---
  const hygiene = await get<ThreadsPage>("/api/messaging/v1/threads?state=active", sophie);
  expect(phonesOf(hygiene)).toEqual(["+15145550116"]);
  expect(hygiene.threads[0]?.attributes.pinned).toBe(true);
  expect(hygiene.threads[0]?.lastMessage?.body).toContain("Thank you");

  // --- Scheduled messages: two ahead with their reminders; one sent last week after its reminder. ---
  const scheduled = (await get<ScheduledMessagesResponse>("/api/scheduled-messages", marc)).scheduledMessages;
  expect(scheduled.map((s) => [s.toPhoneNumber, s.status, s.reminders, s.time])).toEqual([
    ["+15145550111", "scheduled", ["24h"], "07:30"],
    ["+14505550114", "scheduled", ["48h"], null],
  ]);
  const sent = (await get<ScheduledMessagesResponse>("/api/scheduled-messages", sophie)).scheduledMessages;
  expect(sent.map((s) => [s.toPhoneNumber, s.status])).toEqual([["+15145550115", "sent"]]);

  // --- Sophie's next working days hold five appointments. ---
  const days = nextWorkingDays(new Date(), "America/Toronto", 5);
  const me = await t.login("hygiene@clinique-demo.ca", DEMO_PASSWORD);
  const agenda = await get<Agenda>(`/api/agenda?from=${days[0] ?? ""}&to=${days[4] ?? ""}&memberId=${me.user.id}`, me.jwt);
  expect(agenda.appointments.map((a) => a.contactName)).toEqual([
    "François Côté",
    "Hélène Tremblay",
    "Chloé Tremblay",
    "Sarah O'Neil",
    "Jérôme Bélanger",
  ]);

  // --- Quick messages in both languages. ---
  const admin = (await t.login("admin@clinique-demo.ca", DEMO_PASSWORD)).jwt;
  const blocks = await get<TextBlockList>(`/api/organizations/${DEMO_CLINIC_ID}/text-blocks`, admin);
  expect(blocks.items.length).toBe(4);

  // --- A person archives the newcomer's conversation and deletes a quick message; a restart keeps both. ---
  const newcomer = active.threads[0]?.id ?? "";
  const archived = await t.request({
    method: "PUT",
    url: `/api/messaging/v1/threads/${newcomer}`,
    token: admin,
    payload: { state: "inactive" },
  });
  expect(archived.statusCode, archived.body).toBe(200);
  const removed = await t.request({
    method: "DELETE",
    url: `/api/organizations/${DEMO_CLINIC_ID}/text-blocks/${blocks.items[0]?.id ?? ""}`,
    token: admin,
  });
  expect(removed.statusCode, removed.body).toBe(200);

  await seedDemo(t.db.owner, t.media, () => undefined);
  const again = (await t.login("user@clinique-demo.ca", DEMO_PASSWORD)).jwt;
  expect(phonesOf(await get<ThreadsPage>("/api/messaging/v1/threads?state=active", again))).toEqual([
    "+15145550111",
    "+14385550113",
    "+15145550112",
  ]);
  expect((await get<ScheduledMessagesResponse>("/api/scheduled-messages", again)).scheduledMessages.length).toBe(2);
  const admin2 = (await t.login("admin@clinique-demo.ca", DEMO_PASSWORD)).jwt;
  expect((await get<TextBlockList>(`/api/organizations/${DEMO_CLINIC_ID}/text-blocks`, admin2)).items.length).toBe(3);
});

it("never stops a start when a person changed the clinic so that a part can no longer be written", async () => {
  await seedDemo(t.db.owner, t.media, () => undefined);
  // Every scheduled message gone and the Réception number removed: the recall cannot be planned.
  await withTenant(t.db.owner, DEMO_CLINIC_ID, async (tx) => {
    await tx.deleteFrom("scheduled_messages").where("organization_id", "=", DEMO_CLINIC_ID).execute();
    await tx
      .updateTable("teams")
      .set({ phone_number: null })
      .where("organization_id", "=", DEMO_CLINIC_ID)
      .where("phone_number", "=", "+15145550101")
      .execute();
  });
  const logged: string[] = [];
  await seedDemo(t.db.owner, t.media, (msg) => logged.push(msg));
  expect(logged.filter((m) => m.includes("scheduled messages"))).toEqual([
    expect.stringMatching(/^demo clinic scheduled messages left out: /),
  ]);
});

import { expect, it } from "vitest";
import type { CallView, Message } from "@relais/shared";
import { apiSuite } from "../../test/helpers.ts";
import { withTenant } from "../db/database.ts";
import { DEMO_CLINIC_ID, DEMO_PASSWORD, seedDemo } from "./demo.ts";

/** The demo clinic's call history (issue 12 §3): three calls, each one message of its contact's thread, added once. */

const { t } = apiSuite({ tenants: 0 });

const demoCalls = () =>
  withTenant(t.db.owner, DEMO_CLINIC_ID, (tx) =>
    tx
      .selectFrom("calls")
      .select([
        "id",
        "direction",
        "remote_number",
        "state",
        "end_status",
        "answered_at",
        "thread_id",
        "message_id",
        "version",
        "contact_id",
      ])
      .where("organization_id", "=", DEMO_CLINIC_ID)
      .orderBy("started_at")
      .execute(),
  );

it("gives the demo clinic an answered, a missed and an outbound call, each shown in its contact's thread, once", async () => {
  await seedDemo(t.db.owner, t.media, () => undefined);
  const calls = await demoCalls();
  expect(calls.map((c) => [c.direction, c.remote_number, c.state, c.end_status, c.answered_at !== null])).toEqual([
    ["inbound", "+15145550111", "ended", "completed", true],
    ["inbound", "+15145550112", "ended", "no-answer", false],
    ["outbound", "+14385550113", "ended", "completed", true],
  ]);
  expect(calls.every((c) => c.thread_id && c.message_id && c.contact_id)).toBe(true);

  // As the receptionist sees them: the call through the voice API, the call message in the thread.
  const marc = await t.login("user@clinique-demo.ca", DEMO_PASSWORD);
  const answered = calls[0]!;
  const view = await t.request({ method: "GET", url: `/api/voice/v1/calls/${answered.id}`, token: marc.jwt });
  expect(view.statusCode, view.body).toBe(200);
  expect(view.json<CallView>()).toMatchObject({ state: "ended", endStatus: "completed", ownerUserId: marc.user.id });
  const thread = await t.request({ method: "GET", url: `/api/messaging/v1/threads/${answered.thread_id}/messages`, token: marc.jwt });
  expect(thread.statusCode, thread.body).toBe(200);
  const messages = thread.json<{ messages: Message[] }>().messages;
  const callMessage = messages.find((m) => m.id === answered.message_id);
  expect(callMessage?.call).toMatchObject({ callId: answered.id, direction: "inbound", endStatus: "completed", durationSeconds: 192 });
  expect(Date.parse(callMessage?.createdAt ?? "")).toBeLessThan(Date.now() - 24 * 3_600_000);

  // A second start adds nothing and changes nothing.
  await seedDemo(t.db.owner, t.media, () => undefined);
  expect(await demoCalls()).toEqual(calls);
});

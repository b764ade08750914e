import { beforeAll, describe, expect, it } from "vitest";
import type { Thread } from "@relais/shared";
import { apiSuite, uniquePhone } from "../../../test/helpers.ts";
import { createContact } from "../contacts/contacts-test-kit.ts";
import { API, createThread, eventsSeenBy, givePhones } from "./messaging-test-kit.ts";

/** Threads name their contact (issue 3): the organisation's contact with the thread's number. */

const { t, org, other } = apiSuite();

beforeAll(async () => {
  await givePhones(t, org);
  await givePhones(t, other);
});

async function listed(token: string, threadId: string): Promise<Thread | undefined> {
  const res = await t.request({ method: "GET", url: `${API}/threads?limit=200`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ threads: Thread[] }>().threads.find((th) => th.id === threadId);
}

async function opened(token: string, threadId: string): Promise<Thread> {
  const res = await t.request({ method: "GET", url: `${API}/threads/${threadId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Thread>();
}

describe("thread.contact", () => {
  it("names the organisation's contact of the number in the list, the open thread and the events", async () => {
    const token = await t.as(org.users.user);
    const phone = uniquePhone();
    const contact = await createContact(t, token, { firstname: "Hélène", lastname: "Tremblay", phone });
    const { thread } = await createThread(t, token, phone);
    const expected = { id: contact.id, firstname: "Hélène", lastname: "Tremblay", fullName: contact.fullName };
    expect(thread.contact).toEqual(expected);
    expect((await listed(token, thread.id))?.contact).toEqual(expected);
    expect((await opened(token, thread.id)).contact).toEqual(expected);
    const created = (await eventsSeenBy(t, token)).find((e) => e.type === "thread.created" && e.payload.id === thread.id);
    expect(created?.payload.contact).toEqual(expected);
  });

  it("is null for a number that is no contact, and follows a contact created later", async () => {
    const token = await t.as(org.users.user);
    const phone = uniquePhone();
    const { thread } = await createThread(t, token, phone);
    expect(thread.contact).toBeNull();
    expect((await listed(token, thread.id))?.contact).toBeNull();
    const contact = await createContact(t, token, { business: "Notaires Gagnon", phone });
    expect((await listed(token, thread.id))?.contact).toMatchObject({ id: contact.id, fullName: "Notaires Gagnon" });
  });

  it("never shows another organisation's contact with the same number", async () => {
    const phone = uniquePhone();
    const otherToken = await t.as(other.users.user);
    await createContact(t, otherToken, { firstname: "Secret", lastname: "Ailleurs", phone });
    const token = await t.as(org.users.user);
    const { thread } = await createThread(t, token, phone);
    expect(thread.contact).toBeNull();
    expect((await listed(token, thread.id))?.contact).toBeNull();
    expect((await opened(token, thread.id)).contact).toBeNull();
    // And the other way: the other organisation's own thread with that number names its contact.
    const { thread: theirs } = await createThread(t, otherToken, phone);
    expect(theirs.contact).toMatchObject({ firstname: "Secret" });
  });
});

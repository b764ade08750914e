import { describe, expect, it } from "vitest";
import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import type { ContactSummary, Thread, ThreadsPage } from "@relais/shared";
import { applyContactChange, patchThreadContacts } from "./thread-contacts.ts";

const CONTACT = "00000000-0000-4000-8000-0000000000c1";

function thread(id: string, contactPhone: string, contact: Thread["contact"] = null): Thread {
  return {
    id,
    teamId: "00000000-0000-4000-8000-00000000000a",
    from: "+15145550101",
    contactPhone,
    contact,
    state: "active",
    attributes: { pinned: false, hasNotification: false, hasIncompleteFollowup: false },
    sentiment: null,
    lastMessage: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-01T10:00:00.000Z",
  };
}

const helene: ContactSummary = {
  id: CONTACT,
  firstname: "Hélène",
  lastname: "Tremblay",
  fullName: "Hélène Tremblay",
  business: null,
  phone: "+15145550199",
};
const named = { id: CONTACT, firstname: "Hélène", lastname: "Tremblay", fullName: "Hélène Tremblay" };

describe("applyContactChange", () => {
  it("names the threads of the saved contact's number, and leaves the others as they are", () => {
    const mine = thread("t1", "+15145550199");
    const other = thread("t2", "+15145550100");
    expect(applyContactChange(mine, { kind: "saved", contact: helene }).contact).toEqual(named);
    expect(applyContactChange(other, { kind: "saved", contact: helene })).toBe(other);
  });

  it("drops the name from a thread whose number the contact left, or when the contact is removed", () => {
    const before = thread("t1", "+15145550100", named);
    expect(applyContactChange(before, { kind: "saved", contact: helene }).contact).toBeNull();
    expect(applyContactChange(thread("t3", "+15145550199", named), { kind: "removed", id: CONTACT }).contact).toBeNull();
    const unrelated = thread("t4", "+15145550199", { ...named, id: "00000000-0000-4000-8000-0000000000c2" });
    expect(applyContactChange(unrelated, { kind: "removed", id: CONTACT })).toBe(unrelated);
  });

  it("patches every cached list page and open thread", () => {
    const client = new QueryClient();
    const listKey = ["messaging", "threads", "active", ""];
    client.setQueryData<InfiniteData<ThreadsPage>>(listKey, {
      pages: [{ threads: [thread("t1", "+15145550199")], nextCursor: null, unread: { active: 0, inactive: 0 } }],
      pageParams: [null],
    });
    client.setQueryData<Thread>(["messaging", "thread", "t1"], thread("t1", "+15145550199"));
    patchThreadContacts(client, { kind: "saved", contact: helene });
    expect(client.getQueryData<InfiniteData<ThreadsPage>>(listKey)?.pages[0]?.threads[0]?.contact).toEqual(named);
    expect(client.getQueryData<Thread>(["messaging", "thread", "t1"])?.contact).toEqual(named);
  });
});

import { describe, expect, it } from "vitest";
import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import type { Message, MessagesPage, Thread } from "@relais/shared";
import { keys, upsertMessage } from "./api.ts";
import { avatarInitials, threadName } from "./format.ts";

const THREAD_ID = "00000000-0000-4000-8000-000000000001";

function msg(id: string, patch: Partial<Message> = {}): Message {
  return {
    id,
    threadId: THREAD_ID,
    direction: "outbound",
    type: "text",
    media: [],
    from: "+15145550101",
    to: "+15145551234",
    body: `text ${id}`,
    status: "sending",
    failureReason: null,
    carrierMessageId: null,
    idempotencyKey: null,
    authorId: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-01T10:00:00.000Z",
    ...patch,
  };
}

function threadWith(contactPhone: string, body: string): Thread {
  return {
    id: THREAD_ID,
    teamId: THREAD_ID,
    from: "+15145550101",
    contactPhone,
    contact: null,
    state: "active",
    attributes: { pinned: false, hasNotification: false, hasIncompleteFollowup: false },
    sentiment: null,
    lastMessage: msg("m", { body }),
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-01T10:00:00.000Z",
  };
}

describe("thread display", () => {
  it("shows the number as (AAA) BBB-CCCC and at most two initials", () => {
    const t = threadWith("+15145551234", "Bonjour");
    expect(threadName(t)).toBe("(514) 555-1234");
    expect(avatarInitials(threadName(t))).toBe("51");
    expect(avatarInitials("Isabelle de la Tremblay")).toBe("IT");
  });

  it("shows the contact's name when the number is a contact", () => {
    const id = THREAD_ID;
    const t = {
      ...threadWith("+15145551234", "Bonjour"),
      contact: { id, firstname: "Hélène", lastname: "Tremblay", fullName: "Hélène Tremblay" },
    };
    expect(threadName(t)).toBe("Hélène Tremblay");
    expect(avatarInitials(threadName(t))).toBe("HT");
  });
});

describe("message cache", () => {
  it("adds a new message first, replaces a known one unless older, never doubles it", () => {
    const client = new QueryClient();
    const key = keys.messages(THREAD_ID);
    client.setQueryData<InfiniteData<MessagesPage, string | null>>(key, {
      pages: [{ messages: [msg("b"), msg("a")], nextCursor: null }],
      pageParams: [null],
    });
    upsertMessage(client, msg("c"));
    upsertMessage(client, msg("c", { status: "delivered", updatedAt: "2026-01-01T10:00:02.000Z" }));
    upsertMessage(client, msg("c", { status: "sent", updatedAt: "2026-01-01T10:00:01.000Z" }));
    const data = client.getQueryData<InfiniteData<MessagesPage, string | null>>(key);
    expect(data?.pages[0]?.messages.map((m) => `${m.id}:${m.status}`)).toEqual(["c:delivered", "b:sending", "a:sending"]);
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { threadsPageQuery } from "./api.ts";
import { conversationConnectionState, conversationLoadDelay, retryConversationLoad } from "./connection.ts";

describe("conversation connection states (spec part 1 §4)", () => {
  it("reads initializing, then initialization-failed, from the first load of the list", () => {
    expect(conversationConnectionState("pending", "connected")).toBe("initializing");
    expect(conversationConnectionState("error", "connected")).toBe("initialization-failed");
  });

  it("follows the real-time connection once the list is loaded, polling reading as reconnecting", () => {
    expect(conversationConnectionState("success", "connecting")).toBe("connecting");
    expect(conversationConnectionState("success", "connected")).toBe("connected");
    expect(conversationConnectionState("success", "polling")).toBe("reconnecting");
    expect(conversationConnectionState("success", "connection-failed")).toBe("connection-failed");
    expect(conversationConnectionState("success", "disconnecting")).toBe("disconnecting");
    expect(conversationConnectionState("success", "disconnected")).toBe("disconnected");
  });

  it("tries the first load 5 times in all, 1 s then 2, 3 and 4 s apart, never again after a 4xx", () => {
    const network = new Error("offline");
    const attempts = [0, 1, 2, 3, 4].filter((n) => retryConversationLoad(n, network));
    expect(attempts).toEqual([0, 1, 2, 3]);
    expect(attempts.map(conversationLoadDelay)).toEqual([1_000, 2_000, 3_000, 4_000]);
    expect(retryConversationLoad(0, new ApiError(403, "error.forbidden"))).toBe(false);
    expect(retryConversationLoad(0, new ApiError(503, "error.internal"))).toBe(true);
  });
});

describe("first load of the conversations (spec part 1 §9)", () => {
  it("asks for pages of 1 000, the next one after the cursor of the last", () => {
    expect(threadsPageQuery("active", "", null)).toEqual({ state: "active", q: undefined, cursor: undefined, limit: 1_000 });
    expect(threadsPageQuery("inactive", "tremblay", "c1")).toEqual({ state: "inactive", q: "tremblay", cursor: "c1", limit: 1_000 });
  });
});

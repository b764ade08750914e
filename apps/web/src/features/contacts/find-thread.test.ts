import { describe, expect, it } from "vitest";
import type { Thread } from "@relais/shared";
import { pickThread } from "./find-thread.ts";

const TEAM_A = "00000000-0000-4000-8000-00000000000a";
const TEAM_B = "00000000-0000-4000-8000-00000000000b";

function thread(id: string, teamId: string, state: Thread["state"] = "active"): Thread {
  return {
    id,
    teamId,
    from: "+15145550101",
    contactPhone: "+15145550199",
    contact: null,
    state,
    attributes: { pinned: false, hasNotification: false, hasIncompleteFollowup: false },
    sentiment: null,
    lastMessage: null,
    createdAt: "2026-01-01T10:00:00.000Z",
    updatedAt: "2026-01-01T10:00:00.000Z",
  };
}

describe("pickThread", () => {
  it("takes the current team's thread, the first found (active before archived)", () => {
    const found = [thread("b", TEAM_B), thread("a1", TEAM_A), thread("a2", TEAM_A, "inactive")];
    expect(pickThread(found, TEAM_A)?.id).toBe("a1");
  });

  it("never opens another team's thread: none means a new conversation in the current team", () => {
    expect(pickThread([thread("b", TEAM_B)], TEAM_A)).toBeNull();
    expect(pickThread([], TEAM_A)).toBeNull();
  });

  it("takes the first found when there is no current team", () => {
    expect(pickThread([thread("b", TEAM_B), thread("a", TEAM_A)], null)?.id).toBe("b");
  });
});

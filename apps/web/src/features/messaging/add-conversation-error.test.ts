import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { addConversationError } from "./add-conversation-error.ts";

describe("adding a conversation that fails", () => {
  it("a 400 says the number is invalid", () => {
    expect(addConversationError(new ApiError(400, "error.phone-invalid", "Numéro invalide"))).toEqual({
      key: "error.add-conversation-number",
      detail: null,
    });
    expect(addConversationError(new ApiError(400, "validation.invalid"))).toEqual({ key: "error.add-conversation-number", detail: null });
  });

  it("any other failure is the generic error, the server's message after it", () => {
    const existing = new ApiError(409, "error.existing-conversation", "Une conversation existe déjà avec ce numéro.");
    expect(addConversationError(existing)).toEqual({
      key: "error.add-conversation",
      detail: "Une conversation existe déjà avec ce numéro.",
    });
    expect(addConversationError(new ApiError(500, "error.internal"))).toEqual({ key: "error.add-conversation", detail: null });
    expect(addConversationError(new TypeError("Failed to fetch"))).toEqual({ key: "error.add-conversation", detail: null });
  });
});

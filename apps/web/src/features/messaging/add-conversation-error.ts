import { isApiError } from "../../api/index.ts";

/**
 * What adding a conversation says when it fails (spec part 2 §8): a 400 means the number is
 * invalid (error.add-conversation-number); any other failure is the generic error.add-conversation,
 * with the server's own message after a dash when it gave one (an existing conversation, say).
 */
export function addConversationError(error: unknown): {
  key: "error.add-conversation-number" | "error.add-conversation";
  detail: string | null;
} {
  if (isApiError(error) && error.status === 400) return { key: "error.add-conversation-number", detail: null };
  const detail = isApiError(error) && error.status > 0 && error.message !== error.code ? error.message : null;
  return { key: "error.add-conversation", detail };
}

import type { MessageStatus } from "../contracts/messaging.ts";

/**
 * Which statuses a message may move to `next` from (DESIGN §6): only forward — sending → sent →
 * delivered — and failed only from sending or sent. A repeated or late status (a "sent" after
 * "delivered") is not a move, so it changes nothing.
 */
export function statusesBefore(next: MessageStatus): MessageStatus[] {
  switch (next) {
    case "sending":
      return [];
    case "sent":
      return ["sending"];
    case "delivered":
      return ["sending", "sent"];
    case "failed":
      return ["sending", "sent"];
  }
}

/** May a message in status `from` take status `to`? */
export function canMoveStatus(from: MessageStatus, to: MessageStatus): boolean {
  return statusesBefore(to).includes(from);
}

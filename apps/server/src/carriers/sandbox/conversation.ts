import type { SandboxConversationItem } from "@relais/shared";
import type { SandboxCarrier } from "./sandbox-carrier.ts";

/** Where the simulator fetches a file a phone sent (served by simulator-routes.ts). */
function phoneMediaUrl(id: string): string {
  return `/api/sandbox/phone-media/${id}`;
}

/**
 * Both sides of what the simulated phone `phone` and the clinic number `clinic` said, oldest
 * first: the texts the phone sent (its log) and those the clinic sent it (the outbox, with the
 * statuses the network is simulating).
 */
export function conversationOf(sandbox: SandboxCarrier, phone: string, clinic: string): SandboxConversationItem[] {
  const sent = sandbox.phoneLog.sentBy(phone, clinic).map((e): SandboxConversationItem => ({
    id: e.carrierMessageId,
    direction: "sent",
    body: e.body,
    media: e.media.map((m) => ({ contentType: m.contentType, url: phoneMediaUrl(m.id) })),
    // Relais accepted it (the inbound route records only then): delivered, as far as the phone knows.
    status: "delivered",
    failureReason: null,
    at: e.at.toISOString(),
  }));
  const received = sandbox
    .outboxFor(phone)
    .filter((e) => e.from === clinic)
    .map((e): SandboxConversationItem => ({
      id: e.carrierMessageId,
      direction: "received",
      body: e.body,
      media: e.media.map((m) => ({ contentType: m.contentType, url: m.url })),
      status: e.status,
      failureReason: e.failureReason,
      at: e.sentAt.toISOString(),
    }));
  // Stable: two texts of the same millisecond keep their own side's order.
  return [...sent, ...received].sort((a, b) => a.at.localeCompare(b.at));
}

import type { ScheduledMessage } from "@relais/shared";

/** The colour of a scheduled message's outcome, the same in the conversation and the team list. */
export const STATUS_COLOR: Record<ScheduledMessage["status"], string> = {
  scheduled: "blue",
  sending: "gray",
  sent: "green",
  failed: "red",
};

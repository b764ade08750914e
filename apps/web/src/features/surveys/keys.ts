import { keys } from "../messaging/api.ts";

// The survey query keys apart from its API hooks: the shell's live sync needs only the keys, so
// the hooks and the survey contracts they name load with the thread view (decision 0016).

/** Query keys; a thread's survey sits under the inbox's prefix, so a resync re-reads it with the rest. */
export const surveyKeys = {
  settings: ["satisfaction-survey"] as const,
  thread: (threadId: string) => [...keys.all, "survey", threadId] as const,
};

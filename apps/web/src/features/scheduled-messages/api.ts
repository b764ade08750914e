import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ScheduledMessageRequest } from "@relais/shared";
import { scheduledMessagesEndpoints } from "@relais/shared/endpoints/scheduled-messages";
import { api } from "../../api/index.ts";

/** Query keys of scheduled messages; `all` prefixes every one, so a change refreshes them all. */
const keys = {
  all: ["scheduled-messages"] as const,
  phone: (phone: string) => ["scheduled-messages", "phone", phone] as const,
  team: (teamId: string | null) => ["scheduled-messages", "team", teamId] as const,
};

/** A team's scheduled messages, soonest first; every team of the caller's when none is chosen. */
export function useTeamScheduled(teamId: string | null) {
  return useQuery({
    queryKey: keys.team(teamId),
    queryFn: ({ signal }) => api.call(scheduledMessagesEndpoints.list, { query: { teamId: teamId ?? undefined } }, { signal }),
    select: (r) => r.scheduledMessages,
    // A message goes out at its time: re-read now and then to show it sent.
    refetchInterval: 30_000,
  });
}

/** The scheduled messages to one number (the open conversation's contact). */
export function useScheduledForPhone(phone: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.phone(phone),
    queryFn: ({ signal }) => api.call(scheduledMessagesEndpoints.byPhone, { params: { phone } }, { signal }),
    // False for an anonymous or emergency number (spec part 1 §5, see lookup.ts).
    enabled,
    select: (r) => r.scheduledMessages,
    // A message goes out at its time: re-read now and then to show it sent.
    refetchInterval: 30_000,
  });
}

/** Creates (no id) or replaces (id) a scheduled message. */
export function useSaveScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ScheduledMessageRequest }) =>
      id
        ? api.call(scheduledMessagesEndpoints.update, { params: { id }, body: input })
        : api.call(scheduledMessagesEndpoints.create, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(scheduledMessagesEndpoints.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

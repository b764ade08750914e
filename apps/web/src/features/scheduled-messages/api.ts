import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { okResponse, scheduledMessage, scheduledMessagesResponse, type ScheduledMessageRequest } from "@relais/shared";
import { api } from "../../api/index.ts";

/** Query keys of scheduled messages; `all` prefixes every one, so a change refreshes them all. */
export const keys = {
  all: ["scheduled-messages"] as const,
  phone: (phone: string) => ["scheduled-messages", "phone", phone] as const,
  team: (teamId: string | null) => ["scheduled-messages", "team", teamId] as const,
};

/** A team's scheduled messages, soonest first; every team of the caller's when none is chosen. */
export function useTeamScheduled(teamId: string | null) {
  return useQuery({
    queryKey: keys.team(teamId),
    queryFn: ({ signal }) =>
      api.get("scheduled-messages", { schema: scheduledMessagesResponse, signal, ...(teamId ? { query: { teamId } } : {}) }),
    select: (r) => r.scheduledMessages,
    // A message goes out at its time: re-read now and then to show it sent.
    refetchInterval: 30_000,
  });
}

/** The scheduled messages to one number (the open conversation's contact). */
export function useScheduledForPhone(phone: string) {
  return useQuery({
    queryKey: keys.phone(phone),
    queryFn: ({ signal }) =>
      api.get(`scheduled-messages/phone/${encodeURIComponent(phone)}`, { schema: scheduledMessagesResponse, signal }),
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
        ? api.put(`scheduled-messages/${id}`, { body: input, schema: scheduledMessage })
        : api.post("scheduled-messages", { body: input, schema: scheduledMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`scheduled-messages/${id}`, { schema: okResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  agenda,
  appointment,
  contactsPage,
  memberAvailabilities,
  service,
  team,
  userSummary,
  type AvailabilitiesRequest,
  type CreateAppointmentRequest,
  type MoveAppointmentRequest,
} from "@relais/shared";
import { api } from "../../api/index.ts";

/** Query keys of the agenda; `all` is a prefix of every one (a booking invalidates it). */
export const agendaKeys = {
  all: ["agenda"] as const,
  range: (scope: AgendaScope, from: string, to: string) => ["agenda", "range", scope.kind, scope.id, from, to] as const,
  week: (memberId: string) => ["agenda", "availabilities", memberId] as const,
  contact: (contactId: string) => ["agenda", "contact", contactId] as const,
};

export type AgendaScope = { kind: "member" | "team"; id: string };

export function useAgenda(scope: AgendaScope | null, from: string, to: string) {
  return useQuery({
    queryKey: agendaKeys.range(scope ?? { kind: "member", id: "" }, from, to),
    queryFn: ({ signal }) =>
      api.get("agenda", {
        query: { from, to, ...(scope?.kind === "team" ? { teamId: scope.id } : { memberId: scope?.id }) },
        schema: agenda,
        signal,
      }),
    enabled: scope !== null,
    placeholderData: (previous) => previous,
  });
}

/** Staff of the organisation: the members whose agenda can be shown. */
export function useMembers() {
  return useQuery({
    queryKey: ["agenda", "members"],
    queryFn: ({ signal }) => api.get("users", { schema: userSummary.array(), signal }),
    staleTime: 60_000,
  });
}

export function useTeams() {
  return useQuery({
    queryKey: ["agenda", "teams"],
    queryFn: ({ signal }) => api.get("user-groups", { schema: team.array(), signal }),
    staleTime: 60_000,
  });
}

/** The services of the organisation's sector, labelled in the caller's language. */
export function useServices(sector: string) {
  return useQuery({
    queryKey: ["agenda", "services", sector],
    queryFn: ({ signal }) => api.get("services", { query: { sector }, schema: service.array(), signal }),
    staleTime: 5 * 60_000,
  });
}

/** Contacts matching a search of 3 characters or more (name or phone). */
export function useContactSearch(q: string) {
  return useQuery({
    queryKey: ["agenda", "contact-search", q],
    queryFn: ({ signal }) => api.get("patients", { query: { q, limit: 10, sort: "name" }, schema: contactsPage, signal }),
    enabled: q.trim().length >= 3,
    placeholderData: (previous) => previous,
  });
}

/** The appointments of one contact (GET patients/{id}/appointments). */
export function useContactAppointments(contactId: string) {
  return useQuery({
    queryKey: agendaKeys.contact(contactId),
    queryFn: ({ signal }) => api.get(`patients/${contactId}/appointments`, { schema: appointment.array(), signal }),
  });
}

export function useBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentRequest) => api.post("appointments", { body, schema: appointment }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export function useMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveAppointmentRequest }) =>
      api.put(`appointments/${id}`, { body, schema: appointment }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`appointments/${id}/cancel`, { schema: appointment }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export function useAvailabilities(memberId: string | null) {
  return useQuery({
    queryKey: agendaKeys.week(memberId ?? ""),
    queryFn: ({ signal }) => api.get(`members/${memberId ?? ""}/availabilities`, { schema: memberAvailabilities, signal }),
    enabled: memberId !== null,
  });
}

export function useSaveAvailabilities(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilitiesRequest) => api.put(`members/${memberId}/availabilities`, { body, schema: memberAvailabilities }),
    onSuccess: (saved) => {
      queryClient.setQueryData(agendaKeys.week(memberId), saved);
      void queryClient.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type AvailabilitiesRequest, type CreateAppointmentRequest, type MoveAppointmentRequest, type Organization } from "@relais/shared";
import { agendaEndpoints } from "@relais/shared/endpoints/agenda";
import { contactsEndpoints } from "@relais/shared/endpoints/contacts";
import { organizationsEndpoints } from "@relais/shared/endpoints/organizations";
import { teamsEndpoints } from "@relais/shared/endpoints/teams";
import { usersEndpoints } from "@relais/shared/endpoints/users";
import { api } from "../../api/index.ts";
import { agendaKeys, type AgendaScope } from "./keys.ts";

export function useAgenda(scope: AgendaScope | null, from: string, to: string) {
  return useQuery({
    queryKey: agendaKeys.range(scope ?? { kind: "member", id: "" }, from, to),
    queryFn: ({ signal }) =>
      api.call(
        agendaEndpoints.view,
        { query: { from, to, ...(scope?.kind === "team" ? { teamId: scope.id } : { memberId: scope?.id }) } },
        { signal },
      ),
    enabled: scope !== null,
    placeholderData: (previous) => previous,
  });
}

/** Staff of the organisation: the members whose agenda can be shown. */
export function useMembers() {
  return useQuery({
    queryKey: ["agenda", "members"],
    queryFn: ({ signal }) => api.call(usersEndpoints.list, {}, { signal }),
    staleTime: 60_000,
  });
}

export function useTeams() {
  return useQuery({
    queryKey: ["agenda", "teams"],
    queryFn: ({ signal }) => api.call(teamsEndpoints.list, {}, { signal }),
    staleTime: 60_000,
  });
}

/** The services of the organisation's sector, labelled in the caller's language. */
export function useServices(sector: Organization["sector"]) {
  return useQuery({
    queryKey: ["agenda", "services", sector],
    queryFn: ({ signal }) => api.call(organizationsEndpoints.services, { query: { sector } }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Contacts matching a search of 3 characters or more (name or phone). */
export function useContactSearch(q: string) {
  return useQuery({
    queryKey: ["agenda", "contact-search", q],
    queryFn: ({ signal }) => api.call(contactsEndpoints.list, { query: { q, limit: 10, sort: "name" } }, { signal }),
    enabled: q.trim().length >= 3,
    placeholderData: (previous) => previous,
  });
}

/** The appointments of one contact (GET patients/{id}/appointments); nothing is asked without a contact. */
export function useContactAppointments(contactId: string | null) {
  return useQuery({
    queryKey: agendaKeys.contact(contactId ?? ""),
    queryFn: ({ signal }) => api.call(agendaEndpoints.contactAppointments, { params: { id: contactId ?? "" } }, { signal }),
    enabled: contactId !== null,
  });
}

export function useBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppointmentRequest) => api.call(agendaEndpoints.book, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export function useMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MoveAppointmentRequest }) => api.call(agendaEndpoints.move, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(agendaEndpoints.cancel, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
  });
}

export function useAvailabilities(memberId: string | null) {
  return useQuery({
    queryKey: agendaKeys.week(memberId ?? ""),
    queryFn: ({ signal }) => api.call(agendaEndpoints.availabilities, { params: { id: memberId ?? "" } }, { signal }),
    enabled: memberId !== null,
  });
}

export function useSaveAvailabilities(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilitiesRequest) => api.call(agendaEndpoints.updateAvailabilities, { params: { id: memberId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(agendaKeys.week(memberId), saved);
      void queryClient.invalidateQueries({ queryKey: agendaKeys.all });
    },
  });
}

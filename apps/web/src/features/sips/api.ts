import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { endpoints, type SipEndpointRequest } from "@relais/shared";
import { api } from "../../api/index.ts";

/** Desk phones (issue 13 §4, decision 0041): the organisation's phones and the one the person holds. */

const keys = { all: ["sips"] as const, list: ["sips", "list"] as const, assigned: ["sips", "assigned"] as const };

export function useSipEndpoints() {
  return useQuery({ queryKey: keys.list, queryFn: ({ signal }) => api.call(endpoints.sips.list, {}, { signal }) });
}

export function useAssignedSip() {
  return useQuery({ queryKey: keys.assigned, queryFn: ({ signal }) => api.call(endpoints.sips.assigned, {}, { signal }) });
}

/** Every change moves both the list (who holds what) and the person's own phone. */
function useSipMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useAssignSip = () => useSipMutation((id: string) => api.call(endpoints.sips.assign, { params: { id } }));
export const useUnassignSip = () => useSipMutation(() => api.call(endpoints.sips.unassign, {}));
export const useRemoveSip = () => useSipMutation((id: string) => api.call(endpoints.sips.remove, { params: { id } }));

/** Adding answers the password once: the caller shows it, nothing keeps it. */
export function useCreateSip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SipEndpointRequest) => api.call(endpoints.sips.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type SipEndpointRequest } from "@relais/shared";
import { sipsEndpoints } from "@relais/shared/endpoints/sips";
import { api } from "../../api/index.ts";

/** Desk phones (issue 13 §4, decision 0041): the organisation's phones and the one the person holds. */

const keys = { all: ["sips"] as const, list: ["sips", "list"] as const, assigned: ["sips", "assigned"] as const };

export function useSipEndpoints() {
  return useQuery({ queryKey: keys.list, queryFn: ({ signal }) => api.call(sipsEndpoints.list, {}, { signal }) });
}

export function useAssignedSip() {
  return useQuery({ queryKey: keys.assigned, queryFn: ({ signal }) => api.call(sipsEndpoints.assigned, {}, { signal }) });
}

/** Every change moves both the list (who holds what) and the person's own phone. */
function useSipMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }) });
}

export const useAssignSip = () => useSipMutation((id: string) => api.call(sipsEndpoints.assign, { params: { id } }));
export const useUnassignSip = () => useSipMutation(() => api.call(sipsEndpoints.unassign, {}));
export const useRemoveSip = () => useSipMutation((id: string) => api.call(sipsEndpoints.remove, { params: { id } }));

/** Adding answers the password once: the caller shows it, nothing keeps it. */
export function useCreateSip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SipEndpointRequest) => api.call(sipsEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type UpdateOrganizationRequest } from "@relais/shared";
import { organizationsEndpoints } from "@relais/shared/endpoints/organizations";
import { api, isApiError } from "../../api/index.ts";
import { useSession, useSessionContext } from "../../app/session/session.tsx";

/** Query keys of the organisation and its plan. */
const keys = {
  organization: (id: string) => ["organization", id] as const,
  tier: (id: string) => ["organization", id, "tier"] as const,
};

export function useOrganization() {
  const session = useSession();
  const id = session.organization.id;
  return useQuery({
    queryKey: keys.organization(id),
    queryFn: ({ signal }) => api.call(organizationsEndpoints.get, { params: { id } }, { signal }),
    initialData: session.organization,
    initialDataUpdatedAt: 0,
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const { setOrganization } = useSessionContext();
  return useMutation({
    mutationFn: (body: UpdateOrganizationRequest) => api.call(organizationsEndpoints.update, { body }),
    onSuccess: (org) => {
      queryClient.setQueryData(keys.organization(org.id), org);
      setOrganization(org);
    },
  });
}

/**
 * The organisation's plan permissions (GET tiers/organization/{id}, spec part 1 §3): null when it
 * has none (the 404 the spec says to ignore); another failure is the query's error, shown.
 */
export function useTierPermissions() {
  const id = useSession().organization.id;
  return useQuery({
    queryKey: keys.tier(id),
    queryFn: async ({ signal }): Promise<number[] | null> => {
      try {
        return (await api.call(organizationsEndpoints.tier, { params: { id } }, { signal })).permissions;
      } catch (error) {
        if (isApiError(error) && error.status === 404) {
          return null;
        }
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type UpdateAutomaticTextsRequest } from "@relais/shared";
import { automaticTextsEndpoints } from "@relais/shared/endpoints/automatic-texts";
import { api } from "../../api/index.ts";

/** Query key of one team's automatic texts (kept apart from the `teams` prefix: a team change does not touch them). */
const automaticTextsKey = (teamId: string) => ["automatic-texts", teamId] as const;

/** GET teams/{id}/automatic-texts: every colleague reads them; `abilities.update` says who may change them. */
export function useAutomaticTexts(teamId: string) {
  return useQuery({
    queryKey: automaticTextsKey(teamId),
    queryFn: ({ signal }) => api.call(automaticTextsEndpoints.get, { params: { id: teamId } }, { signal }),
  });
}

/** PUT teams/{id}/automatic-texts (administrators only): the whole setting, replaced. */
export function useUpdateAutomaticTexts(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAutomaticTextsRequest) => api.call(automaticTextsEndpoints.update, { params: { id: teamId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(automaticTextsKey(teamId), saved);
    },
  });
}

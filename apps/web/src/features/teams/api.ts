import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { team, type addMemberRequest, type CreateTeamRequest, type TeamRole, type UpdateTeamRequest } from "@relais/shared";
import { teamsEndpoints } from "@relais/shared/endpoints/teams";
import { api } from "../../api/index.ts";
import { useSessionContext } from "../../app/session/session.tsx";
import { userKeys } from "../users/api.ts";

/** Query keys of the teams; `teams` is a prefix of every team list and detail (users/api.ts invalidates it). */
const keys = {
  teams: ["teams"] as const,
  allTeams: ["teams", "all"] as const,
  myTeams: ["teams", "belongs"] as const,
  team: (id: string) => ["teams", "detail", id] as const,
};

/** Every team of the organisation (members see teams they do not belong to). */
export function useAllTeams() {
  return useQuery({
    queryKey: keys.allTeams,
    queryFn: ({ signal }) => api.call(teamsEndpoints.list, {}, { signal }),
  });
}

/** The caller's own teams (the header's team switch). */
export function useMyTeams() {
  return useQuery({
    queryKey: keys.myTeams,
    queryFn: ({ signal }) => api.call(teamsEndpoints.mine, {}, { signal }),
  });
}

export function useTeam(id: string) {
  return useQuery({
    queryKey: keys.team(id),
    queryFn: ({ signal }) => api.call(teamsEndpoints.get, { params: { id } }, { signal }),
  });
}

/** After any team change: team lists, the detail and the users' team badges are stale. */
function useTeamsChanged() {
  const queryClient = useQueryClient();
  return async (detail?: { id: string }) => {
    if (detail) {
      queryClient.setQueryData(keys.team(detail.id), detail);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.teams }),
      queryClient.invalidateQueries({ queryKey: userKeys.users }),
    ]);
  };
}

export function useCreateTeam() {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (body: CreateTeamRequest) => api.call(teamsEndpoints.create, { body }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useUpdateTeam(id: string) {
  const changed = useTeamsChanged();
  const { state, setUserGroup } = useSessionContext();
  return useMutation({
    mutationFn: (body: UpdateTeamRequest) => api.call(teamsEndpoints.update, { params: { id }, body }),
    onSuccess: async (detail) => {
      // The header shows the current team's name: keep it in step with a rename.
      if (state.status === "authenticated" && state.session.userGroup?.id === detail.id) {
        setUserGroup(team.parse(detail));
      }
      await changed(detail);
    },
  });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (id: string) => api.call(teamsEndpoints.remove, { params: { id } }),
    onSuccess: async (_ok, id) => {
      queryClient.removeQueries({ queryKey: keys.team(id) });
      await changed();
    },
  });
}

export function useAddMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof addMemberRequest>) => api.call(teamsEndpoints.addMember, { params: { id: teamId }, body }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useUpdateMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: ({ userId, teamRole }: { userId: string; teamRole: TeamRole }) =>
      api.call(teamsEndpoints.updateMember, { params: { id: teamId, userId }, body: { teamRole } }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useRemoveMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (userId: string) => api.call(teamsEndpoints.removeMember, { params: { id: teamId, userId } }),
    onSuccess: (detail) => changed(detail),
  });
}

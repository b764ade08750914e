import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  endpoints,
  team,
  type addMemberRequest,
  type changePasswordRequest,
  type CreateTeamRequest,
  type CreateUserRequest,
  type TeamRole,
  type UpdateOrganizationRequest,
  type UpdateProfileRequest,
  type UpdateTeamRequest,
  type updateUserRequest,
  type UserStatus,
} from "@relais/shared";
import { api, isApiError } from "../../api/index.ts";
import { useSession, useSessionContext } from "../../app/session/session.tsx";

/** Query keys of the configuration area; `teams` is a prefix of every team list and detail. */
const keys = {
  organization: (id: string) => ["organization", id] as const,
  tier: (id: string) => ["organization", id, "tier"] as const,
  teams: ["teams"] as const,
  allTeams: ["teams", "all"] as const,
  myTeams: ["teams", "belongs"] as const,
  team: (id: string) => ["teams", "detail", id] as const,
  users: ["users"] as const,
};

/* ---------- organisation ---------- */

export function useOrganization() {
  const session = useSession();
  const id = session.organization.id;
  return useQuery({
    queryKey: keys.organization(id),
    queryFn: ({ signal }) => api.call(endpoints.organizations.get, { params: { id } }, { signal }),
    initialData: session.organization,
    initialDataUpdatedAt: 0,
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const { setOrganization } = useSessionContext();
  return useMutation({
    mutationFn: (body: UpdateOrganizationRequest) => api.call(endpoints.organizations.update, { body }),
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
        return (await api.call(endpoints.organizations.tier, { params: { id } }, { signal })).permissions;
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

/* ---------- teams ---------- */

/** Every team of the organisation (members see teams they do not belong to). */
export function useAllTeams() {
  return useQuery({
    queryKey: keys.allTeams,
    queryFn: ({ signal }) => api.call(endpoints.teams.list, {}, { signal }),
  });
}

/** The caller's own teams (the header's team switch). */
export function useMyTeams() {
  return useQuery({
    queryKey: keys.myTeams,
    queryFn: ({ signal }) => api.call(endpoints.teams.mine, {}, { signal }),
  });
}

export function useTeam(id: string) {
  return useQuery({
    queryKey: keys.team(id),
    queryFn: ({ signal }) => api.call(endpoints.teams.get, { params: { id } }, { signal }),
  });
}

/** After any team change: team lists, the detail and the users' team badges are stale. */
function useTeamsChanged() {
  const queryClient = useQueryClient();
  return async (detail?: { id: string }) => {
    if (detail) {
      queryClient.setQueryData(keys.team(detail.id), detail);
    }
    await Promise.all([queryClient.invalidateQueries({ queryKey: keys.teams }), queryClient.invalidateQueries({ queryKey: keys.users })]);
  };
}

export function useCreateTeam() {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (body: CreateTeamRequest) => api.call(endpoints.teams.create, { body }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useUpdateTeam(id: string) {
  const changed = useTeamsChanged();
  const { state, setUserGroup } = useSessionContext();
  return useMutation({
    mutationFn: (body: UpdateTeamRequest) => api.call(endpoints.teams.update, { params: { id }, body }),
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
    mutationFn: (id: string) => api.call(endpoints.teams.remove, { params: { id } }),
    onSuccess: async (_ok, id) => {
      queryClient.removeQueries({ queryKey: keys.team(id) });
      await changed();
    },
  });
}

export function useAddMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (body: z.input<typeof addMemberRequest>) => api.call(endpoints.teams.addMember, { params: { id: teamId }, body }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useUpdateMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: ({ userId, teamRole }: { userId: string; teamRole: TeamRole }) =>
      api.call(endpoints.teams.updateMember, { params: { id: teamId, userId }, body: { teamRole } }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useRemoveMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (userId: string) => api.call(endpoints.teams.removeMember, { params: { id: teamId, userId } }),
    onSuccess: (detail) => changed(detail),
  });
}

/* ---------- users ---------- */

export function useUsers() {
  return useQuery({
    queryKey: keys.users,
    queryFn: ({ signal }) => api.call(endpoints.users.list, {}, { signal }),
  });
}

function useUsersChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: keys.users }), queryClient.invalidateQueries({ queryKey: keys.teams })]);
}

export function useCreateUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.call(endpoints.users.create, { body }),
    onSuccess: () => changed(),
  });
}

/** PUT users/{id}; a change to one's own account (a role, a name) shows in the session at once. */
export function useUpdateUser() {
  const changed = useUsersChanged();
  const { state, reloadSession } = useSessionContext();
  const ownId = state.status === "authenticated" ? state.session.profile.id : null;
  return useMutation({
    mutationFn: ({ id, ...body }: z.input<typeof updateUserRequest> & { id: string }) =>
      api.call(endpoints.users.update, { params: { id }, body }),
    onSuccess: (_answer, { id }) => Promise.all([changed(), id === ownId ? reloadSession() : undefined]),
  });
}

export function useDeleteUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (id: string) => api.call(endpoints.users.remove, { params: { id } }),
    onSuccess: () => changed(),
  });
}

/* ---------- my account ---------- */

export function useUpdateProfile() {
  const { updateProfile } = useSessionContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.call(endpoints.auth.updateProfile, { body }),
    onSuccess: async (next) => {
      updateProfile(next);
      await queryClient.invalidateQueries({ queryKey: keys.users });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordRequest>) => api.call(endpoints.auth.changePassword, { body }),
  });
}

/** PUT auth/status: online, offline or busy (spec part 1 §4). */
export function useUpdateStatus() {
  const { updateProfile } = useSessionContext();
  return useMutation({
    mutationFn: (status: UserStatus) => api.call(endpoints.auth.setStatus, { body: { status } }),
    onSuccess: (next) => {
      updateProfile(next);
    },
  });
}

/** PUT auth/user-group: the team the person works for right now. */
export function useSwitchTeam() {
  const { setUserGroup } = useSessionContext();
  return useMutation({
    mutationFn: (userGroup: string) => api.call(endpoints.auth.switchTeam, { body: { userGroup } }),
    onSuccess: (current) => {
      setUserGroup(current);
    },
  });
}

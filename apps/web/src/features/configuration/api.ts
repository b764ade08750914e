import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  okResponse,
  organization,
  profile,
  team,
  teamDetail,
  userSummary,
  type CreateTeamRequest,
  type CreateUserRequest,
  type TeamRole,
  type UpdateOrganizationRequest,
  type UpdateProfileRequest,
  type UpdateTeamRequest,
  type UserStatus,
  type Role,
} from "@relais/shared";
import { api } from "../../api/index.ts";
import { useSession, useSessionContext } from "../../app/session/session.tsx";

/** Query keys of the configuration area; `teams` is a prefix of every team list and detail. */
export const keys = {
  organization: (id: string) => ["organization", id] as const,
  teams: ["teams"] as const,
  allTeams: ["teams", "all"] as const,
  myTeams: ["teams", "belongs"] as const,
  team: (id: string) => ["teams", "detail", id] as const,
  users: ["users"] as const,
};

const teamList = team.array();
const userList = userSummary.array();

/* ---------- organisation ---------- */

export function useOrganization() {
  const session = useSession();
  const id = session.organization.id;
  return useQuery({
    queryKey: keys.organization(id),
    queryFn: ({ signal }) => api.get(`organizations/${id}`, { schema: organization, signal }),
    initialData: session.organization,
    initialDataUpdatedAt: 0,
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const { setOrganization } = useSessionContext();
  return useMutation({
    mutationFn: (body: UpdateOrganizationRequest) => api.put("organizations", { body, schema: organization }),
    onSuccess: (org) => {
      queryClient.setQueryData(keys.organization(org.id), org);
      setOrganization(org);
    },
  });
}

/* ---------- teams ---------- */

/** Every team of the organisation (members see teams they do not belong to). */
export function useAllTeams() {
  return useQuery({
    queryKey: keys.allTeams,
    queryFn: ({ signal }) => api.get("user-groups", { schema: teamList, signal }),
  });
}

/** The caller's own teams (the header's team switch). */
export function useMyTeams() {
  return useQuery({
    queryKey: keys.myTeams,
    queryFn: ({ signal }) => api.get("user-groups/belongs", { schema: teamList, signal }),
  });
}

export function useTeam(id: string) {
  return useQuery({
    queryKey: keys.team(id),
    queryFn: ({ signal }) => api.get(`user-groups/${id}`, { schema: teamDetail, signal }),
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
    mutationFn: (body: CreateTeamRequest) => api.post("user-groups", { body, schema: teamDetail }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useUpdateTeam(id: string) {
  const changed = useTeamsChanged();
  const { state, setUserGroup } = useSessionContext();
  return useMutation({
    mutationFn: (body: UpdateTeamRequest) => api.put(`user-groups/${id}`, { body, schema: teamDetail }),
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
    mutationFn: (id: string) => api.delete(`user-groups/${id}`, { schema: okResponse }),
    onSuccess: async (_ok, id) => {
      queryClient.removeQueries({ queryKey: keys.team(id) });
      await changed();
    },
  });
}

export function useAddMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (body: { userId: string; teamRole: TeamRole }) => api.post(`user-groups/${teamId}/members`, { body, schema: teamDetail }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useUpdateMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: ({ userId, teamRole }: { userId: string; teamRole: TeamRole }) =>
      api.put(`user-groups/${teamId}/members/${userId}`, { body: { teamRole }, schema: teamDetail }),
    onSuccess: (detail) => changed(detail),
  });
}

export function useRemoveMember(teamId: string) {
  const changed = useTeamsChanged();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`user-groups/${teamId}/members/${userId}`, { schema: teamDetail }),
    onSuccess: (detail) => changed(detail),
  });
}

/* ---------- users ---------- */

export function useUsers() {
  return useQuery({
    queryKey: keys.users,
    queryFn: ({ signal }) => api.get("users", { schema: userList, signal }),
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
    mutationFn: (body: CreateUserRequest) => api.post("users", { body, schema: userSummary }),
    onSuccess: () => changed(),
  });
}

export function useUpdateUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name?: string; role?: Role }) => api.put(`users/${id}`, { body, schema: userSummary }),
    onSuccess: () => changed(),
  });
}

export function useDeleteUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (id: string) => api.delete(`users/${id}`, { schema: okResponse }),
    onSuccess: () => changed(),
  });
}

/* ---------- my account ---------- */

export function useUpdateProfile() {
  const { updateProfile } = useSessionContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.put("auth/profile", { body, schema: profile }),
    onSuccess: async (next) => {
      updateProfile(next);
      await queryClient.invalidateQueries({ queryKey: keys.users });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; password: string; confirmation: string }) =>
      api.put("auth/password", { body, schema: okResponse }),
  });
}

/** PUT auth/status: online, offline or busy (spec part 1 §4). */
export function useUpdateStatus() {
  const { updateProfile } = useSessionContext();
  return useMutation({
    mutationFn: (status: UserStatus) => api.put("auth/status", { body: { status }, schema: profile }),
    onSuccess: (next) => {
      updateProfile(next);
    },
  });
}

/** PUT auth/user-group: the team the person works for right now. */
export function useSwitchTeam() {
  const { setUserGroup } = useSessionContext();
  return useMutation({
    mutationFn: (userGroup: string) => api.put("auth/user-group", { body: { userGroup }, schema: team }),
    onSuccess: (current) => {
      setUserGroup(current);
    },
  });
}

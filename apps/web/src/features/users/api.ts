import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type changePasswordRequest,
  type CreateUserRequest,
  type UpdateProfileRequest,
  type updateUserRequest,
  type UserStatus,
} from "@relais/shared";
import { authEndpoints } from "@relais/shared/endpoints/auth";
import { usersEndpoints } from "@relais/shared/endpoints/users";
import { api } from "../../api/index.ts";
import { useSessionContext } from "../../app/session/session.tsx";

/** Query keys of the users; teams/api.ts invalidates them after a team change (the users' team badges). */
export const userKeys = {
  users: ["users"] as const,
};

/** Prefix of every team query (teams/api.ts): a user's change moves the team member lists. */
const TEAMS_PREFIX = ["teams"] as const;

export function useUsers() {
  return useQuery({
    queryKey: userKeys.users,
    queryFn: ({ signal }) => api.call(usersEndpoints.list, {}, { signal }),
  });
}

function useUsersChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.users }), queryClient.invalidateQueries({ queryKey: TEAMS_PREFIX })]);
}

export function useCreateUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api.call(usersEndpoints.create, { body }),
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
      api.call(usersEndpoints.update, { params: { id }, body }),
    onSuccess: (_answer, { id }) => Promise.all([changed(), id === ownId ? reloadSession() : undefined]),
  });
}

export function useDeleteUser() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (id: string) => api.call(usersEndpoints.remove, { params: { id } }),
    onSuccess: () => changed(),
  });
}

/* ---------- my account (endpoints of the auth module, served by the users service) ---------- */

export function useUpdateProfile() {
  const { updateProfile } = useSessionContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api.call(authEndpoints.updateProfile, { body }),
    onSuccess: async (next) => {
      updateProfile(next);
      await queryClient.invalidateQueries({ queryKey: userKeys.users });
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordRequest>) => api.call(authEndpoints.changePassword, { body }),
  });
}

/** PUT auth/status: online, offline or busy (spec part 1 §4). */
export function useUpdateStatus() {
  const { updateProfile } = useSessionContext();
  return useMutation({
    mutationFn: (status: UserStatus) => api.call(authEndpoints.setStatus, { body: { status } }),
    onSuccess: (next) => {
      updateProfile(next);
    },
  });
}

/** PUT auth/user-group: the team the person works for right now. */
export function useSwitchTeam() {
  const { setUserGroup } = useSessionContext();
  return useMutation({
    mutationFn: (userGroup: string) => api.call(authEndpoints.switchTeam, { body: { userGroup } }),
    onSuccess: (current) => {
      setUserGroup(current);
    },
  });
}

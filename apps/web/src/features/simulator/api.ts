import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type SandboxInboundRequest, type SandboxSettings } from "@relais/shared";
import { sandboxEndpoints } from "@relais/shared/endpoints/sandbox";
import { api } from "../../api/index.ts";

/**
 * The sandbox network as a phone sees it (public routes, development and tests only): no token,
 * so no refresh is ever tried on an error.
 */
const keys = {
  settings: ["sandbox", "settings"] as const,
  numbers: ["sandbox", "numbers"] as const,
  conversation: (phone: string, clinic: string) => ["sandbox", "conversation", phone, clinic] as const,
};

/**
 * Polling, not the realtime socket: the socket serves signed-in staff of one organisation,
 * while the simulated phone has no account and stands outside every tenant. For a dev tool a
 * one-second poll is simple and shows each status step of the default 400 ms delivery delay.
 */
const CONVERSATION_POLL_MS = 1000;

/** Also tells whether the sandbox exists at all: 404 when the server runs without it. */
export function useSandboxSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) => api.call(sandboxEndpoints.settings, {}, { signal, noRefresh: true }),
    staleTime: Infinity,
  });
}

export function useUpdateSandboxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: SandboxSettings) => api.call(sandboxEndpoints.updateSettings, { body: next }, { noRefresh: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.settings, saved);
    },
  });
}

export function useClinicNumbers(enabled: boolean) {
  return useQuery({
    queryKey: keys.numbers,
    queryFn: ({ signal }) => api.call(sandboxEndpoints.numbers, {}, { signal, noRefresh: true }),
    enabled,
    staleTime: 60_000,
  });
}

/** Both sides of the conversation, read again every second while the page is visible. */
export function useSimulatedConversation(phone: string | null, clinic: string | null) {
  return useQuery({
    queryKey: keys.conversation(phone ?? "", clinic ?? ""),
    queryFn: ({ signal }) =>
      api.call(sandboxEndpoints.conversation, { query: { phone: phone ?? "", with: clinic ?? "" } }, { signal, noRefresh: true }),
    enabled: phone !== null && clinic !== null,
    refetchInterval: CONVERSATION_POLL_MS,
    // A hidden tab stops polling (TanStack's default, stated here because it is the point).
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The phone texts the clinic: the same injection scripts use. */
export function useSendFromPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: SandboxInboundRequest) => api.call(sandboxEndpoints.inbound, { body: text }, { noRefresh: true }),
    onSuccess: (_sent, text) => queryClient.invalidateQueries({ queryKey: keys.conversation(text.from, text.to) }),
  });
}

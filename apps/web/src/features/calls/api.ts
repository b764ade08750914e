import { useQuery } from "@tanstack/react-query";
import { canCallOut, canTransferToExtensions } from "@relais/shared";
import { organizationsEndpoints } from "@relais/shared/endpoints/organizations";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { api, isApiError } from "../../api/index.ts";
import { queueCacheOf } from "./queue-model.ts";
import { useSession } from "../../app/session/session.tsx";

/**
 * The voice endpoints the call screens read (spec part 1 §7 Voice). Actions (answer, reject,
 * hang up, digits, outbound) go through call-actions.ts: each one also moves the tab's phone.
 */
const keys = {
  tier: (orgId: string) => ["calls", "tier", orgId] as const,
  token: ["calls", "token"] as const,
};

/** The call queue of the person's teams (GET voice/v1/queues), patched by the `queue.*` events (queue-live.ts). */
export const QUEUE_KEY = ["calls", "queue"] as const;

export function queueQuery() {
  return {
    queryKey: QUEUE_KEY,
    queryFn: async ({ signal }: { signal: AbortSignal }) => queueCacheOf(await api.call(voiceEndpoints.queues, {}, { signal }), Date.now()),
    // The events keep it current; it is read again when the real-time stream (re)starts.
    staleTime: Infinity,
  };
}

/** May this organisation call out (tier permission 1)? Unknown tier (404): yes (spec part 1 §6). */
export function useCanCallOut(): boolean {
  const tier = useTier();
  return tier.data === undefined ? true : canCallOut(tier.data);
}

/** May calls go to outside extensions: tier permission 2 and the organisation's `enableExtTransfer` (spec part 1 §3)? */
export function useCanTransferToExtensions(): boolean {
  const { organization } = useSession();
  const tier = useTier();
  return organization.enableExtTransfer && tier.data !== undefined && canTransferToExtensions(tier.data);
}

function useTier() {
  const { organization } = useSession();
  return useQuery({
    queryKey: keys.tier(organization.id),
    queryFn: async ({ signal }) => {
      try {
        return (await api.call(organizationsEndpoints.tier, { params: { id: organization.id } }, { signal })).permissions;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** The carrier SDK's token (GET voice/v1/tokens): which carrier carries the audio, and its credential. */
export function voiceTokenQuery() {
  return {
    queryKey: keys.token,
    queryFn: () => api.call(voiceEndpoints.token),
    staleTime: 30 * 60_000,
  };
}

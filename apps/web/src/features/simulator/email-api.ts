import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type SandboxEmailInboundRequest } from "@relais/shared";
import { emailEndpoints } from "@relais/shared/endpoints/email";
import { api } from "../../api/index.ts";

/**
 * The sandbox mailbox as a contact's address sees it (public routes, development and tests only,
 * decision 0031): no token, so no refresh is ever tried on an error.
 */
const keys = {
  mailboxes: ["sandbox", "email", "mailboxes"] as const,
  mailbox: (address: string) => ["sandbox", "email", "mailbox", address] as const,
};

/**
 * Polling, as the phone does, not the staff socket: the address has no account. The team's reply is
 * filed in the sandbox the moment its send job runs, so a few seconds is soon enough; each read
 * parses the address's latest emails on the server, hence not every second.
 */
const MAILBOX_POLL_MS = 3000;

/** Every team's sandbox mailbox, to write to. */
export function useTeamMailboxes() {
  return useQuery({
    queryKey: keys.mailboxes,
    queryFn: ({ signal }) => api.call(emailEndpoints.sandboxMailboxes, {}, { signal, noRefresh: true }),
    staleTime: 60_000,
  });
}

/** What the address sent and received, read again every few seconds while the page is visible. */
export function useContactMailbox(address: string | null) {
  return useQuery({
    queryKey: keys.mailbox(address ?? ""),
    queryFn: ({ signal }) => api.call(emailEndpoints.sandboxMailbox, { query: { address: address ?? "" } }, { signal, noRefresh: true }),
    enabled: address !== null,
    refetchInterval: MAILBOX_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The address writes to a team (a reply when `inReplyTo` names the team's email). */
export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: SandboxEmailInboundRequest) => api.call(emailEndpoints.sandboxInbound, { body: email }, { noRefresh: true }),
    onSuccess: (_sent, email) => queryClient.invalidateQueries({ queryKey: keys.mailbox(email.from) }),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type EmailAttachmentRef, type EmailProvider, type MailboxProvider, type MailboxStatus } from "@relais/shared";
import { emailEndpoints } from "@relais/shared/endpoints/email";
import { sandboxEndpoints } from "@relais/shared/endpoints/sandbox";
import { api } from "../../api/index.ts";
import { useSessionContext } from "../../app/session/session.tsx";
import { saveBlob } from "../messaging/media-api.ts";

/** Server state of the team email (issue 14): the mailbox, its connection, emails and their files. */

const keys = {
  mailbox: (teamId: string) => ["email", "mailbox", teamId] as const,
  unknownSenders: (teamId: string) => ["email", "unknown-senders", teamId] as const,
  email: (id: string) => ["email", "content", id] as const,
};

/** GET /email-sync/mailbox: the current team's mailbox (address, provider, valid and why not, who manages it). */
export function useMailbox(teamId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keys.mailbox(teamId),
    queryFn: ({ signal }) => api.call(emailEndpoints.mailbox, {}, { signal }),
    enabled: options.enabled ?? true,
  });
}

/**
 * After a connection or a disconnection: the mailbox is read again, and the session's team (its
 * `emailProvider` and `valid`, which the composer and the reconnect dialog read) follows it.
 */
export function useMailboxChanged(teamId: string) {
  const queryClient = useQueryClient();
  const { state, setUserGroup } = useSessionContext();
  return async (): Promise<MailboxStatus> => {
    const status = await queryClient.fetchQuery({
      queryKey: keys.mailbox(teamId),
      queryFn: ({ signal }) => api.call(emailEndpoints.mailbox, {}, { signal }),
      staleTime: 0,
    });
    const team = state.status === "authenticated" ? state.session.userGroup : null;
    if (team?.id === status.teamId) {
      setUserGroup({
        ...team,
        email: status.email ?? team.email,
        emailProvider: status.connected ? status.provider : null,
        valid: status.valid,
      });
    }
    await queryClient.invalidateQueries({ queryKey: ["teams"] });
    return status;
  };
}

/** POST /oauth2/type: Gmail or Outlook from the address; 422 error.email-provider-unknown when it cannot tell. */
export function detectProvider(inboxEmail: string): Promise<EmailProvider> {
  return api.call(emailEndpoints.providerType, { body: { inboxEmail } }).then((r) => r.type);
}

/** POST /oauth2/{type}: the provider's authorisation page for the popup. */
export function authorizationUrl(type: EmailProvider, inboxEmail: string): Promise<string> {
  return api.call(emailEndpoints.authorize, { params: { type }, body: { inboxEmail } }).then((r) => r.url);
}

/** POST /oauth2/{type}/logout: revokes and forgets the mailbox's tokens. */
export function useDisconnectMailbox(teamId: string) {
  const changed = useMailboxChanged(teamId);
  return useMutation({
    mutationFn: ({ type, inboxEmail }: { type: MailboxProvider; inboxEmail: string }) =>
      api.call(emailEndpoints.logout, { params: { type }, body: { inboxEmail } }),
    onSuccess: () => changed(),
  });
}

/** GET /email-sync/unknown-senders: the team's latest emails from addresses that are no contact's. */
export function useUnknownSenders(teamId: string) {
  return useQuery({
    queryKey: keys.unknownSenders(teamId),
    queryFn: ({ signal }) => api.call(emailEndpoints.unknownSenders, {}, { signal }),
  });
}

/** GET /email-sync/emails/{id}: the sanitised email the sandboxed frame shows; an email never changes. */
export function useEmailContent(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.email(id),
    queryFn: ({ signal }) => api.call(emailEndpoints.email, { params: { id } }, { signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** GET /email-sync/attachments/{id} through the authorised client, handed to the browser as a download. */
export async function downloadEmailAttachment(file: EmailAttachmentRef): Promise<void> {
  saveBlob(await api.call(emailEndpoints.attachment, { params: { id: file.id } }), file.filename);
}

/** Whether this server runs the sandbox network (404 without it), where a sandbox mailbox can be connected. */
export function useSandboxAvailable() {
  return useQuery({
    queryKey: ["email", "sandbox-available"],
    queryFn: async ({ signal }) => {
      try {
        await api.call(sandboxEndpoints.settings, {}, { signal, noRefresh: true });
        return true;
      } catch {
        return false;
      }
    },
    staleTime: Infinity,
  });
}

/** POST /email-sync/sandbox/connect: the team's sandbox mailbox at this address (decision 0031), no popup. */
export function useConnectSandbox(teamId: string) {
  const changed = useMailboxChanged(teamId);
  return useMutation({
    mutationFn: (inboxEmail: string) => api.call(emailEndpoints.sandboxConnect, { body: { inboxEmail } }),
    onSuccess: () => changed(),
  });
}

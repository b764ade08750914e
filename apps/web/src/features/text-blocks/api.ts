import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type Contact,
  type CreateTemplateRequest,
  type CreateTextBlockRequest,
  type Locale,
  type UpdateSignatureRequest,
  type UpdateTemplateRequest,
  type UpdateTextBlockRequest,
} from "@relais/shared";
import { contactsEndpoints } from "@relais/shared/endpoints/contacts";
import { textBlocksEndpoints } from "@relais/shared/endpoints/text-blocks";
import { api, isApiError } from "../../api/index.ts";
import { useSession } from "../../app/session/session.tsx";

/** Query keys of quick messages and templates; `all` is a prefix of every one. */
const textBlockKeys = {
  all: ["text-blocks"] as const,
  list: (locale: Locale | null) => ["text-blocks", "list", locale ?? "all"] as const,
  sample: ["text-blocks", "sample-contact"] as const,
  template: (id: string) => ["text-blocks", "template", id] as const,
  tokens: ["text-blocks", "tokens"] as const,
  signature: ["text-blocks", "signature"] as const,
  contact: (phone: string) => ["text-blocks", "contact", phone] as const,
};

function useOrgId(): string {
  return useSession().organization.id;
}

/** The organisation's quick messages of a locale, or all (with a marketing user's own SMS templates). */
export function useTextBlocks(locale: Locale | null, enabled = true) {
  const orgId = useOrgId();
  return useQuery({
    queryKey: textBlockKeys.list(locale),
    queryFn: ({ signal }) =>
      api.call(textBlocksEndpoints.list, { params: { id: orgId }, query: { locale: locale ?? undefined } }, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: textBlockKeys.all });
}

export function useSaveTextBlock() {
  const orgId = useOrgId();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { create: CreateTextBlockRequest } | { id: string; update: UpdateTextBlockRequest }) =>
      "create" in input
        ? api.call(textBlocksEndpoints.create, { params: { id: orgId }, body: input.create })
        : api.call(textBlocksEndpoints.update, { params: { id: orgId, blockId: input.id }, body: input.update }),
    onSuccess: invalidate,
  });
}

export function usePinTextBlock() {
  const orgId = useOrgId();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) =>
      api.call(textBlocksEndpoints.pin, { params: { id: orgId, blockId: id }, body: { pinned } }),
    onSuccess: invalidate,
  });
}

export function useDeleteTextBlock() {
  const orgId = useOrgId();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.call(textBlocksEndpoints.remove, { params: { id: orgId, blockId: id } }),
    onSuccess: invalidate,
  });
}

export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: textBlockKeys.template(id ?? ""),
    queryFn: ({ signal }) => api.call(textBlocksEndpoints.template, { params: { id: id ?? "" } }, { signal }),
    enabled: id !== null,
  });
}

export function useSaveTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { create: CreateTemplateRequest } | { id: string; update: UpdateTemplateRequest }) =>
      "create" in input
        ? api.call(textBlocksEndpoints.createTemplate, { body: input.create })
        : api.call(textBlocksEndpoints.updateTemplate, { params: { id: input.id }, body: input.update }),
    onSuccess: invalidate,
  });
}

/** The dynamic-field tokens offered to the organisation (filtered by the server, spec part 2 §5). */
export function useTokens() {
  return useQuery({
    queryKey: textBlockKeys.tokens,
    queryFn: ({ signal }) => api.call(textBlocksEndpoints.tokens, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signature line appended to the caller's texts (null: none). */
export function useSignature() {
  const orgId = useOrgId();
  return useQuery({
    queryKey: textBlockKeys.signature,
    queryFn: ({ signal }) => api.call(textBlocksEndpoints.signature, { params: { id: orgId } }, { signal }),
    staleTime: 60_000,
  });
}

/** The contact with this number, null when the organisation has none (a 404 is an answer here, not an error). */
export function useContactByPhone(phone: string | null) {
  return useQuery({
    queryKey: textBlockKeys.contact(phone ?? ""),
    queryFn: async ({ signal }): Promise<Contact | null> => {
      try {
        return await api.call(contactsEndpoints.byPhone, { params: { phone: phone ?? "" } }, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    enabled: phone !== null,
    staleTime: 30_000,
    retry: false,
  });
}

/** A contact to fill the editor's preview with: the newest with a first name, else the newest; null without any. */
export function useSampleContact() {
  return useQuery({
    queryKey: textBlockKeys.sample,
    queryFn: async ({ signal }) => {
      const { contacts } = await api.call(contactsEndpoints.list, { query: { sort: "recent", limit: 20 } }, { signal });
      return contacts.find((c) => c.firstname) ?? contacts[0] ?? null;
    },
    staleTime: 60_000,
  });
}

/** The organisation's signature mode (administrators) or the caller's own line; both answer the new settings. */
export function useSaveSignature() {
  const orgId = useOrgId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { organization: UpdateSignatureRequest } | { userLine: string }) =>
      "organization" in input
        ? api.call(textBlocksEndpoints.updateSignature, { params: { id: orgId }, body: input.organization })
        : api.call(textBlocksEndpoints.updateUserSignature, { params: { id: orgId }, body: { text: input.userLine } }),
    onSuccess: (settings) => {
      client.setQueryData(textBlockKeys.signature, settings);
    },
  });
}

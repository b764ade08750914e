import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  contact,
  contactNote,
  contactsPage,
  contactSurvey,
  linkedContact,
  okResponse,
  type Contact,
  type ContactsPage,
  type CreateContactRequest,
  type CreateNoteRequest,
  type LinkContactRequest,
  type UpdateContactRequest,
  type UpdateNoteRequest,
} from "@relais/shared";
import { api } from "../../api/index.ts";

export type ContactSort = "name" | "recent";

/** Query keys of contacts; `all` is a prefix of every one (a contact event invalidates it). */
export const contactKeys = {
  all: ["contacts"] as const,
  lists: ["contacts", "list"] as const,
  list: (sort: ContactSort, search: string) => ["contacts", "list", sort, search] as const,
  one: (id: string) => ["contacts", "one", id] as const,
  links: (id: string) => ["contacts", "links", id] as const,
  notes: (id: string) => ["contacts", "notes", id] as const,
  surveys: (id: string) => ["contacts", "surveys", id] as const,
};

/** Rows per keyset page (the server's maximum is 200). */
const PAGE = 100;

/** The organisation's contacts, page after page; `search` is already 3 characters or more, or "". */
export function useContacts(sort: ContactSort, search: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: contactKeys.list(sort, search),
    queryFn: ({ pageParam, signal }) =>
      api.get("patients", {
        query: { sort, q: search || undefined, cursor: pageParam ?? undefined, limit: PAGE },
        schema: contactsPage,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ContactsPage) => last.nextCursor,
    // While a search is typed, the previous results stay until the new ones come.
    placeholderData: (previous) => previous,
    enabled,
    staleTime: 30_000,
  });
}

export function useContact(id: string | null) {
  return useQuery({
    queryKey: contactKeys.one(id ?? ""),
    queryFn: ({ signal }) => api.get(`patients/${id ?? ""}`, { schema: contact, signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });
}

export function useLinks(id: string) {
  return useQuery({
    queryKey: contactKeys.links(id),
    queryFn: ({ signal }) => api.get(`patients/${id}/contacts`, { schema: linkedContact.array(), signal }),
  });
}

export function useNotes(id: string) {
  return useQuery({
    queryKey: contactKeys.notes(id),
    queryFn: ({ signal }) => api.get(`patients/${id}/notes`, { schema: contactNote.array(), signal }),
  });
}

export function useSurveys(id: string) {
  return useQuery({
    queryKey: contactKeys.surveys(id),
    queryFn: ({ signal }) => api.get(`patients/${id}/surveys`, { schema: contactSurvey.array(), signal }),
  });
}

/* ---------- changes ---------- */

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContactRequest) => api.post("patients", { body, schema: contact }),
    onSuccess: (created) => {
      queryClient.setQueryData(contactKeys.one(created.id), created);
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    },
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContactRequest }) => api.put(`patients/${id}`, { body, schema: contact }),
    onSuccess: (updated) => {
      queryClient.setQueryData(contactKeys.one(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    },
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`patients/${id}`, { schema: okResponse }),
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    },
  });
}

/** Linking and unlinking change both contacts' lists (links are stored both ways). */
export function useLinkContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkContactRequest) => api.post(`patients/${id}/contacts`, { body, schema: linkedContact }),
    onSuccess: (_link, body) => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(id) });
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(body.contactId) });
    },
  });
}

export function useUnlinkContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otherId: string) => api.delete(`patients/${id}/contacts/${otherId}`, { schema: okResponse }),
    onSuccess: (_ok, otherId) => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(id) });
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(otherId) });
    },
  });
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteRequest) => api.post(`patients/${id}/notes`, { body, schema: contactNote }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.notes(id) }),
  });
}

export function useUpdateNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: string; body: UpdateNoteRequest }) =>
      api.put(`patients/${id}/notes/${noteId}`, { body, schema: contactNote }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.notes(id) }),
  });
}

export function useDeleteNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => api.delete(`patients/${id}/notes/${noteId}`, { schema: okResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.notes(id) }),
  });
}

export function useSurveyFollowup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ surveyId, followupDone }: { surveyId: string; followupDone: boolean }) =>
      api.put(`patients/${id}/surveys/${surveyId}`, { body: { followupDone }, schema: contactSurvey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.surveys(id) }),
  });
}

/** Contacts of all loaded pages, in order. */
export function flattenContacts(data: { pages: ContactsPage[] } | undefined): Contact[] {
  return data?.pages.flatMap((p) => p.contacts) ?? [];
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import {
  type Contact,
  type ContactsPage,
  type CreateContactRequest,
  type CreateNoteRequest,
  type LinkContactRequest,
  type UpdateContactRequest,
  type UpdateNoteRequest,
  type updateSurveyRequest,
} from "@relais/shared";
import { contactsEndpoints } from "@relais/shared/endpoints/contacts";
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
      api.call(
        contactsEndpoints.list,
        { query: { sort, q: search || undefined, cursor: pageParam ?? undefined, limit: PAGE } },
        { signal },
      ),
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
    queryFn: ({ signal }) => api.call(contactsEndpoints.get, { params: { id: id ?? "" } }, { signal }),
    enabled: id !== null,
    staleTime: 30_000,
  });
}

export function useLinks(id: string) {
  return useQuery({
    queryKey: contactKeys.links(id),
    queryFn: ({ signal }) => api.call(contactsEndpoints.linked, { params: { id } }, { signal }),
  });
}

export function useNotes(id: string) {
  return useQuery({
    queryKey: contactKeys.notes(id),
    queryFn: ({ signal }) => api.call(contactsEndpoints.notes, { params: { id } }, { signal }),
  });
}

export function useSurveys(id: string) {
  return useQuery({
    queryKey: contactKeys.surveys(id),
    queryFn: ({ signal }) => api.call(contactsEndpoints.surveys, { params: { id } }, { signal }),
  });
}

/* ---------- changes ---------- */

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateContactRequest) => api.call(contactsEndpoints.create, { body }),
    onSuccess: (created) => {
      queryClient.setQueryData(contactKeys.one(created.id), created);
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    },
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateContactRequest }) => api.call(contactsEndpoints.update, { params: { id }, body }),
    onSuccess: (updated) => {
      queryClient.setQueryData(contactKeys.one(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: contactKeys.lists });
    },
  });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(contactsEndpoints.remove, { params: { id } }),
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
    mutationFn: (body: LinkContactRequest) => api.call(contactsEndpoints.link, { params: { id }, body }),
    onSuccess: (_link, body) => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(id) });
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(body.contactId) });
    },
  });
}

export function useUnlinkContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (otherId: string) => api.call(contactsEndpoints.unlink, { params: { id, contactId: otherId } }),
    onSuccess: (_ok, otherId) => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(id) });
      void queryClient.invalidateQueries({ queryKey: contactKeys.links(otherId) });
    },
  });
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteRequest) => api.call(contactsEndpoints.addNote, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.notes(id) }),
  });
}

export function useUpdateNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, body }: { noteId: string; body: UpdateNoteRequest }) =>
      api.call(contactsEndpoints.updateNote, { params: { id, noteId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.notes(id) }),
  });
}

export function useDeleteNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => api.call(contactsEndpoints.removeNote, { params: { id, noteId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.notes(id) }),
  });
}

export function useSurveyFollowup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ surveyId, ...body }: z.input<typeof updateSurveyRequest> & { surveyId: string }) =>
      api.call(contactsEndpoints.updateSurvey, { params: { id, surveyId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.surveys(id) }),
  });
}

/** Contacts of all loaded pages, in order. */
export function flattenContacts(data: { pages: ContactsPage[] } | undefined): Contact[] {
  return data?.pages.flatMap((p) => p.contacts) ?? [];
}

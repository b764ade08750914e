import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { contactSummary } from "@relais/shared";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { rereadQueries } from "../../app/realtime/reread.ts";
import { useRereadOnReady } from "../../app/realtime/use-reread-on-ready.ts";
import { contactKeys } from "./api.ts";
import { patchThreadContacts } from "./thread-contacts.ts";

/**
 * Keeps contacts in step with the real-time events, on every shell screen: the contacts screen
 * reads what changed again, and the conversations show the new name at once.
 */
export function ContactsLiveSync() {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useRereadOnReady(contactKeys.all);

  useEffect(
    () =>
      subscribe((event) => {
        switch (event.type) {
          case "contact.created":
          case "contact.updated": {
            const parsed = contactSummary.safeParse(event.payload);
            if (parsed.success) {
              patchThreadContacts(queryClient, { kind: "saved", contact: parsed.data });
            }
            void rereadQueries(queryClient, { queryKey: contactKeys.all });
            break;
          }
          case "contact.removed": {
            const id = typeof event.payload.id === "string" ? event.payload.id : null;
            if (id) {
              patchThreadContacts(queryClient, { kind: "removed", id });
            }
            void rereadQueries(queryClient, { queryKey: contactKeys.all });
            break;
          }
          default:
            break;
        }
      }),
    [subscribe, queryClient],
  );

  return null;
}

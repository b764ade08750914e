import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { rereadQueries } from "../../app/realtime/reread.ts";
import { isEvent } from "../../app/realtime/typed-events.ts";
import { useRereadOnReady } from "../../app/realtime/use-reread-on-ready.ts";
import { contactKeys } from "./api.ts";
import { patchThreadContacts } from "./thread-contacts.ts";

/**
 * Keeps contacts in step with their real-time events (contact.*), on every shell screen: the
 * contacts screen reads what changed again, and the conversations show the new name at once.
 */
export function ContactsLiveSync() {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useRereadOnReady(contactKeys.all);

  useEffect(
    () =>
      subscribe((event) => {
        if (isEvent(event, "contact.created") || isEvent(event, "contact.updated")) {
          patchThreadContacts(queryClient, { kind: "saved", contact: event.payload });
        } else if (isEvent(event, "contact.removed")) {
          patchThreadContacts(queryClient, { kind: "removed", id: event.payload.id });
        } else if (event.type !== "contact.created" && event.type !== "contact.updated" && event.type !== "contact.removed") {
          return;
        }
        // Read again in any case (and only that, for a payload this version cannot read).
        void rereadQueries(queryClient, { queryKey: contactKeys.all });
      }),
    [subscribe, queryClient],
  );

  return null;
}

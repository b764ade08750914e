import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

interface PendingNotifications {
  /** Something new waits in Conversations: the drawer shows a red dot on its item. */
  pending: boolean;
  setPending: (pending: boolean) => void;
}

const PendingContext = createContext<PendingNotifications>({ pending: false, setPending: () => undefined });

/** Holds the red-dot flag of the Conversations item; the conversations feature will drive it. */
export function PendingNotificationsProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(false);
  const value = useMemo(() => ({ pending, setPending }), [pending]);
  return <PendingContext.Provider value={value}>{children}</PendingContext.Provider>;
}

export function usePendingNotifications(): PendingNotifications {
  return useContext(PendingContext);
}

import { Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { emailEndpoints } from "@relais/shared/endpoints/email";
import { api } from "../../api/index.ts";
import { useSession } from "../../app/session/session.tsx";
import { lazyPart } from "../../app/lazy/lazy-screen.tsx";

const ReconnectDialog = lazyPart("email-reconnect-dialog", () => import("./reconnect-dialog.tsx").then((m) => m.ReconnectDialog));

/** The address whose reconnect dialog this person has seen (spec part 2 §4: once per email), in this browser. */
const askedKey = (userId: string, email: string) => `relais.email-reconnect.${userId}.${email}`;

function alreadyAsked(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * Spec part 2 §4: when the current team has a provider but its mailbox is not valid (a refresh
 * answered invalid_grant, a login refused), the reconnect dialog opens once per email. The shell
 * loads this only for a team with a provider (one GET on sign-in); the dialog loads on demand.
 */
export function EmailReconnectGate() {
  const session = useSession();
  const team = session.userGroup;
  const { pathname, search } = useLocation();
  const [closed, setClosed] = useState<string | null>(null);
  const mailbox = useQuery({
    queryKey: ["email", "mailbox", team?.id ?? ""],
    queryFn: ({ signal }) => api.call(emailEndpoints.mailbox, {}, { signal }),
    enabled: Boolean(team?.emailProvider),
  });
  const status = mailbox.data;
  if (!status?.connected || status.valid || !status.email || !status.provider) {
    return null;
  }
  const key = askedKey(session.profile.id, status.email);
  // Already on the email settings, the page itself says what to do.
  const onEmailSettings = pathname === "/configuration" && new URLSearchParams(search).get("configTab") === "2";
  if (closed === key || onEmailSettings || alreadyAsked(key)) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <ReconnectDialog status={status} askedKey={key} onClose={() => setClosed(key)} />
    </Suspense>
  );
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import {
  resolveLocale,
  type Locale,
  type LoginResponse,
  type Organization,
  type Profile,
  type SessionAbilities,
  type SessionResponse,
  type Team,
} from "@relais/shared";
import { authEndpoints } from "@relais/shared/endpoints/auth";
import { api } from "../../api/index.ts";
import { announceSignOut, onSignOutElsewhere } from "./session-channel.ts";
import { useIdleTimeout } from "./use-idle-timeout.ts";

/** The signed-in session of spec part 1 §3: token, profile, current team and organisation. */
export interface Session {
  jwt: string;
  expires: number;
  profile: Profile;
  userGroup: Team | null;
  organization: Organization;
  /** What the server lets this person do across the organisation; read through usePolicy(). */
  abilities: SessionAbilities;
}

export type SessionState =
  | { status: "loading" }
  /** `ended`: why the last session ended, so every redirect to /login carries the same marker. */
  | { status: "anonymous"; ended?: SignOutReason }
  | { status: "authenticated"; session: Session };

/** `elsewhere`: the person signed out in another tab of this browser. */
export type SignOutReason = "user" | "expired" | "elsewhere";

/** The login page's address after a session ended for `reason`: it says why (spec part 1 §4). */
export function loginPathAfter(reason: SignOutReason | undefined): string {
  if (reason === "expired") return "/login?expired=1";
  if (reason === "elsewhere") return "/login?signed-out=1";
  return "/login";
}

interface SessionContextValue {
  state: SessionState;
  /** A newer sign-in elsewhere replaced this session: the forced-disconnect dialog is due. */
  disconnected: boolean;
  /** The locale a signed-out person last chose or had (login language link, last profile). */
  preferredLocale: Locale | null;
  setPreferredLocale: (locale: Locale | null) => void;
  signIn: (answer: LoginResponse) => void;
  signOut: (reason?: SignOutReason) => Promise<void>;
  updateProfile: (profile: Profile) => void;
  /**
   * Reads the session again from the server (profile, role, abilities, team, organisation): after
   * a change to one's own account that the server decides on, such as one's role.
   */
  reloadSession: () => Promise<void>;
  setUserGroup: (team: Team | null) => void;
  setOrganization: (organization: Organization) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Start-up, run once per page load (StrictMode runs effects twice): the refresh cookie may hold a
 * session, so try a refresh, then read the profile. No session → anonymous.
 */
let bootstrap: Promise<{ token: { jwt: string; expires: number }; session: SessionResponse } | null> | null = null;

function loadSession() {
  bootstrap ??= (async () => {
    const refreshed = await api.refresh();
    const token = api.getToken();
    if (!refreshed || !token) {
      return null;
    }
    try {
      const session = await api.call(authEndpoints.session, {}, { noRefresh: true });
      return { token, session };
    } catch {
      api.setToken(null);
      return null;
    }
  })();
  return bootstrap;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: "loading" });
  const [disconnected, setDisconnected] = useState(false);
  const [preferredLocale, setPreferredLocale] = useState<Locale | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  useEffect(() => {
    let cancelled = false;
    void loadSession().then((result) => {
      if (cancelled) {
        return;
      }
      if (!result) {
        setState({ status: "anonymous" });
        return;
      }
      const { user, userGroup, organization, abilities } = result.session;
      setState({
        status: "authenticated",
        session: { jwt: result.token.jwt, expires: result.token.expires, profile: user, userGroup, organization, abilities },
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  const endSession = useCallback(
    (reason: SignOutReason) => {
      const current = stateRef.current;
      if (current.status === "authenticated") {
        setPreferredLocale(resolveLocale(current.session.profile.locale));
      }
      api.setToken(null);
      setState({ status: "anonymous", ended: reason });
      queryClient.clear();
      void navigate(loginPathAfter(reason), { replace: true });
    },
    [navigate, queryClient],
  );

  // Signed out in another tab: this one says so, rather than "expired" at its next call.
  useEffect(
    () =>
      onSignOutElsewhere(() => {
        if (stateRef.current.status === "authenticated") {
          endSession("elsewhere");
        }
      }),
    [endSession],
  );

  // Session events raised by the API client: a refreshed token, an expired or replaced session.
  useEffect(
    () =>
      api.subscribe((event) => {
        switch (event.type) {
          case "token": {
            const token = event.token;
            if (token) {
              setState((prev) =>
                prev.status === "authenticated"
                  ? { status: "authenticated", session: { ...prev.session, jwt: token.jwt, expires: token.expires } }
                  : prev,
              );
            }
            break;
          }
          case "expired":
            if (stateRef.current.status === "authenticated") {
              endSession("expired");
            }
            break;
          case "disconnected":
            setDisconnected(true);
            break;
        }
      }),
    [endSession],
  );

  const signIn = useCallback((answer: LoginResponse) => {
    api.setToken({ jwt: answer.jwt, expires: answer.expires });
    setDisconnected(false);
    setState({
      status: "authenticated",
      session: {
        jwt: answer.jwt,
        expires: answer.expires,
        profile: answer.user,
        userGroup: answer.userGroup,
        organization: answer.organization,
        abilities: answer.abilities,
      },
    });
  }, []);

  const signOut = useCallback(
    async (reason: SignOutReason = "user") => {
      if (reason === "user") {
        announceSignOut();
      }
      try {
        // A failed logout still lands on the login screen (spec part 1 §4).
        await api.call(authEndpoints.logout, { body: {} });
      } catch {
        // The cookie is cleared by the server when it answers; nothing else to do here.
      }
      endSession(reason);
    },
    [endSession],
  );

  const patchSession = useCallback((patch: (session: Session) => Session) => {
    setState((prev) => (prev.status === "authenticated" ? { status: "authenticated", session: patch(prev.session) } : prev));
  }, []);

  const updateProfile = useCallback(
    (profile: Profile) => {
      patchSession((s) => ({ ...s, profile }));
    },
    [patchSession],
  );
  const reloadSession = useCallback(async () => {
    const { user, userGroup, organization, abilities } = await api.call(authEndpoints.session);
    patchSession((s) => ({ ...s, profile: user, userGroup, organization, abilities }));
  }, [patchSession]);
  const setUserGroup = useCallback(
    (userGroup: Team | null) => {
      patchSession((s) => ({ ...s, userGroup }));
    },
    [patchSession],
  );
  const setOrganization = useCallback(
    (organization: Organization) => {
      patchSession((s) => ({ ...s, organization }));
    },
    [patchSession],
  );

  const onIdle = useCallback(() => {
    void signOut("expired");
  }, [signOut]);
  useIdleTimeout(state.status === "authenticated", onIdle);

  const value = useMemo<SessionContextValue>(
    () => ({
      state,
      disconnected,
      preferredLocale,
      setPreferredLocale,
      signIn,
      signOut,
      updateProfile,
      reloadSession,
      setUserGroup,
      setOrganization,
    }),
    [state, disconnected, preferredLocale, signIn, signOut, updateProfile, reloadSession, setUserGroup, setOrganization],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error("useSessionContext outside SessionProvider");
  }
  return value;
}

/**
 * What the signed-in person may do across the organisation, as the server decided it (roles and
 * plan): screens show or hide their actions from it and never recompute a role rule.
 */
export function usePolicy(): SessionAbilities {
  return useSession().abilities;
}

/** The signed-in session; only for screens behind the auth gate. */
export function useSession(): Session {
  const { state } = useSessionContext();
  if (state.status !== "authenticated") {
    throw new Error("useSession without a session");
  }
  return state.session;
}

import type { ReactNode } from "react";
import { Box } from "@mantine/core";
import { Navigate, Outlet } from "react-router";
import { FullPageLoader } from "../ui/loaders.tsx";
import { loginPathAfter, useSessionContext } from "./session/session.tsx";
import { HOME_PATH, LOGIN_PATH } from "./paths.ts";
import type { RouteFlags } from "./routes.tsx";

/** Screens without session, nav or menu (login, password pages, public links). */
export function PublicLayout() {
  return (
    <Box h="100%" style={{ overflow: "auto" }}>
      <Outlet />
    </Box>
  );
}

/** Auth routes: wait for the start-up session check, then require a session. */
export function RequireAuth() {
  const { state } = useSessionContext();
  if (state.status === "loading") {
    return <FullPageLoader />;
  }
  if (state.status === "anonymous") {
    return <Navigate to={loginPathAfter(state.ended)} replace />;
  }
  return <Outlet />;
}

/** Signed-in screens shown without the drawer and the top bar (consultations, content editor). */
export function BareLayout() {
  return (
    <Box h="100%" style={{ overflow: "auto" }}>
      <Outlet />
    </Box>
  );
}

/**
 * Narrower access than "signed in": /devops for devops only (spec part 1 §6), release notes
 * hidden for France-region organisations.
 */
export function RouteGate({ only, children }: { only: NonNullable<RouteFlags["only"]>; children: ReactNode }) {
  const { state } = useSessionContext();
  if (state.status !== "authenticated") {
    return <Navigate to={LOGIN_PATH} replace />;
  }
  const { abilities, organization } = state.session;
  const allowed = only === "devops" ? abilities.maintenance : !organization.franceRegion;
  return allowed ? children : <Navigate to={HOME_PATH} replace />;
}

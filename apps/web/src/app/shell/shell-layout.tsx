import { Suspense, useEffect } from "react";
import { Outlet, matchRoutes, useLocation } from "react-router";
import { ROUTES } from "../routes.tsx";
import { preloadPhoneNumbers } from "../lazy/phone-numbers.ts";
import { NavDrawer } from "./nav-drawer.tsx";
import { HeaderBar } from "./header-bar.tsx";
import { ConversationsLiveSync } from "../../features/messaging/live-sync.tsx";
import { ContactsLiveSync } from "../../features/contacts/live-sync.tsx";
import { AgendaLiveSync } from "../../features/agenda/live-sync.tsx";
import { SurveysLiveSync } from "../../features/surveys/live-sync.tsx";
import { SessionLiveSync } from "../session/live-sync.tsx";
import { CallsMount } from "../../features/calls/calls-mount.tsx";
import { lazyPart } from "../lazy/lazy-screen.tsx";
import { useSessionContext } from "../session/session.tsx";
import classes from "./shell.module.css";

/** The reconnect dialog's watch (spec part 2 §4), fetched only for a team that has a mailbox. */
const EmailReconnectGate = lazyPart("email-reconnect", () =>
  import("../../features/email/reconnect-gate.tsx").then((m) => m.EmailReconnectGate),
);

function EmailReconnect() {
  const { state } = useSessionContext();
  const team = state.status === "authenticated" ? state.session.userGroup : null;
  return team?.emailProvider ? (
    <Suspense fallback={null}>
      <EmailReconnectGate />
    </Suspense>
  ) : null;
}

/** The routes whose screen has the top bar (spec part 1 §2), matched as the router matches them. */
const MENU_ROUTES = ROUTES.filter((r) => r.menu).map((r) => ({ path: r.path }));

/** Signed-in screens with the drawer (nav) and, when the route says so, the top bar (menu). */
export function ShellLayout() {
  const menu = matchRoutes(MENU_ROUTES, useLocation()) !== null;
  // Numbers typed in a dialog of any signed-in screen are checked with libphonenumber: fetch it once idle.
  useEffect(preloadPhoneNumbers, []);
  return (
    <div className={classes.shell}>
      <ConversationsLiveSync />
      <ContactsLiveSync />
      <AgendaLiveSync />
      <SurveysLiveSync />
      <SessionLiveSync />
      <EmailReconnect />
      <CallsMount />
      <NavDrawer />
      <div className={classes.main}>
        {menu ? <HeaderBar /> : null}
        <main className={classes.scroll}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

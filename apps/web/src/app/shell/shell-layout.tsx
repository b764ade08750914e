import { useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { preloadPhoneNumbers } from "../lazy/phone-numbers.ts";
import { NavDrawer } from "./nav-drawer.tsx";
import { HeaderBar } from "./header-bar.tsx";
import { ConversationsLiveSync } from "../../features/conversations/live-sync.tsx";
import { ContactsLiveSync } from "../../features/contacts/live-sync.tsx";
import { AgendaLiveSync } from "../../features/agenda/live-sync.tsx";
import { SurveysLiveSync } from "../../features/surveys/live-sync.tsx";
import { SessionLiveSync } from "../session/live-sync.tsx";
import { CallsMount } from "../../features/calls/calls-mount.tsx";
import classes from "./shell.module.css";

function showsMenu(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "menu" in handle && handle.menu === true;
}

/** Signed-in screens with the drawer (nav) and, when the route says so, the top bar (menu). */
export function ShellLayout() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const menu = showsMenu(last?.handle);
  // Numbers typed in a dialog of any signed-in screen are checked with libphonenumber: fetch it once idle.
  useEffect(preloadPhoneNumbers, []);
  return (
    <div className={classes.shell}>
      <ConversationsLiveSync />
      <ContactsLiveSync />
      <AgendaLiveSync />
      <SurveysLiveSync />
      <SessionLiveSync />
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

import { Suspense } from "react";
import { Outlet } from "react-router";
import { SessionProvider } from "./session/session.tsx";
import { I18nProvider } from "./i18n/i18n-provider.tsx";
import { AlertsProvider } from "./alerts/alerts.tsx";
import { ScreenSizeGuard } from "./screen-size-guard.tsx";
import { PendingNotificationsProvider } from "./shell/pending-notifications.tsx";
import { useSessionContext } from "./session/session.tsx";
import { lazyPart } from "./lazy/lazy-screen.tsx";
import { RealtimeProvider } from "./realtime/realtime.tsx";
import { MaintenanceBanner, MaintenanceOverlay } from "../features/status/maintenance-display.tsx";
import classes from "./root.module.css";

/** Mantine's Modal and what it needs are not part of the sign-in page's download: loaded when due. */
const DisconnectedDialog = lazyPart("disconnected-dialog", () =>
  import("./shell/disconnected-dialog.tsx").then((m) => m.DisconnectedDialog),
);

function ForcedDisconnect() {
  const { disconnected } = useSessionContext();
  return disconnected ? (
    <Suspense fallback={null}>
      <DisconnectedDialog />
    </Suspense>
  ) : null;
}

/**
 * Everything every page shares: session, language, alerts, the desktop-only guard, the
 * maintenance banner and overlay, and the forced-disconnect dialog.
 */
export function Root() {
  return (
    <SessionProvider>
      <I18nProvider>
        <AlertsProvider>
          <ScreenSizeGuard>
            <PendingNotificationsProvider>
              <RealtimeProvider>
                <div className={classes.page}>
                  <MaintenanceBanner />
                  <div className={classes.content}>
                    <Outlet />
                  </div>
                </div>
                <MaintenanceOverlay />
                <ForcedDisconnect />
              </RealtimeProvider>
            </PendingNotificationsProvider>
          </ScreenSizeGuard>
        </AlertsProvider>
      </I18nProvider>
    </SessionProvider>
  );
}

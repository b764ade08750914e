import { Outlet } from "react-router";
import { SessionProvider } from "./session/session.tsx";
import { I18nProvider } from "./i18n/i18n-provider.tsx";
import { AlertsProvider } from "./alerts/alerts.tsx";
import { ScreenSizeGuard } from "./screen-size-guard.tsx";
import { PendingNotificationsProvider } from "./shell/pending-notifications.tsx";
import { DisconnectedDialog } from "./shell/disconnected-dialog.tsx";
import { RealtimeProvider } from "./realtime/realtime.tsx";
import { MaintenanceBanner, MaintenanceOverlay } from "../features/maintenance/maintenance-display.tsx";
import classes from "./root.module.css";

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
                <DisconnectedDialog />
              </RealtimeProvider>
            </PendingNotificationsProvider>
          </ScreenSizeGuard>
        </AlertsProvider>
      </I18nProvider>
    </SessionProvider>
  );
}

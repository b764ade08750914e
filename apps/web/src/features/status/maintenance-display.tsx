import { useState } from "react";
import { Box, Button, Group, Overlay, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTool } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useLocation } from "react-router";
import { type Locale, type MaintenanceStatus } from "@relais/shared";
import { useSessionContext } from "../../app/session/session.tsx";
import { useUiLocale } from "../../app/i18n/i18n-provider.tsx";
import { useMaintenanceStatus } from "./api.ts";
import { formatDateTime } from "../../ui/dates.ts";
import classes from "./maintenance.module.css";

/** Banner text in the interface language, the other language if that one is empty. */
function bannerTextOf(status: MaintenanceStatus, locale: Locale): string {
  const other: Locale = locale === "fr-CA" ? "en-CA" : "fr-CA";
  return status.bannerText[locale].trim() || status.bannerText[other].trim();
}

function WindowLine({ status }: { status: MaintenanceStatus }) {
  const intl = useIntl();
  const { state } = useSessionContext();
  // The office's clock once signed in; before, the browser's own.
  const timeZone =
    state.status === "authenticated" ? state.session.organization.timezone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!status.nextWindow) {
    return null;
  }
  const when = formatDateTime(intl, status.nextWindow, timeZone);
  return (
    <span>
      {status.durationMinutes ? (
        <FormattedMessage id="maintenance.window-duration" values={{ when, minutes: status.durationMinutes }} />
      ) : (
        <FormattedMessage id="maintenance.window" values={{ when }} />
      )}
    </span>
  );
}

/** The thin banner above every page (also used as the devops preview). */
export function MaintenanceBannerView({
  status,
  locale,
  preview = false,
}: {
  status: MaintenanceStatus;
  locale: Locale;
  preview?: boolean;
}) {
  const text = bannerTextOf(status, locale);
  return (
    <Box
      className={classes.banner}
      role={preview ? undefined : "status"}
      data-testid={preview ? "maintenance-banner-preview" : "maintenance-banner"}
    >
      <IconTool size={18} aria-hidden />
      <Text size="sm" fw={500}>
        {text || <FormattedMessage id="maintenance.default-text" />} <WindowLine status={status} />
      </Text>
    </Box>
  );
}

/** The card of the full-page overlay (also used as the devops preview). */
export function MaintenanceOverlayCard({
  status,
  locale,
  onDismiss,
}: {
  status: MaintenanceStatus;
  locale: Locale;
  onDismiss?: () => void;
}) {
  const text = bannerTextOf(status, locale);
  return (
    <Paper shadow="xl" p="xl" radius="lg" w={520} maw="100%">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange">
          <IconTool size={34} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {status.status === "operational" ? (
            <FormattedMessage id="maintenance.overlay-label" />
          ) : (
            <FormattedMessage id={`maintenance.status.${status.status}`} />
          )}
        </Title>
        <Text>{text || <FormattedMessage id="maintenance.default-text" />}</Text>
        <Text size="sm" c="dimmed">
          <WindowLine status={status} />
        </Text>
        {status.dismissable ? (
          <Button variant="light" onClick={onDismiss} disabled={!onDismiss}>
            <FormattedMessage id="maintenance.dismiss" />
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function MaintenanceBanner() {
  const { data } = useMaintenanceStatus();
  const locale = useUiLocale();
  if (!data?.enabled || !data.banner) {
    return null;
  }
  return <MaintenanceBannerView status={data} locale={locale} />;
}

/**
 * Never blocks the people who turn it off: devops users (they see the banner only), and the
 * sign-in page opened as /login?maintenance=bypass so they can sign in at all.
 */
function isOperatorPath(pathname: string, search: string): boolean {
  return pathname === "/login" && new URLSearchParams(search).get("maintenance") === "bypass";
}

/** Full-page overlay when maintenance is on with `overlay`; closable only when `dismissable`. */
export function MaintenanceOverlay() {
  const { data } = useMaintenanceStatus();
  const location = useLocation();
  const { state } = useSessionContext();
  const locale = useUiLocale();
  const intl = useIntl();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const operator =
    (state.status === "authenticated" && state.session.abilities.maintenance) || isOperatorPath(location.pathname, location.search);
  if (!data?.enabled || !data.overlay || operator) {
    return null;
  }
  // A new status (other text, window or flags) shows the overlay again.
  const signature = JSON.stringify(data);
  if (data.dismissable && dismissedFor === signature) {
    return null;
  }
  return (
    <Box
      className={classes.overlayRoot}
      role="dialog"
      aria-modal="true"
      aria-label={intl.formatMessage({ id: "maintenance.overlay-label" })}
    >
      <Overlay color="#0b2a30" backgroundOpacity={0.72} blur={3} fixed zIndex={300} />
      <Group className={classes.overlayCard} justify="center">
        <MaintenanceOverlayCard
          status={data}
          locale={locale}
          onDismiss={() => {
            setDismissedFor(signature);
          }}
        />
      </Group>
    </Box>
  );
}

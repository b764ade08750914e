import { Suspense, type ReactNode } from "react";
import { Avatar, Box, Group, Text, TextInput } from "@mantine/core";
import { IconBuildingHospital, IconSelector, IconUsersGroup } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import { resolveLocale } from "@relais/shared";
import { useSession } from "../session/session.tsx";
import { initialsOf } from "../../ui/initials.ts";
import { useRealtime } from "../realtime/realtime.tsx";
import type { RealtimeState } from "../realtime/realtime-client.ts";
import { ReadyForCallsSlot } from "../../features/calls/calls-mount.tsx";
import { lazyPart } from "../lazy/lazy-screen.tsx";
import { StatusDot } from "./status-dot.tsx";
import classes from "./shell.module.css";

const loadControls = () => import("./shell-controls.tsx");
const TeamSelect = lazyPart("shell-controls", () => loadControls().then((m) => m.TeamSelect));
const StatusSelect = lazyPart("shell-controls", () => loadControls().then((m) => m.StatusSelect));
const LabelTooltip = lazyPart("shell-controls", () => loadControls().then((m) => m.LabelTooltip));

const REALTIME_COLORS: Record<RealtimeState, string> = {
  disconnected: "var(--mantine-color-gray-4)",
  disconnecting: "var(--mantine-color-gray-4)",
  connecting: "var(--mantine-color-yellow-5)",
  connected: "var(--mantine-color-teal-6)",
  reconnecting: "var(--mantine-color-orange-5)",
  polling: "var(--mantine-color-yellow-6)",
  "connection-failed": "var(--mantine-color-red-6)",
};

/** The real-time connection's state, unobtrusive: a small dot whose tooltip says it. */
function RealtimeIndicator() {
  const { state } = useRealtime();
  const intl = useIntl();
  const label = intl.formatMessage({ id: `realtime.${state}` });
  const dot = (
    <Box
      component="span"
      role="status"
      tabIndex={0}
      aria-label={label}
      data-realtime={state}
      w={8}
      h={8}
      style={{ borderRadius: "50%", background: REALTIME_COLORS[state], display: "inline-block", flex: "none" }}
    />
  );
  return (
    <Suspense fallback={dot}>
      <LabelTooltip label={label}>{dot}</LabelTooltip>
    </Suspense>
  );
}

/**
 * A header list as it looks closed, shown the moment before its code arrives (shell-controls.tsx):
 * same size, same value, nothing to open yet.
 */
function ClosedSelect({ label, value, width, leftSection }: { label: string; value: string; width: number; leftSection: ReactNode }) {
  return (
    <TextInput
      aria-label={label}
      value={value}
      readOnly
      tabIndex={-1}
      w={width}
      size="sm"
      leftSection={leftSection}
      rightSection={<IconSelector size={16} color="var(--mantine-color-gray-6)" />}
      rightSectionPointerEvents="none"
    />
  );
}

/** Top bar: organisation, current team (switchable), the person and their status. */
export function HeaderBar() {
  const session = useSession();
  const intl = useIntl();
  const { profile, organization, userGroup } = session;
  const locale = resolveLocale(profile.locale);

  return (
    <header className={classes.header}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <IconBuildingHospital size={22} color="var(--mantine-color-relais-7)" aria-hidden />
        <Text fw={650} size="md" truncate="end" data-testid="organization-name">
          {organization.name[locale] || organization.name["fr-CA"]}
        </Text>
      </Group>

      <Group gap="md" wrap="nowrap">
        <RealtimeIndicator />
        <ReadyForCallsSlot />
        <Suspense
          fallback={
            <ClosedSelect
              label={intl.formatMessage({ id: "header.team" })}
              value={userGroup?.label ?? intl.formatMessage({ id: "header.no-team" })}
              width={230}
              leftSection={<IconUsersGroup size={16} />}
            />
          }
        >
          <TeamSelect />
        </Suspense>
        <Suspense
          fallback={
            <ClosedSelect
              label={intl.formatMessage({ id: "header.status" })}
              value={intl.formatMessage({ id: `user-status.${profile.status}` })}
              width={160}
              leftSection={<StatusDot status={profile.status} />}
            />
          }
        >
          <StatusSelect />
        </Suspense>
        <Group gap="xs" wrap="nowrap">
          <Avatar color="relais" radius="xl" size={34} aria-hidden>
            {initialsOf(profile.name)}
          </Avatar>
          <Box miw={0}>
            <Text size="sm" fw={600} lh={1.2} truncate="end" maw={180}>
              {profile.name}
            </Text>
            <Text size="xs" c="dimmed" lh={1.2}>
              {intl.formatMessage({ id: `role.${profile.role}` })}
            </Text>
          </Box>
        </Group>
      </Group>
    </header>
  );
}

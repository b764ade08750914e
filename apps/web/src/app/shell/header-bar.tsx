import { Avatar, Box, Group, Select, Text, Tooltip } from "@mantine/core";
import { IconBuildingHospital, IconUsersGroup } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import { USER_STATUSES, resolveLocale, type UserStatus } from "@relais/shared";
import { useSession } from "../session/session.tsx";
import { useAlerts } from "../alerts/alerts.tsx";
import { useMyTeams } from "../../features/teams/api.ts";
import { useSwitchTeam, useUpdateStatus } from "../../features/users/api.ts";
import { initialsOf } from "../../ui/initials.ts";
import { useRealtime } from "../realtime/realtime.tsx";
import type { RealtimeState } from "../realtime/realtime-client.ts";
import { ReadyForCallsSlot } from "../../features/calls/calls-mount.tsx";
import classes from "./shell.module.css";

const STATUS_COLORS: Record<UserStatus, string> = {
  online: "var(--mantine-color-teal-6)",
  busy: "var(--mantine-color-orange-6)",
  offline: "var(--mantine-color-gray-5)",
};

function StatusDot({ status }: { status: UserStatus }) {
  return (
    <Box
      component="span"
      w={10}
      h={10}
      style={{ borderRadius: "50%", background: STATUS_COLORS[status], display: "inline-block", flex: "none" }}
      aria-hidden
    />
  );
}

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
  return (
    <Tooltip label={label} withArrow>
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
    </Tooltip>
  );
}

function isUserStatus(value: string | null): value is UserStatus {
  return value !== null && (USER_STATUSES as readonly string[]).includes(value);
}

/** Top bar: organisation, current team (switchable), the person and their status. */
export function HeaderBar() {
  const session = useSession();
  const intl = useIntl();
  const alerts = useAlerts();
  const teams = useMyTeams();
  const switchTeam = useSwitchTeam();
  const updateStatus = useUpdateStatus();
  const { profile, organization, userGroup } = session;
  const locale = resolveLocale(profile.locale);

  const teamOptions = (teams.data ?? (userGroup ? [userGroup] : [])).map((t) => ({ value: t.id, label: t.label }));
  const statusOptions = USER_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: `user-status.${s}` }) }));

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
        <Select
          aria-label={intl.formatMessage({ id: "header.team" })}
          leftSection={<IconUsersGroup size={16} />}
          data={teamOptions}
          value={userGroup?.id ?? null}
          placeholder={intl.formatMessage({ id: "header.no-team" })}
          allowDeselect={false}
          disabled={switchTeam.isPending || teamOptions.length === 0}
          w={230}
          size="sm"
          comboboxProps={{ withinPortal: true }}
          onChange={(value) => {
            if (value && value !== userGroup?.id) {
              switchTeam.mutate(value, {
                onError: (error) => alerts.error("error.change-group", error),
              });
            }
          }}
        />
        <Select
          aria-label={intl.formatMessage({ id: "header.status" })}
          data={statusOptions}
          value={profile.status}
          allowDeselect={false}
          disabled={updateStatus.isPending}
          w={160}
          size="sm"
          leftSection={<StatusDot status={profile.status} />}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              {isUserStatus(option.value) ? <StatusDot status={option.value} /> : null}
              <span>{option.label}</span>
            </Group>
          )}
          onChange={(value) => {
            if (isUserStatus(value) && value !== profile.status) {
              updateStatus.mutate(value, {
                onError: (error) => alerts.error("error.update-status", error),
              });
            }
          }}
        />
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

import type { ReactElement, ReactNode } from "react";
import { Group, Menu, Select, Tooltip } from "@mantine/core";
import { IconBook2, IconBug, IconHeadset, IconUsersGroup } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { USER_STATUSES } from "@relais/shared";
import { useSession } from "../session/session.tsx";
import { useAlerts } from "../alerts/alerts.tsx";
import { useMyTeams } from "../../features/teams/api.ts";
import { useSwitchTeam, useUpdateStatus } from "../../features/users/api.ts";
import { StatusDot, isUserStatus } from "./status-dot.tsx";

/*
 * The shell's controls that open something floating (a list, a menu, a tooltip). They and the
 * floating layer under them (Popover, Combobox, floating-ui: some 40 KB gzip) are fetched as the
 * shell shows, not before it (decision 0051); until then header-bar.tsx and nav-drawer.tsx show
 * each one's closed look.
 */

/** The team the person works in, switchable among their teams (spec part 1 §2). */
export function TeamSelect() {
  const session = useSession();
  const intl = useIntl();
  const alerts = useAlerts();
  const teams = useMyTeams();
  const switchTeam = useSwitchTeam();
  const { userGroup } = session;
  const teamOptions = (teams.data ?? (userGroup ? [userGroup] : [])).map((t) => ({ value: t.id, label: t.label }));
  return (
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
  );
}

/** The person's availability: online, busy, offline. */
export function StatusSelect() {
  const { profile } = useSession();
  const intl = useIntl();
  const alerts = useAlerts();
  const updateStatus = useUpdateStatus();
  const statusOptions = USER_STATUSES.map((s) => ({ value: s, label: intl.formatMessage({ id: `user-status.${s}` }) }));
  return (
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
  );
}

/** A tooltip over an element that already says the same to assistive technology. */
export function LabelTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip label={label} withArrow>
      {children}
    </Tooltip>
  );
}

interface HelpMenuProps {
  /** The drawer's help button, which opens the menu. */
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onHelpCenter: () => void;
  onReportProblem: () => void;
  onTalkToSupport: () => void;
}

/** The drawer's help menu: the help centre, report a problem, talk to support. */
export function HelpMenu({ target, opened, onChange, onHelpCenter, onReportProblem, onTalkToSupport }: HelpMenuProps) {
  const item = (icon: ReactNode, id: "nav.help-center" | "nav.report-problem" | "nav.talk-support", onClick: () => void) => (
    <Menu.Item leftSection={icon} onClick={onClick}>
      <FormattedMessage id={id} />
    </Menu.Item>
  );
  return (
    <Menu position="right-end" offset={14} width={250} opened={opened} onChange={onChange} withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {item(<IconBook2 size={16} />, "nav.help-center", onHelpCenter)}
        {item(<IconBug size={16} />, "nav.report-problem", onReportProblem)}
        {item(<IconHeadset size={16} />, "nav.talk-support", onTalkToSupport)}
      </Menu.Dropdown>
    </Menu>
  );
}

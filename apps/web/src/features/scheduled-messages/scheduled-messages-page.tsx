import { useState } from "react";
import { ActionIcon, Badge, Group, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { IconCalendarTime, IconPencil } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, type ScheduledMessage } from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageContainer, PageHeader, Section } from "../../ui/page.tsx";
import { useTeamScheduled } from "./api.ts";
import { CancelScheduledButton } from "./cancel-scheduled-button.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { STATUS_COLOR } from "./status.ts";
import { ScheduledWhen } from "./scheduled-when.tsx";

/**
 * The team's scheduled messages (issue 5, spec part 2 §3): upcoming ones first with edit and
 * cancel, then those gone. Dates and times are the organisation's wall clock, as entered.
 */
export function ScheduledMessagesPage() {
  const session = useSession();
  const list = useTeamScheduled(session.userGroup?.id ?? null);
  const [editing, setEditing] = useState<ScheduledMessage | null>(null);
  const items = list.data ?? [];
  const upcoming = items.filter((s) => s.status === "scheduled");
  // The most recent first: the past list grows at its top.
  const past = items.filter((s) => s.status !== "scheduled").reverse();

  const body = (rows: ScheduledMessage[], empty: "scheduled.empty-upcoming" | "scheduled.empty-past") => {
    if (list.isPending) {
      return <Skeleton height={52} />;
    }
    if (list.isError) {
      return <EmptyState size="sm" icon={<IconCalendarTime />} title={<FormattedMessage id="scheduled.load-failed" />} />;
    }
    if (rows.length === 0) {
      return (
        <Text c="dimmed" size="sm">
          <FormattedMessage id={empty} />
        </Text>
      );
    }
    return (
      <Stack gap={0}>
        {rows.map((s) => (
          <ScheduledRow key={s.id} item={s} onEdit={setEditing} />
        ))}
      </Stack>
    );
  };

  return (
    <PageContainer>
      <PageHeader title={<FormattedMessage id="scheduled.page-title" />} description={<FormattedMessage id="scheduled.page-subtitle" />} />
      <Stack gap="lg">
        <Section title={<FormattedMessage id="scheduled.upcoming" />}>
          <div data-testid="scheduled-upcoming">{body(upcoming, "scheduled.empty-upcoming")}</div>
        </Section>
        <Section title={<FormattedMessage id="scheduled.past" />}>
          <div data-testid="scheduled-past">{body(past, "scheduled.empty-past")}</div>
        </Section>
      </Stack>
      {editing ? (
        <ScheduleDialog
          key={editing.id}
          opened
          onClose={() => {
            setEditing(null);
          }}
          contactPhone={editing.toPhoneNumber}
          teamId={editing.teamId}
          editing={editing}
        />
      ) : null}
    </PageContainer>
  );
}

function ScheduledRow({ item: s, onEdit }: { item: ScheduledMessage; onEdit: (s: ScheduledMessage) => void }) {
  const intl = useIntl();
  return (
    <Group
      gap="md"
      wrap="nowrap"
      align="flex-start"
      py="sm"
      style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
      data-testid="team-scheduled-item"
    >
      <Stack gap={2} w={150} style={{ flex: "none" }}>
        <Text size="sm" fw={600}>
          <ScheduledWhen item={s} />
        </Text>
        <Badge color={STATUS_COLOR[s.status]} variant="light" size="sm">
          <FormattedMessage id={`scheduled.status-${s.status}`} />
        </Badge>
      </Stack>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {s.contact ? `${s.contact.fullName} · ${formatPhoneForDisplay(s.toPhoneNumber)}` : formatPhoneForDisplay(s.toPhoneNumber)}
        </Text>
        <Text size="sm" truncate>
          {s.title} — {s.message}
        </Text>
        <Group gap={4}>
          {s.reminders.length === 0 ? (
            <Text size="xs" c="dimmed">
              <FormattedMessage id="scheduled.no-reminders" />
            </Text>
          ) : (
            s.reminders.map((r) => (
              <Badge key={r} size="xs" variant="outline" color={s.remindersSent.includes(r) ? "green" : "gray"}>
                <FormattedMessage id={`scheduled.reminder-${r}`} />
              </Badge>
            ))
          )}
        </Group>
      </Stack>
      {s.status === "scheduled" ? (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={intl.formatMessage({ id: "scheduled.edit" })}>
            <ActionIcon
              variant="subtle"
              aria-label={intl.formatMessage({ id: "scheduled.edit" })}
              onClick={() => {
                onEdit(s);
              }}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <CancelScheduledButton item={s} />
        </Group>
      ) : null}
    </Group>
  );
}

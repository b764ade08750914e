import { useState } from "react";
import { ActionIcon, Badge, Button, Collapse, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconCalendarTime, IconPencil } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ScheduledMessage } from "@relais/shared";
import { useScheduledForPhone } from "./api.ts";
import { schedulesLookedUpFor } from "./lookup.ts";
import { CancelScheduledButton } from "./cancel-scheduled-button.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { STATUS_COLOR } from "./status.ts";
import { ScheduledWhen } from "./scheduled-when.tsx";

/**
 * Above the composer: "Programmer" opens the dialog; the conversation's scheduled messages, with
 * their outcome, are listed on demand, those still waiting with edit and cancel. Absent for an
 * anonymous or emergency number.
 */
export function ScheduledBar({ contactPhone, teamId }: { contactPhone: string; teamId: string }) {
  const intl = useIntl();
  const lookedUp = schedulesLookedUpFor(contactPhone);
  const list = useScheduledForPhone(contactPhone, lookedUp);
  const [dialog, setDialog] = useState<{ editing: ScheduledMessage | null } | null>(null);
  const [open, setOpen] = useState(false);
  const items = (list.data ?? []).filter((s) => s.teamId === teamId);
  const waiting = items.filter((s) => s.status === "scheduled").length;
  // An anonymous or emergency number cannot be texted: nothing to plan, nothing asked.
  if (!lookedUp) return null;

  return (
    <Paper
      px="md"
      py={6}
      radius={0}
      withBorder
      style={{ flex: "none", borderLeft: 0, borderRight: 0, borderBottom: 0 }}
      data-testid="scheduled-bar"
    >
      <Group justify="space-between" gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconCalendarTime size={16} />}
          onClick={() => {
            setDialog({ editing: null });
          }}
        >
          <FormattedMessage id="scheduled.schedule" />
        </Button>
        {items.length > 0 ? (
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            onClick={() => {
              setOpen((o) => !o);
            }}
            aria-expanded={open}
          >
            <FormattedMessage id="scheduled.list-toggle" values={{ count: waiting }} />
          </Button>
        ) : null}
      </Group>
      <Collapse expanded={open}>
        {/* A long list scrolls: the messages above keep their room. */}
        <Stack gap={4} mt={6} mah={168} style={{ overflowY: "auto" }}>
          {items.map((s) => (
            <Group key={s.id} gap="xs" wrap="nowrap" data-testid="scheduled-item">
              <Badge color={STATUS_COLOR[s.status]} variant="light" size="sm">
                <FormattedMessage id={`scheduled.status-${s.status}`} />
              </Badge>
              <Text size="sm" fw={600}>
                <ScheduledWhen item={s} />
              </Text>
              <Text size="sm" truncate style={{ flex: 1 }}>
                {s.title} — {s.message}
              </Text>
              {s.status === "scheduled" ? (
                <>
                  <Tooltip label={intl.formatMessage({ id: "scheduled.edit" })}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={intl.formatMessage({ id: "scheduled.edit" })}
                      onClick={() => {
                        setDialog({ editing: s });
                      }}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <CancelScheduledButton item={s} />
                </>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Collapse>
      {dialog ? (
        <ScheduleDialog
          key={dialog.editing?.id ?? "new"}
          opened
          onClose={() => {
            setDialog(null);
          }}
          contactPhone={contactPhone}
          teamId={teamId}
          editing={dialog.editing}
        />
      ) : null}
    </Paper>
  );
}

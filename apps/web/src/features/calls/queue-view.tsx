import { Alert, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconPhone } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, QUEUE_GROUPS, queueAlertOf, type QueuedCall, type QueueGroup } from "@relais/shared";
import { queueQuery } from "./api.ts";
import { useCallActions, useCallUi } from "./call-actions.ts";
import { CallsIntl } from "./calls-intl.tsx";
import { callDuration, secondsSince } from "./format.ts";
import { canPick, queueEntries } from "./queue-model.ts";
import { useNow } from "../../ui/use-now.ts";

const ALERT_COLOR = { none: "gray", yellow: "yellow", red: "red" } as const;

/** The wait timer on the server's clock, yellow from 120 s and red from 240 s (spec §9). */
function WaitTimer({ entry, now, skewMs }: { entry: QueuedCall; now: number; skewMs: number }) {
  const intl = useIntl();
  const seconds = Math.max(0, secondsSince(entry.waitingSince, skewMs, now));
  const alert = queueAlertOf(seconds);
  const duration = callDuration(seconds);
  const label = [
    intl.formatMessage({ id: "calls.queue.wait" }, { duration }),
    ...(alert === "none" ? [] : [intl.formatMessage({ id: `calls.queue.alert.${alert}` })]),
  ].join(", ");
  return (
    <Badge
      size="lg"
      radius="sm"
      style={{ flexShrink: 0 }}
      variant={alert === "none" ? "light" : "filled"}
      color={ALERT_COLOR[alert]}
      autoContrast
      ff="monospace"
      aria-label={label}
      data-alert={alert}
      data-testid="queue-timer"
    >
      {duration}
    </Badge>
  );
}

function QueueRow({ entry, now, skewMs }: { entry: QueuedCall; now: number; skewMs: number }) {
  const intl = useIntl();
  const actions = useCallActions();
  const busy = useCallUi().busy[entry.id] === true;
  const number = formatPhoneForDisplay(entry.phoneNumber);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="queue-call" data-call-id={entry.id}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            {entry.parkNo !== null ? (
              <Badge size="sm" variant="filled" color="relais" style={{ flexShrink: 0 }} data-testid="queue-park-no">
                <FormattedMessage id="calls.queue.park-no" values={{ parkNo: entry.parkNo }} />
              </Badge>
            ) : null}
            <Text fw={650} size="sm" truncate="end">
              {entry.callerName}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            {[
              number !== entry.callerName ? number : null,
              entry.teamLabel,
              entry.ownerName ? intl.formatMessage({ id: "calls.queue.with" }, { name: entry.ownerName }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        </Stack>
        <WaitTimer entry={entry} now={now} skewMs={skewMs} />
        {canPick(entry) ? (
          <Button
            size="compact-sm"
            color="teal"
            style={{ flexShrink: 0 }}
            leftSection={<IconPhone size={15} />}
            loading={busy}
            aria-label={intl.formatMessage({ id: "calls.queue.pick.label" }, { caller: entry.callerName })}
            onClick={() => {
              void actions.pick(entry);
            }}
          >
            <FormattedMessage id="calls.queue.pick" />
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

function QueueSection({ group, entries, now, skewMs }: { group: QueueGroup; entries: QueuedCall[]; now: number; skewMs: number }) {
  const titleId = `queue-group-${group}`;
  return (
    <section aria-labelledby={titleId} data-testid={`queue-group-${group}`}>
      <Group gap={8} mb={6}>
        <Title order={3} size="sm" id={titleId}>
          <FormattedMessage id={`calls.queue.group.${group}`} />
        </Title>
        <Badge size="sm" variant="light" color="gray" circle>
          {entries.length}
        </Badge>
      </Group>
      {entries.length === 0 ? (
        <Text size="xs" c="dimmed">
          <FormattedMessage id="calls.queue.group.empty" />
        </Text>
      ) : (
        <Stack gap={6}>
          {entries.map((entry) => (
            <QueueRow key={entry.id} entry={entry} now={now} skewMs={skewMs} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function QueueContent({ opened }: { opened: boolean }) {
  const queue = useQuery(queueQuery());
  const now = useNow(opened);
  if (queue.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  if (queue.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <FormattedMessage id="calls.queue.error" />
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            onClick={() => {
              void queue.refetch();
            }}
          >
            <FormattedMessage id="calls.queue.retry" />
          </Button>
        </Stack>
      </Alert>
    );
  }
  const view = queue.data;
  const { skewMs } = view;
  if (queueEntries(view).length === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        <FormattedMessage id="calls.queue.empty" />
      </Text>
    );
  }
  return (
    <Stack gap="lg">
      {QUEUE_GROUPS.map((group) => (
        <QueueSection key={group} group={group} entries={view.groups[group]} now={now} skewMs={skewMs} />
      ))}
    </Stack>
  );
}

/** The call queue (issue 13 §1; spec §4 groups queued | ringing | in progress | parked, §9 alert colours). */
export function QueueDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <CallsIntl>
      <QueueDrawerInside opened={opened} onClose={onClose} />
    </CallsIntl>
  );
}

function QueueDrawerInside({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={460}
      title={intl.formatMessage({ id: "calls.queue.title" })}
      closeButtonProps={{ "aria-label": intl.formatMessage({ id: "calls.close" }) }}
    >
      <QueueContent opened={opened} />
    </Drawer>
  );
}

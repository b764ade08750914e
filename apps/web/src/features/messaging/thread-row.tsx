import { memo } from "react";
import { Group, Text } from "@mantine/core";
import { IconPin } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Thread } from "@relais/shared";
import { ContactAvatar } from "../../ui/contact-avatar.tsx";
import { cx } from "../../ui/cx.ts";
import { lastCallKind, shortTime, threadName } from "./format.ts";
import { useDates } from "../../ui/dates.ts";
import classes from "./thread-list.module.css";

/** Every row has the same two lines: a fixed height lets the list place 10 000 of them at once. */
export const THREAD_ROW_HEIGHT = 66;

/** The DOM id of a row, for the list's aria-activedescendant. */
export const threadRowId = (id: string) => `thread-row-${id}`;

interface Props {
  thread: Thread;
  active: boolean;
  /** The keyboard's place in the list. */
  cursor: boolean;
  onOpen: (id: string) => void;
}

function LastMessage({ thread }: { thread: Thread }) {
  const intl = useIntl();
  const last = thread.lastMessage;
  if (!last) {
    return <FormattedMessage id="conversations.no-message" />;
  }
  // A call has no words: it says what it was, not "attachment" (issue 12 §3, calls in threads).
  if (last.call) {
    return intl.formatMessage({ id: `conversations.last-call.${lastCallKind(last.call)}` });
  }
  const text = last.body || intl.formatMessage({ id: "conversations.attachment" });
  return last.direction === "outbound" ? intl.formatMessage({ id: "conversations.you" }, { text }) : text;
}

/** One conversation of the list: avatar, name or number, last text, time, unread mark. */
export const ThreadRow = memo(function ThreadRow({ thread, active, cursor, onOpen }: Props) {
  const intl = useIntl();
  const { timeZone } = useDates();
  const name = threadName(thread);
  const unread = thread.attributes.hasNotification;
  return (
    <div
      id={threadRowId(thread.id)}
      role="option"
      aria-selected={active}
      className={cx(classes.row, active && classes.rowActive)}
      data-cursor={cursor || undefined}
      data-thread={thread.contactPhone}
      data-unread={unread ? "true" : "false"}
      data-pinned={thread.attributes.pinned ? "true" : "false"}
      onClick={() => {
        onOpen(thread.id);
      }}
    >
      {/* A number that is no contact shows a person rather than digits as initials. */}
      <ContactAvatar name={thread.contact?.fullName ?? null} phone={thread.contactPhone} sentiment={thread.sentiment} size={40} />
      <div className={classes.rowText}>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Group gap={4} wrap="nowrap" miw={0}>
            {thread.attributes.pinned ? (
              <IconPin size={14} color="var(--mantine-color-relais-7)" aria-label={intl.formatMessage({ id: "conversations.pinned" })} />
            ) : null}
            <Text size="sm" fw={unread ? 700 : 600} truncate="end">
              {name}
            </Text>
          </Group>
          <Text size="xs" c={unread ? "relais" : "dimmed"} fw={unread ? 600 : 400} style={{ flex: "none" }}>
            {shortTime(intl, thread.lastMessage?.createdAt ?? thread.updatedAt, timeZone)}
          </Text>
        </Group>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text size="xs" c={unread ? "dark" : "dimmed"} fw={unread ? 600 : 400} truncate="end">
            <LastMessage thread={thread} />
          </Text>
          {unread ? (
            <span className={classes.unreadDot} role="img" aria-label={intl.formatMessage({ id: "conversations.unread" })} />
          ) : null}
        </Group>
      </div>
    </div>
  );
});

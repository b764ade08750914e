import { useEffect, useState } from "react";
import { Avatar, Badge, Button, Group, Stack, Tabs, Text, TextInput } from "@mantine/core";
import { IconArchive, IconMessages, IconPin, IconPlus, IconSearch } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { MIN_SEARCH_CHARACTERS, type Thread, type ThreadState } from "@relais/shared";
import { usePendingNotifications } from "../../app/shell/pending-notifications.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { cx } from "../../ui/cx.ts";
import { useThreads } from "./api.ts";
import { avatarInitials, matchesSearch, shortTime, threadName } from "./format.ts";
import classes from "./conversations.module.css";

interface Props {
  tab: ThreadState;
  onTab: (tab: ThreadState) => void;
  openId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
}

function ThreadRow({ thread, active, onOpen }: { thread: Thread; active: boolean; onOpen: (id: string) => void }) {
  const intl = useIntl();
  const name = threadName(thread);
  const last = thread.lastMessage;
  const unread = thread.attributes.hasNotification;
  return (
    <button
      type="button"
      className={cx(classes.row, active && classes.rowActive)}
      aria-current={active ? "true" : undefined}
      data-thread={thread.contactPhone}
      data-unread={unread ? "true" : "false"}
      onClick={() => {
        onOpen(thread.id);
      }}
    >
      <Avatar radius="xl" color="relais" size={40} aria-hidden>
        {avatarInitials(name)}
      </Avatar>
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
          <Text size="xs" c={unread ? "relais.7" : "dimmed"} fw={unread ? 600 : 400} style={{ flex: "none" }}>
            {shortTime(intl, last?.createdAt ?? thread.updatedAt)}
          </Text>
        </Group>
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Text size="xs" c={unread ? "dark" : "dimmed"} fw={unread ? 600 : 400} truncate="end">
            {last ? (
              last.direction === "outbound" ? (
                intl.formatMessage({ id: "conversations.you" }, { text: last.body })
              ) : (
                last.body
              )
            ) : (
              <FormattedMessage id="conversations.no-message" />
            )}
          </Text>
          {unread ? (
            <span className={classes.unreadDot} role="img" aria-label={intl.formatMessage({ id: "conversations.unread" })} />
          ) : null}
        </Group>
      </div>
    </button>
  );
}

/** Left pane: active and archived threads, a client-side search, new conversation, load more. */
export function ThreadList({ tab, onTab, openId, onOpen, onNew }: Props) {
  const intl = useIntl();
  const threads = useThreads(tab);
  const [search, setSearch] = useState("");
  const trimmed = search.trim();
  const searching = trimmed.length >= MIN_SEARCH_CHARACTERS;
  const tooShort = trimmed.length > 0 && !searching;

  const all = threads.data?.pages.flatMap((p) => p.threads) ?? [];
  const rows = searching ? all.filter((t) => matchesSearch(t, trimmed)) : all;
  const unread = threads.data?.pages[0]?.unread;
  const { setPending } = usePendingNotifications();
  const nothingUnread = unread !== undefined && unread.active === 0 && unread.inactive === 0;

  // Nothing left unread: the drawer's red dot goes out.
  useEffect(() => {
    if (nothingUnread) {
      setPending(false);
    }
  }, [nothingUnread, setPending]);

  const tabLabel = (state: ThreadState) => {
    const count = unread ? (state === "active" ? unread.active : unread.inactive) : 0;
    return (
      <Group gap={6} wrap="nowrap">
        <FormattedMessage id={state === "active" ? "conversations.tab.active" : "conversations.tab.archived"} />
        {count > 0 ? (
          <Badge
            size="xs"
            circle={count < 10}
            color="relais"
            aria-label={intl.formatMessage({ id: "conversations.unread-count" }, { count })}
          >
            {count}
          </Badge>
        ) : null}
      </Group>
    );
  };

  return (
    <section className={classes.listPane} aria-label={intl.formatMessage({ id: "conversations.list-label" })}>
      <div className={classes.listHead}>
        <Button leftSection={<IconPlus size={16} />} onClick={onNew} fullWidth>
          <FormattedMessage id="conversations.new" />
        </Button>
        <TextInput
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
          }}
          leftSection={<IconSearch size={16} />}
          placeholder={intl.formatMessage({ id: "conversations.search" })}
          aria-label={intl.formatMessage({ id: "conversations.search" })}
          error={tooShort ? intl.formatMessage({ id: "error.min-search-characters" }) : undefined}
          size="sm"
        />
        <Tabs
          value={tab}
          onChange={(value) => {
            if (value === "active" || value === "inactive") {
              onTab(value);
            }
          }}
        >
          <Tabs.List grow>
            <Tabs.Tab value="active">{tabLabel("active")}</Tabs.Tab>
            <Tabs.Tab value="inactive">{tabLabel("inactive")}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </div>

      <div className={classes.listBody}>
        {threads.isPending ? (
          <Stack p="xs">
            <SkeletonRows rows={6} height={52} />
          </Stack>
        ) : threads.isError ? (
          <EmptyState
            size="sm"
            icon={<IconMessages />}
            title={<FormattedMessage id="conversations.load-failed" />}
            actions={
              <Button
                variant="light"
                size="xs"
                onClick={() => {
                  void threads.refetch();
                }}
              >
                <FormattedMessage id="conversations.retry-load" />
              </Button>
            }
          />
        ) : all.length === 0 ? (
          <EmptyState
            size="sm"
            icon={tab === "active" ? <IconMessages /> : <IconArchive />}
            title={<FormattedMessage id={tab === "active" ? "conversations.empty.title" : "conversations.empty-archived.title"} />}
            description={<FormattedMessage id={tab === "active" ? "conversations.empty.hint" : "conversations.empty-archived.hint"} />}
          />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            <FormattedMessage id="conversations.no-match" />
          </Text>
        ) : (
          <Stack gap={2} role="list">
            {rows.map((t) => (
              <div role="listitem" key={t.id}>
                <ThreadRow thread={t} active={t.id === openId} onOpen={onOpen} />
              </div>
            ))}
          </Stack>
        )}
        {threads.hasNextPage ? (
          <Group justify="center" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              loading={threads.isFetchingNextPage}
              onClick={() => {
                void threads.fetchNextPage();
              }}
            >
              <FormattedMessage id="conversations.load-more" />
            </Button>
          </Group>
        ) : null}
      </div>
    </section>
  );
}

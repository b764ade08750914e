import { useCallback, useEffect, useMemo } from "react";
import { Badge, Button, Group, Tabs, Text } from "@mantine/core";
import { IconArchive, IconMessages, IconPlus, IconPlugConnectedX } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ThreadState } from "@relais/shared";
import { usePendingNotifications } from "../../app/shell/pending-notifications.tsx";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { api } from "../../api/index.ts";
import { isSearching, ListSearchBody, ListSearchInput, ListSearchPane, useListSearch, type SkeletonShape } from "../../ui/list-search.tsx";
import { useThreads, useUnreadCounts } from "./api.ts";
import { flattenThreads } from "./thread-cache.ts";
import { THREAD_ROW_HEIGHT } from "./thread-row.tsx";
import { ThreadRows } from "./thread-rows.tsx";
import { conversationConnectionState, useReauthenticateOnFailedLoad, type ConversationConnectionState } from "./connection.ts";

const SESSION_AUTH = {
  refresh: () => api.refresh(),
  expire: () => {
    api.markExpired();
  },
};

/** What the person is told of the connection, under the tabs: nothing while all is well. */
function ConnectionNotice({ state }: { state: ConversationConnectionState }) {
  const id = state === "reconnecting" ? "error.reconnecting" : state === "connection-failed" ? "error.connection-unstable" : null;
  return (
    <div role="status" data-connection={state}>
      {id ? (
        <Group gap={6} wrap="nowrap">
          <IconPlugConnectedX size={16} color="var(--mantine-color-orange-7)" aria-hidden />
          <Text size="sm">
            <FormattedMessage id={id} />
          </Text>
        </Group>
      ) : null}
    </div>
  );
}

interface Props {
  tab: ThreadState;
  onTab: (tab: ThreadState) => void;
  openId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
}

const SKELETON: SkeletonShape = {
  rowHeight: THREAD_ROW_HEIGHT,
  avatar: 40,
  widths: (i) => [`${String(50 + ((i * 17) % 30))}%`, `${String(65 + ((i * 11) % 25))}%`],
};

function TabLabel({ state, count }: { state: ThreadState; count: number }) {
  const intl = useIntl();
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
}

/**
 * Left pane (spec part 1 §2): active and archived threads with their unread counts, a search of
 * at least 3 characters run by the server, new conversation, and the virtualised rows.
 */
export function ThreadList({ tab, onTab, openId, onOpen, onNew }: Props) {
  const searchState = useListSearch();
  const { search } = searchState;

  const threads = useThreads(tab, search);
  const rows = useMemo(() => flattenThreads(threads.data), [threads.data]);
  const realtime = useRealtime();
  // The connection states of spec part 1 §4: the list's first load, then the real-time link.
  const firstLoad = threads.isPending ? "pending" : threads.isError && !threads.data ? "error" : "success";
  const connection = conversationConnectionState(firstLoad, realtime.state);
  const { refetch } = threads;
  const reload = useCallback(() => {
    void refetch();
  }, [refetch]);
  useReauthenticateOnFailedLoad(connection === "initialization-failed" && !search, SESSION_AUTH, reload);
  const unread = useUnreadCounts().data;
  const { setPending } = usePendingNotifications();
  const nothingUnread = unread !== undefined && unread.active === 0 && unread.inactive === 0;

  // Nothing left unread: the drawer's red dot goes out.
  useEffect(() => {
    if (nothingUnread) {
      setPending(false);
    }
  }, [nothingUnread, setPending]);

  const { fetchNextPage } = threads;
  const loadMore = useMemo(
    () => () => {
      void fetchNextPage();
    },
    [fetchNextPage],
  );

  const active = tab === "active";
  return (
    <ListSearchPane
      label="conversations.list-label"
      width={360}
      head={
        <>
          <Button leftSection={<IconPlus size={16} />} onClick={onNew} fullWidth>
            <FormattedMessage id="conversations.new" />
          </Button>
          <ListSearchInput
            state={searchState}
            searching={isSearching(threads, searchState)}
            label="conversations.search"
            clearLabel="conversations.search-clear"
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
              <Tabs.Tab value="active">
                <TabLabel state="active" count={unread?.active ?? 0} />
              </Tabs.Tab>
              <Tabs.Tab value="inactive">
                <TabLabel state="inactive" count={unread?.inactive ?? 0} />
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <ConnectionNotice state={connection} />
        </>
      }
    >
      <ListSearchBody
        query={threads}
        rowCount={rows.length}
        search={search}
        skeleton={SKELETON}
        icon={<IconMessages />}
        messages={{
          // The first load given up (spec part 1 §4: initialisation-failed); a search has its own.
          loadFailed: search ? "conversations.load-failed" : "error.initialisation-failed",
          retry: "conversations.retry-load",
          noMatch: "conversations.no-match",
          noMatchHint: "conversations.no-match-hint",
        }}
        empty={
          active
            ? { icon: <IconMessages />, title: "conversations.empty.title", hint: "conversations.empty.hint" }
            : { icon: <IconArchive />, title: "conversations.empty-archived.title", hint: "conversations.empty-archived.hint" }
        }
      >
        <ThreadRows
          rows={rows}
          openId={openId}
          onOpen={onOpen}
          hasNextPage={threads.hasNextPage}
          isFetchingNextPage={threads.isFetchingNextPage}
          nextPageFailed={threads.isFetchNextPageError}
          fetchNextPage={loadMore}
        />
      </ListSearchBody>
    </ListSearchPane>
  );
}

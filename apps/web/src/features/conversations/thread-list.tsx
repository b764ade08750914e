import { useEffect, useMemo, useState } from "react";
import { Badge, Button, CloseButton, Group, Loader, Skeleton, Stack, Tabs, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArchive, IconMessages, IconPlus, IconSearch, IconSearchOff } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { MIN_SEARCH_CHARACTERS, type ThreadState } from "@relais/shared";
import { usePendingNotifications } from "../../app/shell/pending-notifications.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { useThreads, useUnreadCounts } from "./api.ts";
import { flattenThreads } from "./thread-cache.ts";
import { THREAD_ROW_HEIGHT } from "./thread-row.tsx";
import { ThreadRows } from "./thread-rows.tsx";
import classes from "./thread-list.module.css";

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  tab: ThreadState;
  onTab: (tab: ThreadState) => void;
  openId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
}

/** Rows the shape of the real ones while the first page loads. */
function ListSkeleton() {
  const intl = useIntl();
  return (
    <Stack gap={2} p="xs" aria-busy="true" aria-label={intl.formatMessage({ id: "common.loading" })}>
      {Array.from({ length: 7 }, (_, i) => (
        <Group key={i} gap={12} wrap="nowrap" h={THREAD_ROW_HEIGHT} px={10}>
          <Skeleton circle height={40} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={10} width={`${String(50 + ((i * 17) % 30))}%`} radius="xl" />
            <Skeleton height={8} width={`${String(65 + ((i * 11) % 25))}%`} radius="xl" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

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
  const intl = useIntl();
  const [input, setInput] = useState("");
  const typed = input.trim();
  const [settled] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = settled.length >= MIN_SEARCH_CHARACTERS ? settled : "";
  const tooShort = typed.length > 0 && typed.length < MIN_SEARCH_CHARACTERS;

  const threads = useThreads(tab, search);
  const rows = useMemo(() => flattenThreads(threads.data), [threads.data]);
  const unread = useUnreadCounts().data;
  const { setPending } = usePendingNotifications();
  const nothingUnread = unread !== undefined && unread.active === 0 && unread.inactive === 0;
  const searchingNow = threads.isFetching && !threads.isFetchingNextPage && (threads.isPlaceholderData || settled !== typed);

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

  let body;
  if (threads.isPending) {
    body = <ListSkeleton />;
  } else if (threads.isError && rows.length === 0) {
    body = (
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
    );
  } else if (rows.length === 0 && search) {
    body = (
      <EmptyState
        size="sm"
        icon={<IconSearchOff />}
        title={<FormattedMessage id="conversations.no-match" />}
        description={<FormattedMessage id="conversations.no-match-hint" values={{ search }} />}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={tab === "active" ? <IconMessages /> : <IconArchive />}
        title={<FormattedMessage id={tab === "active" ? "conversations.empty.title" : "conversations.empty-archived.title"} />}
        description={<FormattedMessage id={tab === "active" ? "conversations.empty.hint" : "conversations.empty-archived.hint"} />}
      />
    );
  } else {
    body = (
      <ThreadRows
        rows={rows}
        openId={openId}
        onOpen={onOpen}
        hasNextPage={threads.hasNextPage}
        isFetchingNextPage={threads.isFetchingNextPage}
        nextPageFailed={threads.isFetchNextPageError}
        fetchNextPage={loadMore}
      />
    );
  }

  return (
    <section className={classes.listPane} aria-label={intl.formatMessage({ id: "conversations.list-label" })}>
      <div className={classes.listHead}>
        <Button leftSection={<IconPlus size={16} />} onClick={onNew} fullWidth>
          <FormattedMessage id="conversations.new" />
        </Button>
        <TextInput
          type="search"
          value={input}
          onChange={(e) => {
            setInput(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              setInput("");
            }
          }}
          leftSection={<IconSearch size={16} />}
          rightSection={
            searchingNow ? (
              <Loader size={14} />
            ) : input ? (
              <CloseButton
                size="sm"
                aria-label={intl.formatMessage({ id: "conversations.search-clear" })}
                onClick={() => {
                  setInput("");
                }}
              />
            ) : null
          }
          placeholder={intl.formatMessage({ id: "conversations.search" })}
          aria-label={intl.formatMessage({ id: "conversations.search" })}
          description={tooShort ? intl.formatMessage({ id: "error.min-search-characters" }) : undefined}
          inputWrapperOrder={["input", "description"]}
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
            <Tabs.Tab value="active">
              <TabLabel state="active" count={unread?.active ?? 0} />
            </Tabs.Tab>
            <Tabs.Tab value="inactive">
              <TabLabel state="inactive" count={unread?.inactive ?? 0} />
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
      </div>
      {body}
    </section>
  );
}

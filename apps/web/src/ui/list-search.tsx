import { useState, type ReactNode } from "react";
import { Button, CloseButton, Group, Loader, Skeleton, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch, IconSearchOff } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { MIN_SEARCH_CHARACTERS, type MessageId } from "@relais/shared";
import { EmptyState } from "./empty-state.tsx";
import classes from "./list-search.module.css";

/**
 * The search and the states of a server-searched, paged list (contacts, conversations): a search
 * of at least 3 characters, asked once typing pauses, and what the pane shows while the first
 * page loads, when it failed, when nothing matches and when there is nothing at all.
 */

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

export type ListSearch = {
  /** What the search box holds, as typed. */
  input: string;
  setInput: (value: string) => void;
  /** The search to ask the server for: long enough and settled, else "". */
  search: string;
  /** Typed but not settled yet: an answer is on its way. */
  settling: boolean;
  /** Something typed, too short to search: the hint shows. */
  tooShort: boolean;
};

export function useListSearch(): ListSearch {
  const [input, setInput] = useState("");
  const typed = input.trim();
  const [settled] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  return {
    input,
    setInput,
    search: settled.length >= MIN_SEARCH_CHARACTERS ? settled : "",
    settling: settled !== typed,
    tooShort: typed.length > 0 && typed.length < MIN_SEARCH_CHARACTERS,
  };
}

/** The part of an infinite query the pane reads. */
type ListQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
};

/** A search is under way (not a next page): the box shows a spinner instead of its clear button. */
export function isSearching(query: ListQuery, state: ListSearch): boolean {
  return query.isFetching && !query.isFetchingNextPage && (query.isPlaceholderData || state.settling);
}

interface SearchInputProps {
  state: ListSearch;
  searching: boolean;
  /** Placeholder and accessible name. */
  label: MessageId;
  clearLabel: MessageId;
}

/** The search box: Escape or its clear button empties it; the 3-character hint shows below. */
export function ListSearchInput({ state, searching, label, clearLabel }: SearchInputProps) {
  const intl = useIntl();
  const { input, setInput } = state;
  return (
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
        searching ? (
          <Loader size={14} />
        ) : input ? (
          <CloseButton
            size="sm"
            aria-label={intl.formatMessage({ id: clearLabel })}
            onClick={() => {
              setInput("");
            }}
          />
        ) : null
      }
      placeholder={intl.formatMessage({ id: label })}
      aria-label={intl.formatMessage({ id: label })}
      description={state.tooShort ? intl.formatMessage({ id: "error.min-search-characters" }) : undefined}
      inputWrapperOrder={["input", "description"]}
      size="sm"
    />
  );
}

/** The placeholder rows' look: the real rows' height and avatar, and the lines' widths for row `i`. */
export type SkeletonShape = { rowHeight: number; avatar: number; widths: (i: number) => [string, string] };

/** Rows the shape of the real ones while the first page loads. */
function ListSkeleton({ shape }: { shape: SkeletonShape }) {
  const intl = useIntl();
  return (
    <Stack gap={2} p="xs" role="status" aria-busy="true" aria-label={intl.formatMessage({ id: "common.loading" })}>
      {Array.from({ length: 7 }, (_, i) => {
        const [first, second] = shape.widths(i);
        return (
          <Group key={i} gap={12} wrap="nowrap" h={shape.rowHeight} px={10}>
            <Skeleton circle height={shape.avatar} />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={10} width={first} radius="xl" />
              <Skeleton height={8} width={second} radius="xl" />
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

interface BodyProps {
  query: ListQuery;
  rowCount: number;
  search: string;
  skeleton: SkeletonShape;
  /** The list's icon, shown when it could not be read. */
  icon: ReactNode;
  messages: { loadFailed: MessageId; retry: MessageId; noMatch: MessageId; noMatchHint: MessageId };
  /** What an empty list without a search shows. */
  empty: { icon: ReactNode; title: MessageId; hint: MessageId };
  /** Shown instead of everything but the first load (e.g. too many matches to list). */
  notice?: ReactNode;
  /** The rows, when there are some. */
  children: ReactNode;
}

/** The pane under the search: loading, a notice, failed (with retry), no match, empty, or the rows. */
export function ListSearchBody({ query, rowCount, search, skeleton, icon, messages, empty, notice, children }: BodyProps) {
  if (query.isPending) {
    return <ListSkeleton shape={skeleton} />;
  }
  if (notice) {
    return notice;
  }
  if (query.isError && rowCount === 0) {
    return (
      <EmptyState
        size="sm"
        icon={icon}
        title={<FormattedMessage id={messages.loadFailed} />}
        actions={
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              void query.refetch();
            }}
          >
            <FormattedMessage id={messages.retry} />
          </Button>
        }
      />
    );
  }
  if (rowCount === 0 && search) {
    return (
      <EmptyState
        size="sm"
        icon={<IconSearchOff />}
        title={<FormattedMessage id={messages.noMatch} />}
        description={<FormattedMessage id={messages.noMatchHint} values={{ search }} />}
      />
    );
  }
  if (rowCount === 0) {
    return (
      <EmptyState
        size="sm"
        icon={empty.icon}
        title={<FormattedMessage id={empty.title} />}
        description={<FormattedMessage id={empty.hint} />}
      />
    );
  }
  return children;
}

interface PaneProps {
  /** The pane's accessible name. */
  label: MessageId;
  width: number;
  /** Actions, the search box and the list's own controls, stacked above the rows. */
  head: ReactNode;
  children: ReactNode;
}

/** The left pane of a list screen: a fixed-width column, its head above, the list below. */
export function ListSearchPane({ label, width, head, children }: PaneProps) {
  const intl = useIntl();
  return (
    <section className={classes.pane} style={{ width }} aria-label={intl.formatMessage({ id: label })}>
      <div className={classes.head}>{head}</div>
      {children}
    </section>
  );
}

import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button, Loader } from "@mantine/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { FormattedMessage, useIntl } from "react-intl";
import type { Thread } from "@relais/shared";
import { nextCursor } from "./list-navigation.ts";
import { THREAD_ROW_HEIGHT, ThreadRow, threadRowId } from "./thread-row.tsx";
import classes from "./thread-list.module.css";

/** The next page is asked for when this few rows remain below the last one drawn. */
const PREFETCH_ROWS = 20;

interface Props {
  rows: Thread[];
  openId: string | null;
  onOpen: (id: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
}

/**
 * The rows, virtualised: only those in view (and a few around) are in the page, so 10 000
 * threads scroll as smoothly as 10. Pages load as the end comes near. A listbox: ArrowUp/Down,
 * Home/End move, Enter opens; the keyboard's place is followed by thread id, so a row that a live
 * event inserts above does not move it.
 */
export function ThreadRows({ rows, openId, onOpen, hasNextPage, isFetchingNextPage, nextPageFailed, fetchNextPage }: Props) {
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const [cursorId, setCursorId] = useState<string | null>(null);
  const count = rows.length + (hasNextPage ? 1 : 0);
  // The build has no React Compiler, which is what this rule protects: the virtualizer re-renders
  // this component itself when the scroll moves, and nothing below memoises its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => THREAD_ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? "end-of-list",
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastDrawn = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !nextPageFailed && lastDrawn >= rows.length - PREFETCH_ROWS) {
      fetchNextPage();
    }
  }, [lastDrawn, rows.length, hasNextPage, isFetchingNextPage, nextPageFailed, fetchNextPage]);

  const openRow = useCallback(
    (id: string) => {
      setCursorId(id);
      onOpen(id);
    },
    [onOpen],
  );

  const cursorIndex = cursorId === null ? -1 : rows.findIndex((t) => t.id === cursorId);
  const cursor = cursorIndex >= 0 ? cursorIndex : null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === "Enter" || event.key === " ") {
      const target = cursor === null ? undefined : rows[cursor];
      if (target) {
        event.preventDefault();
        onOpen(target.id);
      }
      return;
    }
    const from = cursor ?? (openId ? rows.findIndex((t) => t.id === openId) : -1);
    const to = nextCursor(event.key, from >= 0 ? from : null, rows.length);
    const target = to === null ? undefined : rows[to];
    if (to === null || !target) {
      return;
    }
    event.preventDefault();
    setCursorId(target.id);
    virtualizer.scrollToIndex(to, { align: "auto" });
  };

  return (
    <div
      ref={scroller}
      className={classes.listBody}
      role="listbox"
      tabIndex={0}
      aria-label={intl.formatMessage({ id: "conversations.list-label" })}
      aria-activedescendant={cursor !== null && rows[cursor] ? threadRowId(rows[cursor].id) : undefined}
      data-count={rows.length}
      onKeyDown={onKeyDown}
    >
      <div className={classes.track} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const thread = rows[item.index];
          return (
            <div key={item.key} className={classes.slot} style={{ height: item.size, transform: `translateY(${String(item.start)}px)` }}>
              {thread ? (
                <ThreadRow thread={thread} active={thread.id === openId} cursor={thread.id === cursorId} onOpen={openRow} />
              ) : (
                <div className={classes.endOfList} role="presentation">
                  {nextPageFailed ? (
                    <Button variant="subtle" size="xs" onClick={fetchNextPage}>
                      <FormattedMessage id="conversations.retry-load" />
                    </Button>
                  ) : (
                    <Loader size="xs" aria-label={intl.formatMessage({ id: "common.loading" })} />
                  )}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

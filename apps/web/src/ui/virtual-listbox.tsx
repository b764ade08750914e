import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Button, Loader } from "@mantine/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useIntl } from "react-intl";
import { nextCursor } from "./list-navigation.ts";
import classes from "./virtual-listbox.module.css";

/** The next page is asked for when this few rows remain below the last one drawn. */
const PREFETCH_ROWS = 20;

/** What a row is drawn with: whether it is the open one and the keyboard's place. */
interface RowState {
  active: boolean;
  cursor: boolean;
  onOpen: (id: string) => void;
}

interface Props<T extends { id: string }> {
  rows: T[];
  openId: string | null;
  onOpen: (id: string) => void;
  /** Fixed: thousands of rows are placed without measuring them. */
  rowHeight: number;
  /** The listbox's accessible name. */
  label: string;
  /** The DOM id each row gives itself, for aria-activedescendant. */
  rowDomId: (id: string) => string;
  renderRow: (row: T, state: RowState) => ReactNode;
  /** The text of the retry button when the next page failed. */
  retryLabel: ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
}

/**
 * A long list, virtualised: only the rows in view (and a few around) are in the page, so 10 000
 * rows scroll as smoothly as 10, and the next page loads as the end comes near. A listbox:
 * ArrowUp/Down, Home/End move, Enter or Space opens; the keyboard's place is followed by row id,
 * so a row a live event inserts above does not move it.
 */
export function VirtualListbox<T extends { id: string }>({
  rows,
  openId,
  onOpen,
  rowHeight,
  label,
  rowDomId,
  renderRow,
  retryLabel,
  hasNextPage,
  isFetchingNextPage,
  nextPageFailed,
  fetchNextPage,
}: Props<T>) {
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
    estimateSize: () => rowHeight,
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

  const cursorIndex = cursorId === null ? -1 : rows.findIndex((r) => r.id === cursorId);
  const cursor = cursorIndex >= 0 ? cursorIndex : null;
  // aria-activedescendant may only name an element in the page: a virtualised row scrolled out
  // of the drawn range (or a list drawn empty behind a dialog) has none, so none is named then.
  const cursorDrawn = cursor !== null && items.some((item) => item.index === cursor);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === "Enter" || event.key === " ") {
      const target = cursor === null ? undefined : rows[cursor];
      if (target) {
        event.preventDefault();
        onOpen(target.id);
      }
      return;
    }
    const from = cursor ?? (openId ? rows.findIndex((r) => r.id === openId) : -1);
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
      aria-label={label}
      aria-activedescendant={cursorDrawn && rows[cursor] ? rowDomId(rows[cursor].id) : undefined}
      data-count={rows.length}
      onKeyDown={onKeyDown}
    >
      <div className={classes.track} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          const isCursor = row !== undefined && row.id === cursorId;
          return (
            <div
              key={item.key}
              className={classes.slot}
              data-cursor={isCursor || undefined}
              style={{ height: item.size, transform: `translateY(${String(item.start)}px)` }}
            >
              {row ? (
                renderRow(row, { active: row.id === openId, cursor: isCursor, onOpen: openRow })
              ) : (
                <div className={classes.endOfList} role="presentation">
                  {nextPageFailed ? (
                    <Button variant="subtle" size="xs" onClick={fetchNextPage}>
                      {retryLabel}
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

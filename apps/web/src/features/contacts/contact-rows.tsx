import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Button, Loader, Text } from "@mantine/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, type Contact } from "@relais/shared";
import { ContactAvatar } from "../../ui/contact-avatar.tsx";
import { cx } from "../../ui/cx.ts";
import { nextCursor } from "../conversations/list-navigation.ts";
import classes from "./contacts.module.css";

/** Fixed: the list places thousands of rows without measuring them. */
const ROW_HEIGHT = 60;
/** The next page is asked for when this few rows remain below the last one drawn. */
const PREFETCH_ROWS = 20;

const rowId = (id: string) => `contact-row-${id}`;

/** What a row says under the name: the number, else the email, else the business. */
function secondLine(c: Contact): string {
  if (c.phone) {
    return formatPhoneForDisplay(c.phone);
  }
  return c.email ?? c.business ?? "";
}

const ContactRow = memo(function ContactRow({
  contact,
  active,
  cursor,
  onOpen,
}: {
  contact: Contact;
  active: boolean;
  cursor: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <div
      id={rowId(contact.id)}
      role="option"
      aria-selected={active}
      className={cx(classes.row, active && classes.rowActive, cursor && classes.rowCursor)}
      data-contact-row={contact.id}
      onClick={() => {
        onOpen(contact.id);
      }}
    >
      <ContactAvatar name={contact.fullName} phone={contact.phone ?? ""} sentiment={null} size={36} />
      <div className={classes.rowText}>
        <Text size="sm" fw={600} truncate="end">
          {contact.fullName}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {secondLine(contact) || <FormattedMessage id="contacts.no-phone" />}
        </Text>
      </div>
    </div>
  );
});

interface Props {
  rows: Contact[];
  openId: string | null;
  onOpen: (id: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
}

/**
 * The contacts, virtualised (only the rows in view are in the page), pages loaded as the end
 * comes near. A listbox: ArrowUp/Down, Home/End move, Enter opens.
 */
export function ContactRows({ rows, openId, onOpen, hasNextPage, isFetchingNextPage, nextPageFailed, fetchNextPage }: Props) {
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const [cursorId, setCursorId] = useState<string | null>(null);
  const count = rows.length + (hasNextPage ? 1 : 0);
  // The build has no React Compiler, which is what this rule protects (see thread-rows.tsx).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
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

  const cursorIndex = cursorId === null ? -1 : rows.findIndex((c) => c.id === cursorId);
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
    const from = cursor ?? (openId ? rows.findIndex((c) => c.id === openId) : -1);
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
      aria-label={intl.formatMessage({ id: "contacts.list-label" })}
      aria-activedescendant={cursor !== null && rows[cursor] ? rowId(rows[cursor].id) : undefined}
      data-count={rows.length}
      onKeyDown={onKeyDown}
    >
      <div className={classes.track} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const contact = rows[item.index];
          return (
            <div key={item.key} className={classes.slot} style={{ height: item.size, transform: `translateY(${String(item.start)}px)` }}>
              {contact ? (
                <ContactRow contact={contact} active={contact.id === openId} cursor={contact.id === cursorId} onOpen={openRow} />
              ) : (
                <div className={classes.endOfList} role="presentation">
                  {nextPageFailed ? (
                    <Button variant="subtle" size="xs" onClick={fetchNextPage}>
                      <FormattedMessage id="contacts.retry-load" />
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

import { memo } from "react";
import { Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, type Contact } from "@relais/shared";
import { ContactAvatar } from "../../ui/contact-avatar.tsx";
import { cx } from "../../ui/cx.ts";
import { VirtualListbox } from "../../ui/virtual-listbox.tsx";
import classes from "./contacts.module.css";

/** Fixed: the list places thousands of rows without measuring them. */
const ROW_HEIGHT = 60;
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
      className={cx(classes.row, active && classes.rowActive)}
      data-cursor={cursor || undefined}
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

/** The contacts, virtualised, pages loaded as the end comes near (ui/virtual-listbox.tsx). */
export function ContactRows(props: Props) {
  const intl = useIntl();
  return (
    <VirtualListbox
      {...props}
      rowHeight={ROW_HEIGHT}
      label={intl.formatMessage({ id: "contacts.list-label" })}
      rowDomId={rowId}
      retryLabel={<FormattedMessage id="contacts.retry-load" />}
      renderRow={(contact, state) => <ContactRow contact={contact} {...state} />}
    />
  );
}

import { Anchor } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import type { Thread } from "@relais/shared";

/**
 * Under the thread's title: a link to the contact's card, or to a new contact with the thread's
 * number when the number is no contact yet (issue 3).
 */
export function ThreadContactLink({ thread }: { thread: Pick<Thread, "contact" | "contactPhone"> }) {
  const to = thread.contact
    ? `/contacts?contact=${thread.contact.id}`
    : `/contacts?${new URLSearchParams({ new: thread.contactPhone }).toString()}`;
  return (
    <Anchor component={Link} to={to} size="xs" data-testid={thread.contact ? "thread-contact-open" : "thread-contact-create"}>
      <FormattedMessage id={thread.contact ? "conversations.contact.open" : "conversations.contact.create"} />
    </Anchor>
  );
}

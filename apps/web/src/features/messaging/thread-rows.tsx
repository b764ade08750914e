import { FormattedMessage, useIntl } from "react-intl";
import type { Thread } from "@relais/shared";
import { VirtualListbox } from "../../ui/virtual-listbox.tsx";
import { THREAD_ROW_HEIGHT, ThreadRow, threadRowId } from "./thread-row.tsx";

interface Props {
  rows: Thread[];
  openId: string | null;
  onOpen: (id: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageFailed: boolean;
  fetchNextPage: () => void;
}

/** The conversations, virtualised so that 10 000 threads scroll smoothly (ui/virtual-listbox.tsx). */
export function ThreadRows(props: Props) {
  const intl = useIntl();
  return (
    <VirtualListbox
      {...props}
      rowHeight={THREAD_ROW_HEIGHT}
      label={intl.formatMessage({ id: "conversations.list-label" })}
      rowDomId={threadRowId}
      retryLabel={<FormattedMessage id="conversations.retry-load" />}
      renderRow={(thread, state) => <ThreadRow thread={thread} {...state} />}
    />
  );
}

import { useMemo, useState } from "react";
import { Button, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconAddressBook, IconPlus } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { isApiError } from "../../api/index.ts";
import { formatError } from "../../app/i18n/messages.ts";
import { isSearching, ListSearchBody, ListSearchInput, ListSearchPane, useListSearch, type SkeletonShape } from "../../ui/list-search.tsx";
import { ImportContactsButton } from "../contact-import/import-contacts-button.tsx";
import { flattenContacts, useContacts, type ContactSort } from "./api.ts";
import { ContactRows } from "./contact-rows.tsx";

interface Props {
  openId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
}

const SKELETON: SkeletonShape = { rowHeight: 60, avatar: 36, widths: (i) => [`${String(45 + ((i * 17) % 30))}%`, "35%"] };

/**
 * Left pane of /contacts: new contact, a search of at least 3 characters (accents and case aside,
 * run by the server), the sort, and the virtualised rows.
 */
export function ContactList({ openId, onOpen, onNew }: Props) {
  const intl = useIntl();
  const searchState = useListSearch();
  const { search } = searchState;
  const [sort, setSort] = useState<ContactSort>("name");

  const contacts = useContacts(sort, search);
  const rows = useMemo(() => flattenContacts(contacts.data), [contacts.data]);
  // Spec part 2 §8: too many matches is the server's to say; the person refines the search.
  const tooMany = contacts.isError && isApiError(contacts.error) && contacts.error.code === "error.search-results";

  const { fetchNextPage } = contacts;
  const loadMore = useMemo(
    () => () => {
      void fetchNextPage();
    },
    [fetchNextPage],
  );

  return (
    <ListSearchPane
      label="contacts.list-label"
      width={340}
      head={
        <>
          <Stack gap="xs">
            <Button leftSection={<IconPlus size={16} />} onClick={onNew} fullWidth>
              <FormattedMessage id="contacts.new" />
            </Button>
            <ImportContactsButton />
          </Stack>
          <ListSearchInput
            state={searchState}
            searching={isSearching(contacts, searchState)}
            label="contacts.search"
            clearLabel="contacts.search-clear"
          />
          <SegmentedControl
            size="xs"
            fullWidth
            aria-label={intl.formatMessage({ id: "contacts.sort" })}
            value={sort}
            onChange={(value) => {
              setSort(value === "recent" ? "recent" : "name");
            }}
            data={[
              { value: "name", label: intl.formatMessage({ id: "contacts.sort.name" }) },
              { value: "recent", label: intl.formatMessage({ id: "contacts.sort.recent" }) },
            ]}
          />
        </>
      }
    >
      <ListSearchBody
        query={contacts}
        rowCount={rows.length}
        search={search}
        skeleton={SKELETON}
        icon={<IconAddressBook />}
        messages={{
          loadFailed: "contacts.load-failed",
          retry: "contacts.retry-load",
          noMatch: "contacts.no-match",
          noMatchHint: "contacts.no-match-hint",
        }}
        empty={{ icon: <IconAddressBook />, title: "contacts.empty.title", hint: "contacts.empty.hint" }}
        notice={
          tooMany ? (
            <Text role="status" size="sm" c="orange.9" p="md" ta="center" data-testid="contacts-too-many">
              {formatError(intl, contacts.error)}
            </Text>
          ) : null
        }
      >
        <ContactRows
          rows={rows}
          openId={openId}
          onOpen={onOpen}
          hasNextPage={contacts.hasNextPage}
          isFetchingNextPage={contacts.isFetchingNextPage}
          nextPageFailed={contacts.isFetchNextPageError}
          fetchNextPage={loadMore}
        />
      </ListSearchBody>
    </ListSearchPane>
  );
}

import { useMemo, useState } from "react";
import { Button, CloseButton, Group, Loader, SegmentedControl, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAddressBook, IconPlus, IconSearch, IconSearchOff } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { MIN_SEARCH_CHARACTERS } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { formatError } from "../../app/i18n/messages.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { ImportContactsButton } from "../contact-import/import-contacts-button.tsx";
import { flattenContacts, useContacts, type ContactSort } from "./api.ts";
import { ContactRows } from "./contact-rows.tsx";
import classes from "./contacts.module.css";

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  openId: string | null;
  onOpen: (id: string) => void;
  onNew: () => void;
}

function ListSkeleton() {
  const intl = useIntl();
  return (
    <Stack gap={2} p="xs" aria-busy="true" aria-label={intl.formatMessage({ id: "common.loading" })}>
      {Array.from({ length: 7 }, (_, i) => (
        <Group key={i} gap={12} wrap="nowrap" h={60} px={10}>
          <Skeleton circle height={36} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={10} width={`${String(45 + ((i * 17) % 30))}%`} radius="xl" />
            <Skeleton height={8} width="35%" radius="xl" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Left pane of /contacts: new contact, a search of at least 3 characters (accents and case aside,
 * run by the server), the sort, and the virtualised rows.
 */
export function ContactList({ openId, onOpen, onNew }: Props) {
  const intl = useIntl();
  const [input, setInput] = useState("");
  const [sort, setSort] = useState<ContactSort>("name");
  const typed = input.trim();
  const [settled] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = settled.length >= MIN_SEARCH_CHARACTERS ? settled : "";
  const tooShort = typed.length > 0 && typed.length < MIN_SEARCH_CHARACTERS;

  const contacts = useContacts(sort, search);
  const rows = useMemo(() => flattenContacts(contacts.data), [contacts.data]);
  const searchingNow = contacts.isFetching && !contacts.isFetchingNextPage && (contacts.isPlaceholderData || settled !== typed);
  // Spec part 2 §8: too many matches is the server's to say; the person refines the search.
  const tooMany = contacts.isError && isApiError(contacts.error) && contacts.error.code === "error.search-results";

  const { fetchNextPage } = contacts;
  const loadMore = useMemo(
    () => () => {
      void fetchNextPage();
    },
    [fetchNextPage],
  );

  let body;
  if (contacts.isPending) {
    body = <ListSkeleton />;
  } else if (tooMany) {
    body = (
      <Text role="status" size="sm" c="orange.9" p="md" ta="center" data-testid="contacts-too-many">
        {formatError(intl, contacts.error)}
      </Text>
    );
  } else if (contacts.isError && rows.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={<IconAddressBook />}
        title={<FormattedMessage id="contacts.load-failed" />}
        actions={
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              void contacts.refetch();
            }}
          >
            <FormattedMessage id="contacts.retry-load" />
          </Button>
        }
      />
    );
  } else if (rows.length === 0 && search) {
    body = (
      <EmptyState
        size="sm"
        icon={<IconSearchOff />}
        title={<FormattedMessage id="contacts.no-match" />}
        description={<FormattedMessage id="contacts.no-match-hint" values={{ search }} />}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        size="sm"
        icon={<IconAddressBook />}
        title={<FormattedMessage id="contacts.empty.title" />}
        description={<FormattedMessage id="contacts.empty.hint" />}
      />
    );
  } else {
    body = (
      <ContactRows
        rows={rows}
        openId={openId}
        onOpen={onOpen}
        hasNextPage={contacts.hasNextPage}
        isFetchingNextPage={contacts.isFetchingNextPage}
        nextPageFailed={contacts.isFetchNextPageError}
        fetchNextPage={loadMore}
      />
    );
  }

  return (
    <section className={classes.listPane} aria-label={intl.formatMessage({ id: "contacts.list-label" })}>
      <div className={classes.listHead}>
        <Stack gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={onNew} fullWidth>
            <FormattedMessage id="contacts.new" />
          </Button>
          <ImportContactsButton />
        </Stack>
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
                aria-label={intl.formatMessage({ id: "contacts.search-clear" })}
                onClick={() => {
                  setInput("");
                }}
              />
            ) : null
          }
          placeholder={intl.formatMessage({ id: "contacts.search" })}
          aria-label={intl.formatMessage({ id: "contacts.search" })}
          description={tooShort ? intl.formatMessage({ id: "error.min-search-characters" }) : undefined}
          inputWrapperOrder={["input", "description"]}
          size="sm"
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
      </div>
      {body}
    </section>
  );
}

import { useMemo, useState } from "react";
import { ActionIcon, Anchor, Button, Group, Select, Stack, Text, Tooltip } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconLink, IconUnlink } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { CONTACT_RELATIONS, MIN_SEARCH_CHARACTERS, type Contact, type ContactRelation, type LinkedContact } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { flattenContacts, useContacts, useLinkContact, useLinks, useUnlinkContact } from "./api.ts";
import { PanelSection } from "./panel-section.tsx";

/** Picks another contact (server search, 3 characters or more) and the relation, then links. */
function LinkForm({ contact, linked, onDone }: { contact: Contact; linked: readonly LinkedContact[]; onDone: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const link = useLinkContact(contact.id);
  const [typed, setTyped] = useState("");
  const [settled] = useDebouncedValue(typed.trim(), 300);
  const search = settled.length >= MIN_SEARCH_CHARACTERS ? settled : "";
  const found = useContacts("name", search, search !== "");
  const [otherId, setOtherId] = useState<string | null>(null);
  const [relation, setRelation] = useState<ContactRelation | null>(null);

  // Neither the contact itself nor one already linked can be picked.
  const taken = useMemo(() => new Set([contact.id, ...linked.map((l) => l.contact.id)]), [contact.id, linked]);
  const candidates = useMemo(
    () =>
      flattenContacts(found.data)
        .filter((c) => !taken.has(c.id))
        .map((c) => ({ value: c.id, label: c.fullName })),
    [found.data, taken],
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!otherId || !relation) {
          return;
        }
        link.mutate(
          { contactId: otherId, relation },
          {
            onSuccess: () => {
              alerts.success("contacts.links.linked");
              onDone();
            },
            onError: (error) => alerts.apiError(error),
          },
        );
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={<FormattedMessage id="contacts.links.contact" />}
          placeholder={intl.formatMessage({ id: "contacts.links.contact-hint" })}
          searchable
          searchValue={typed}
          onSearchChange={setTyped}
          // The server has already searched (accents aside): the list shows its answer as is.
          filter={({ options }) => options}
          data={candidates}
          value={otherId}
          onChange={setOtherId}
          nothingFoundMessage={search ? intl.formatMessage({ id: "contacts.no-match" }) : undefined}
          style={{ flex: 2, minWidth: 200 }}
          name="linked-contact"
        />
        <Select
          label={<FormattedMessage id="contacts.links.relation" />}
          data={CONTACT_RELATIONS.map((r) => ({ value: r, label: intl.formatMessage({ id: `contacts.relation.${r}` }) }))}
          value={relation}
          onChange={(v) => {
            setRelation(CONTACT_RELATIONS.find((r) => r === v) ?? null);
          }}
          style={{ flex: 1, minWidth: 140 }}
          name="relation"
        />
        <Button type="submit" disabled={!otherId || !relation} loading={link.isPending}>
          <FormattedMessage id="contacts.links.submit" />
        </Button>
      </Group>
    </form>
  );
}

/** The contact's linked contacts (stored both ways), each a link to its own panel. */
export function LinkedContacts({ contact }: { contact: Contact }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const links = useLinks(contact.id);
  const unlink = useUnlinkContact(contact.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<LinkedContact | null>(null);
  const list = links.data ?? [];

  return (
    <PanelSection
      title={<FormattedMessage id="contacts.section.links" />}
      testId="contact-links"
      action={
        contact.abilities.update && !adding ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconLink size={14} />}
            onClick={() => {
              setAdding(true);
            }}
          >
            <FormattedMessage id="contacts.links.add" />
          </Button>
        ) : null
      }
    >
      <Stack gap="xs">
        {adding ? (
          <LinkForm
            contact={contact}
            linked={list}
            onDone={() => {
              setAdding(false);
            }}
          />
        ) : null}
        {links.isSuccess && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="contacts.links.empty" />
          </Text>
        ) : null}
        {list.map((l) => (
          <Group key={l.contact.id} justify="space-between" wrap="nowrap" data-linked={l.contact.id}>
            <Text size="sm">
              <Anchor component={Link} to={`/contacts?contact=${l.contact.id}`} fw={600}>
                {l.contact.fullName}
              </Anchor>{" "}
              <Text span c="dimmed" size="sm">
                · <FormattedMessage id={`contacts.relation.${l.relation}`} />
              </Text>
            </Text>
            {contact.abilities.update ? (
              <Tooltip label={intl.formatMessage({ id: "contacts.links.remove" }, { name: l.contact.fullName })} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={intl.formatMessage({ id: "contacts.links.remove" }, { name: l.contact.fullName })}
                  onClick={() => {
                    setRemoving(l);
                  }}
                >
                  <IconUnlink size={16} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
        }}
        title={<FormattedMessage id="contacts.links.remove-title" />}
        message={<FormattedMessage id="contacts.links.remove-confirm" values={{ name: removing?.contact.fullName ?? "" }} />}
        confirmLabel={<FormattedMessage id="contacts.links.remove-label" />}
        onConfirm={async () => {
          if (!removing) {
            return;
          }
          try {
            await unlink.mutateAsync(removing.contact.id);
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </PanelSection>
  );
}

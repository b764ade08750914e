import { useState } from "react";
import { ActionIcon, Box, Button, Group, Skeleton, Text, Title, Tooltip } from "@mantine/core";
import { IconEdit, IconTrash, IconUserOff, IconX } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, type Contact } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { ContactAvatar } from "../../ui/contact-avatar.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { useContact, useDeleteContact } from "./api.ts";
import { ContactFormDialog } from "./contact-form-dialog.tsx";
import { ContactNotes } from "./contact-notes.tsx";
import { ContactSurveys } from "./contact-surveys.tsx";
import { ContactAppointments } from "../agenda/contact-appointments.tsx";
import { LinkedContacts } from "./linked-contacts.tsx";
import { PanelSection } from "./panel-section.tsx";
import { TextContactButton } from "./text-contact-button.tsx";
import { CallButton } from "../calls/call-button.tsx";
import classes from "./contacts.module.css";
import { useDates } from "../../ui/dates.ts";

type DetailField = "salutation" | "business" | "phone" | "email" | "birthday" | "address" | "language" | "gender" | "note";

function Details({ contact }: { contact: Contact }) {
  const intl = useIntl();
  const dates = useDates();
  const rows: [DetailField, string | null][] = [
    ["salutation", contact.salutation && intl.formatMessage({ id: `contacts.salutation.${contact.salutation}` })],
    ["business", contact.business],
    ["phone", contact.phone && formatPhoneForDisplay(contact.phone)],
    ["email", contact.email],
    ["birthday", contact.birthday && dates.date(contact.birthday)],
    ["address", [contact.address, contact.city, contact.postalCode].filter(Boolean).join(", ") || null],
    ["language", contact.language && intl.formatMessage({ id: `contacts.language.${contact.language}` })],
    ["gender", contact.gender && intl.formatMessage({ id: `contacts.gender.${contact.gender}` })],
    ["note", contact.note],
  ];
  return (
    <dl className={classes.details} data-testid="contact-details">
      {rows
        .filter((r): r is [DetailField, string] => Boolean(r[1]))
        .map(([field, value]) => (
          <Box key={field} display="contents">
            <dt>
              <FormattedMessage id={`contacts.field.${field}`} />
            </dt>
            <dd data-field={field}>{value}</dd>
          </Box>
        ))}
    </dl>
  );
}

function PanelHead({ contact, onClose, onDeleted }: { contact: Contact; onClose: () => void; onDeleted: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="md" wrap="nowrap" miw={0}>
        <ContactAvatar name={contact.fullName} phone={contact.phone ?? ""} sentiment={null} size={52} />
        <Box miw={0}>
          <Title order={2} size="h3" data-testid="contact-name">
            {contact.fullName}
          </Title>
          {contact.phone ? (
            <Text c="dimmed" size="sm">
              {formatPhoneForDisplay(contact.phone)}
            </Text>
          ) : null}
        </Box>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {contact.phone ? <CallButton phoneNumber={contact.phone} contactId={contact.id} /> : null}
        <TextContactButton contact={contact} />
        {contact.abilities.update ? (
          <Button
            variant="default"
            leftSection={<IconEdit size={16} />}
            onClick={() => {
              setEditing(true);
            }}
          >
            <FormattedMessage id="contacts.edit" />
          </Button>
        ) : null}
        {contact.abilities.delete ? (
          <Tooltip label={intl.formatMessage({ id: "contacts.delete" })} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={intl.formatMessage({ id: "contacts.delete" })}
              onClick={() => {
                setDeleting(true);
              }}
            >
              <IconTrash size={19} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label={intl.formatMessage({ id: "contacts.close-panel" })} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={intl.formatMessage({ id: "contacts.close-panel" })}
            onClick={onClose}
          >
            <IconX size={19} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ContactFormDialog
        opened={editing}
        contact={contact}
        onClose={() => {
          setEditing(false);
        }}
      />
      <ConfirmDialog
        opened={deleting}
        onClose={() => {
          setDeleting(false);
        }}
        title={<FormattedMessage id="contacts.delete-title" />}
        message={<FormattedMessage id="contacts.delete-confirm" values={{ name: contact.fullName }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(contact.id);
            onDeleted();
            alerts.success("contacts.deleted", undefined, { keepOnNavigation: true });
          } catch (error) {
            // error.contact-has-appointment among others: the server's words, in the person's language.
            alerts.apiError(error);
          }
        }}
      />
    </Group>
  );
}

/** The right pane of /contacts (`?contact=<id>`): one contact, its links, notes and surveys. */
export function ContactPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const contact = useContact(id);

  if (contact.isPending) {
    return (
      <div className={classes.panel}>
        <div className={classes.panelInner}>
          <Group gap="md">
            <Skeleton circle height={52} />
            <Skeleton height={20} width={220} />
          </Group>
          <Skeleton height={140} radius="md" />
          <Skeleton height={100} radius="md" />
        </div>
      </div>
    );
  }
  if (contact.isError) {
    const gone = isApiError(contact.error) && (contact.error.status === 404 || contact.error.status === 400);
    return (
      <div className={classes.empty}>
        <EmptyState icon={<IconUserOff />} title={<FormattedMessage id={gone ? "contacts.not-found" : "contacts.load-failed"} />} />
      </div>
    );
  }
  const c = contact.data;
  return (
    <section className={classes.panel} data-testid="contact-panel" aria-label={c.fullName}>
      <div className={classes.panelInner}>
        <PanelHead contact={c} onClose={onClose} onDeleted={onClose} />
        <PanelSection title={<FormattedMessage id="contacts.section.details" />} testId="contact-details-section">
          <Details contact={c} />
        </PanelSection>
        <LinkedContacts contact={c} />
        <ContactNotes contactId={c.id} />
        <ContactSurveys contactId={c.id} />
        <ContactAppointments contactId={c.id} />
      </div>
    </section>
  );
}

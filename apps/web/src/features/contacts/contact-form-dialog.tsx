import { useState } from "react";
import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { createContactRequest, updateContactRequest, type Contact } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useCreateContact, useUpdateContact } from "./api.ts";
import { ContactFields } from "./contact-fields.tsx";
import { contactToForm, emptyContactForm, formToRequest } from "./contact-form.ts";

const EMAIL_WARNING = "error.contact-email-change-warning";

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The contact to edit; none: a new one. */
  contact?: Contact;
  /** A new contact's number, known already (a conversation's "create the contact"). */
  phone?: string;
  onSaved?: (contact: Contact) => void;
}

/** Create or edit a contact: every field of the contract; the server has the last word. */
export function ContactFormDialog({ opened, onClose, contact, phone, onSaved }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<FormattedMessage id={contact ? "contacts.form.edit-title" : "contacts.form.create-title"} />}
      size="lg"
    >
      {/* Mounted while open only: each opening starts from the contact as it is now. */}
      {opened ? <ContactForm contact={contact} phone={phone} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function ContactForm({ contact, phone, onClose, onSaved }: Omit<Props, "opened">) {
  const intl = useIntl();
  const alerts = useAlerts();
  const create = useCreateContact();
  const update = useUpdateContact();
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: contact ? updateContactRequest : createContactRequest,
    initialValues: contact ? contactToForm(contact) : emptyContactForm(phone),
    toRequest: formToRequest,
  });
  const [problem, setProblem] = useState<unknown>(null);
  const [confirmingEmail, setConfirmingEmail] = useState(false);
  const busy = create.isPending || update.isPending;

  const done = (saved: Contact): void => {
    alerts.success(contact ? "contacts.updated" : "contacts.created");
    // Closed first: a page that moves to the saved contact has the last word on the address.
    onClose();
    onSaved?.(saved);
  };

  const failed = (error: unknown): void => {
    if (isApiError(error) && error.code === EMAIL_WARNING) {
      setConfirmingEmail(true);
      return;
    }
    showServerErrors(error);
    setProblem(error);
  };

  const save = (confirmEmailChange: boolean) =>
    submit((body) => {
      setProblem(null);
      if (contact) {
        update.mutate({ id: contact.id, body: { ...body, confirmEmailChange } }, { onSuccess: done, onError: failed });
      } else {
        create.mutate(body, { onSuccess: done, onError: failed });
      }
    });

  return (
    <form noValidate onSubmit={save(false)}>
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formatError(intl, problem)}
          </Alert>
        ) : null}
        <ContactFields
          values={form.getValues()}
          onChange={(key, value) => {
            form.setValues((values) => ({ ...values, [key]: value }));
          }}
          fieldError={(field) => form.errors[field]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" loading={busy}>
            <FormattedMessage id={contact ? "common.save" : "contacts.form.create"} />
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmingEmail}
        onClose={() => {
          setConfirmingEmail(false);
        }}
        title={<FormattedMessage id="contacts.email-change.title" />}
        message={<FormattedMessage id={EMAIL_WARNING} />}
        confirmLabel={<FormattedMessage id="contacts.email-change.confirm" />}
        danger={false}
        onConfirm={() => {
          save(true)();
          return Promise.resolve();
        }}
      />
    </form>
  );
}

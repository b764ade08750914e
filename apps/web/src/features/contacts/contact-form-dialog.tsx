import { useState, type ChangeEvent } from "react";
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  CONTACT_GENDERS,
  CONTACT_LANGUAGES,
  CONTACT_LIMITS,
  CONTACT_SALUTATIONS,
  createContactRequest,
  updateContactRequest,
  type Contact,
  type MessageId,
} from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { serverFieldErrors, useFieldError, validate, type FieldErrors } from "../../ui/forms.ts";
import { useCreateContact, useUpdateContact } from "./api.ts";
import { contactToForm, emptyContactForm, formToRequest, type ContactFormValues } from "./contact-form.ts";

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
  const [values, setValues] = useState<ContactFormValues>(() => (contact ? contactToForm(contact) : emptyContactForm(phone)));
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [confirmingEmail, setConfirmingEmail] = useState(false);
  const fieldError = useFieldError(errors);
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]): void => {
    setValues((v) => ({ ...v, [key]: value }));
  };

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
    setErrors(serverFieldErrors(error));
    setProblem(error);
  };

  const submit = (confirmEmailChange = false): void => {
    const body = formToRequest(values);
    const checked = validate(contact ? updateContactRequest : createContactRequest, body);
    setErrors(checked.errors);
    setProblem(null);
    if (checked.errors) {
      return;
    }
    if (contact) {
      update.mutate({ id: contact.id, body: { ...body, confirmEmailChange } }, { onSuccess: done, onError: failed });
    } else {
      create.mutate(body, { onSuccess: done, onError: failed });
    }
  };

  const text = (field: "firstname" | "lastname" | "business" | "email" | "address" | "city" | "postalCode", max: number) => ({
    label: <FormattedMessage id={`contacts.field.${field}`} />,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set(field, e.currentTarget.value);
    },
    error: fieldError(field),
    maxLength: max,
    name: field,
  });

  const options = <T extends string>(values: readonly T[], label: (value: T) => MessageId) =>
    values.map((value) => ({ value, label: intl.formatMessage({ id: label(value) }) }));

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formatError(intl, problem)}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={<FormattedMessage id="contacts.field.salutation" />}
            data={options(CONTACT_SALUTATIONS, (v) => `contacts.salutation.${v}`)}
            value={values.salutation}
            onChange={(v) => {
              set("salutation", CONTACT_SALUTATIONS.find((s) => s === v) ?? null);
            }}
            clearable
            name="salutation"
          />
          <TextInput {...text("firstname", CONTACT_LIMITS.name)} data-autofocus />
          <TextInput {...text("lastname", CONTACT_LIMITS.name)} />
        </SimpleGrid>
        <TextInput {...text("business", CONTACT_LIMITS.business)} description={<FormattedMessage id="contacts.form.name-hint" />} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={<FormattedMessage id="contacts.field.phone" />}
            value={values.phone}
            onChange={(e) => {
              set("phone", e.currentTarget.value);
            }}
            error={fieldError("phone")}
            type="tel"
            maxLength={40}
            name="phone"
          />
          <TextInput {...text("email", CONTACT_LIMITS.email)} type="email" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={<FormattedMessage id="contacts.field.birthday" />}
            value={values.birthday}
            onChange={(e) => {
              set("birthday", e.currentTarget.value);
            }}
            error={fieldError("birthday")}
            type="date"
            name="birthday"
          />
          <Select
            label={<FormattedMessage id="contacts.field.language" />}
            data={options(CONTACT_LANGUAGES, (v) => `contacts.language.${v}`)}
            value={values.language}
            onChange={(v) => {
              set("language", CONTACT_LANGUAGES.find((s) => s === v) ?? null);
            }}
            clearable
            name="language"
          />
          <Select
            label={<FormattedMessage id="contacts.field.gender" />}
            data={options(CONTACT_GENDERS, (v) => `contacts.gender.${v}`)}
            value={values.gender}
            onChange={(v) => {
              set("gender", CONTACT_GENDERS.find((s) => s === v) ?? null);
            }}
            clearable
            name="gender"
          />
        </SimpleGrid>
        <TextInput {...text("address", CONTACT_LIMITS.address)} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...text("city", CONTACT_LIMITS.city)} />
          <TextInput {...text("postalCode", CONTACT_LIMITS.postalCode)} />
        </SimpleGrid>
        <Textarea
          label={<FormattedMessage id="contacts.field.note" />}
          value={values.note}
          onChange={(e) => {
            set("note", e.currentTarget.value);
          }}
          error={fieldError("note")}
          autosize
          minRows={2}
          maxRows={5}
          maxLength={CONTACT_LIMITS.note}
          name="note"
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
          submit(true);
          return Promise.resolve();
        }}
      />
    </form>
  );
}

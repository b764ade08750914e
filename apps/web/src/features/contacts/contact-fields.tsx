import type { ChangeEvent, ReactNode } from "react";
import { Select, SimpleGrid, TextInput, Textarea } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { CONTACT_GENDERS, CONTACT_LANGUAGES, CONTACT_LIMITS, CONTACT_SALUTATIONS, type MessageId } from "@relais/shared";
import type { ContactFormValues } from "./contact-form.ts";

type TextField = "firstname" | "lastname" | "business" | "email" | "address" | "city" | "postalCode";

interface Props {
  values: ContactFormValues;
  onChange: <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => void;
  /** A field's problem (Mantine's `error`), by the field's name in the contract. */
  fieldError?: (field: keyof ContactFormValues) => ReactNode;
  /**
   * "full": every field of the contact (the contact form). "brief": who the person is and how to
   * reach them, the rest left for the contact's own screen (the agenda's booking form).
   */
  variant?: "full" | "brief";
}

/** The fields of a contact, in the contact form and wherever a contact is made on the way. */
export function ContactFields({ values, onChange, fieldError, variant = "full" }: Props) {
  const intl = useIntl();
  const errorOf = (field: keyof ContactFormValues) => fieldError?.(field);

  const text = (field: TextField, max: number) => ({
    label: <FormattedMessage id={`contacts.field.${field}`} />,
    value: values[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      onChange(field, e.currentTarget.value);
    },
    error: errorOf(field),
    // No maxLength: a longer text pasted is not cut silently, the form says its maximum
    // (validation.max-length, from the shared schema) and the person shortens it.
    "data-max": max,
    name: field,
  });

  const options = <T extends string>(choices: readonly T[], label: (value: T) => MessageId) =>
    choices.map((value) => ({ value, label: intl.formatMessage({ id: label(value) }) }));

  const phone = (
    <TextInput
      label={<FormattedMessage id="contacts.field.phone" />}
      value={values.phone}
      onChange={(e) => {
        onChange("phone", e.currentTarget.value);
      }}
      error={errorOf("phone")}
      type="tel"
      maxLength={40}
      name="phone"
    />
  );
  const email = <TextInput {...text("email", CONTACT_LIMITS.email)} type="email" />;
  const birthday = (
    <TextInput
      label={<FormattedMessage id="contacts.field.birthday" />}
      value={values.birthday}
      onChange={(e) => {
        onChange("birthday", e.currentTarget.value);
      }}
      error={errorOf("birthday")}
      type="date"
      name="birthday"
    />
  );
  const reach = (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {phone}
      {email}
    </SimpleGrid>
  );

  if (variant === "brief") {
    return (
      <>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput {...text("firstname", CONTACT_LIMITS.name)} />
          <TextInput {...text("lastname", CONTACT_LIMITS.name)} />
          {birthday}
        </SimpleGrid>
        {reach}
      </>
    );
  }

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={<FormattedMessage id="contacts.field.salutation" />}
          data={options(CONTACT_SALUTATIONS, (v) => `contacts.salutation.${v}`)}
          value={values.salutation}
          onChange={(v) => {
            onChange("salutation", CONTACT_SALUTATIONS.find((s) => s === v) ?? null);
          }}
          clearable
          name="salutation"
        />
        <TextInput {...text("firstname", CONTACT_LIMITS.name)} data-autofocus />
        <TextInput {...text("lastname", CONTACT_LIMITS.name)} />
      </SimpleGrid>
      <TextInput {...text("business", CONTACT_LIMITS.business)} description={<FormattedMessage id="contacts.form.name-hint" />} />
      {reach}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {birthday}
        <Select
          label={<FormattedMessage id="contacts.field.language" />}
          data={options(CONTACT_LANGUAGES, (v) => `contacts.language.${v}`)}
          value={values.language}
          onChange={(v) => {
            onChange("language", CONTACT_LANGUAGES.find((s) => s === v) ?? null);
          }}
          clearable
          name="language"
        />
        <Select
          label={<FormattedMessage id="contacts.field.gender" />}
          data={options(CONTACT_GENDERS, (v) => `contacts.gender.${v}`)}
          value={values.gender}
          onChange={(v) => {
            onChange("gender", CONTACT_GENDERS.find((s) => s === v) ?? null);
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
          onChange("note", e.currentTarget.value);
        }}
        error={errorOf("note")}
        autosize
        minRows={2}
        maxRows={5}
        name="note"
      />
    </>
  );
}

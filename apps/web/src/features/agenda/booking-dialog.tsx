import { useState } from "react";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { CONTACT_GENDERS, createAppointmentRequest, EXTRA_DOCUMENTS, formatPhoneForDisplay } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { useSession } from "../../app/session/session.tsx";
import { nullIfBlank } from "../../ui/forms.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { ContactFields } from "../contacts/contact-fields.tsx";
import { emptyContactForm, type ContactFormValues } from "../contacts/contact-form.ts";
import { useBook, useContactSearch, useServices } from "./api.ts";
import type { FreeSlot } from "./time-grid.tsx";
import { useDates } from "../../ui/dates.ts";

const DURATIONS = [15, 30, 45, 60, 90, 120];

interface Props {
  slot: FreeSlot | null;
  onClose: () => void;
}

/** The appointment form of spec part 2 §3, opened on a free slot of the agenda. */
export function BookingDialog({ slot, onClose }: Props) {
  return (
    <Modal opened={slot !== null} onClose={onClose} title={<FormattedMessage id="agenda.book.title" />} size="lg">
      {slot ? <BookingForm slot={slot} onClose={onClose} /> : null}
    </Modal>
  );
}

type ContactMode = "existing" | "new";

/** The new contact's fields as the request names them (`contact.firstName`), where they differ. */
const REQUEST_FIELD: Partial<Record<keyof ContactFormValues, string>> = { firstname: "firstName", lastname: "lastName" };

function BookingForm({ slot, onClose }: { slot: FreeSlot; onClose: () => void }) {
  const intl = useIntl();
  const dates = useDates();
  const alerts = useAlerts();
  const { organization } = useSession();
  const services = useServices(organization.sector);
  const book = useBook();
  const [mode, setMode] = useState<ContactMode>("new");
  const [search, setSearch] = useState("");
  const found = useContactSearch(mode === "existing" ? search : "");
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: createAppointmentRequest,
    initialValues: {
      contactId: null as string | null,
      contact: emptyContactForm(),
      duration: "30",
      serviceId: null as string | null,
      category: "",
      gender: "male",
      kit: false,
      extraDocument: "covid",
      requests: "",
      notes: "",
    },
    // The slot is the one clicked; the contact is the one found or the one typed, by the mode.
    toRequest: ({ contactId, contact: person, duration, serviceId, category, requests, notes, ...rest }) => ({
      ...rest,
      memberId: slot.member.memberId,
      date: slot.date,
      start: slot.start,
      duration: Number(duration),
      serviceId: serviceId ?? "",
      category: nullIfBlank(category),
      requests: nullIfBlank(requests),
      notes: nullIfBlank(notes),
      ...(mode === "existing" && contactId
        ? { contactId }
        : {
            contact: {
              firstName: nullIfBlank(person.firstname),
              lastName: nullIfBlank(person.lastname),
              birthday: nullIfBlank(person.birthday),
              phone: nullIfBlank(person.phone),
              email: nullIfBlank(person.email),
            },
          }),
    }),
  });
  const [problem, setProblem] = useState<unknown>(null);
  const { contactId, contact: person, serviceId } = form.getValues();

  const offered = services.data?.filter((s) => organization.services.length === 0 || organization.services.includes(s.id)) ?? [];
  const ready =
    serviceId !== null && (mode === "new" ? person.firstname.trim() !== "" || person.lastname.trim() !== "" : contactId !== null);

  const save = submit((body) => {
    setProblem(null);
    book.mutate(body, {
      onSuccess: () => {
        alerts.success("agenda.book.done");
        onClose();
      },
      onError: (error) => {
        setProblem(error);
        showServerErrors(error);
      },
    });
  });

  return (
    <form noValidate onSubmit={save}>
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {formatError(intl, problem)}
          </Alert>
        ) : null}
        <Text size="sm">
          <FormattedMessage id="agenda.book.dentist" />: <b>{slot.member.name}</b> —{" "}
          <FormattedMessage id="agenda.book.when" values={{ date: dates.date(slot.date, "long"), time: slot.start }} />
        </Text>
        <SimpleGrid cols={3} spacing="sm">
          <Select
            label={<FormattedMessage id="agenda.book.service" />}
            data={offered.map((s) => ({ value: s.id, label: s.label }))}
            {...form.getInputProps("serviceId")}
            name="serviceId"
            required
            // The dialog's focus trap focuses this field rather than the close button: a click on
            // it that comes before the trap's timer would otherwise lose focus and close its list.
            data-autofocus
          />
          <TextInput
            label={<FormattedMessage id="agenda.book.category" />}
            {...form.getInputProps("category")}
            name="category"
            maxLength={100}
          />
          <Select
            label={<FormattedMessage id="agenda.book.duration" />}
            data={DURATIONS.map(String)}
            {...form.getInputProps("duration")}
            allowDeselect={false}
            name="duration"
          />
        </SimpleGrid>
        <SegmentedControl
          value={mode}
          onChange={(v) => {
            setMode(v === "existing" ? "existing" : "new");
          }}
          data={[
            { value: "new", label: intl.formatMessage({ id: "agenda.book.contact-new" }) },
            { value: "existing", label: intl.formatMessage({ id: "agenda.book.contact-existing" }) },
          ]}
        />
        {mode === "existing" ? (
          <Select
            label={<FormattedMessage id="agenda.book.contact-search" />}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={(found.data?.contacts ?? []).map((c) => ({
              value: c.id,
              label: [c.fullName, c.phone && formatPhoneForDisplay(c.phone)].filter(Boolean).join(" · "),
            }))}
            {...form.getInputProps("contactId")}
            nothingFoundMessage={search.trim().length >= 3 ? intl.formatMessage({ id: "common.no-results" }) : undefined}
            name="contactId"
          />
        ) : (
          <ContactFields
            variant="brief"
            values={person}
            onChange={(key, value) => {
              form.setFieldValue("contact", { ...person, [key]: value });
            }}
            // The request names the new contact's fields under `contact.`.
            fieldError={(field) => form.errors[`contact.${REQUEST_FIELD[field] ?? field}`]}
          />
        )}
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label={<FormattedMessage id="agenda.book.gender" />}
            data={CONTACT_GENDERS.map((g) => ({ value: g, label: intl.formatMessage({ id: `agenda.book.gender.${g}` }) }))}
            {...form.getInputProps("gender")}
            allowDeselect={false}
            name="gender"
          />
          <Select
            label={<FormattedMessage id="agenda.book.extra-document" />}
            data={EXTRA_DOCUMENTS.map((d) => ({ value: d, label: intl.formatMessage({ id: `agenda.book.extra-document.${d}` }) }))}
            {...form.getInputProps("extraDocument")}
            allowDeselect={false}
            name="extraDocument"
          />
        </SimpleGrid>
        <Checkbox label={<FormattedMessage id="agenda.book.kit" />} {...form.getInputProps("kit", { type: "checkbox" })} name="kit" />
        <Textarea
          label={<FormattedMessage id="agenda.book.requests" />}
          {...form.getInputProps("requests")}
          autosize
          minRows={1}
          maxLength={2000}
          name="requests"
        />
        <Textarea
          label={<FormattedMessage id="agenda.book.notes" />}
          {...form.getInputProps("notes")}
          autosize
          minRows={1}
          maxLength={2000}
          name="notes"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button type="submit" loading={book.isPending} disabled={!ready}>
            <FormattedMessage id="agenda.book.submit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

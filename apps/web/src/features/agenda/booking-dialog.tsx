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
import { CONTACT_GENDERS, EXTRA_DOCUMENTS, type CreateAppointmentRequest } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { useSession } from "../../app/session/session.tsx";
import { nullIfBlank } from "../../ui/forms.ts";
import { useBook, useContactSearch, useServices } from "./api.ts";
import type { FreeSlot } from "./time-grid.tsx";

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

function BookingForm({ slot, onClose }: { slot: FreeSlot; onClose: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const { organization } = useSession();
  const services = useServices(organization.sector);
  const book = useBook();
  const [mode, setMode] = useState<ContactMode>("new");
  const [search, setSearch] = useState("");
  const found = useContactSearch(mode === "existing" ? search : "");
  const [contactId, setContactId] = useState<string | null>(null);
  const [person, setPerson] = useState({ firstName: "", lastName: "", birthday: "", phone: "", email: "" });
  const [duration, setDuration] = useState("30");
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [category, setCategory] = useState("");
  const [gender, setGender] = useState<(typeof CONTACT_GENDERS)[number]>("male");
  const [kit, setKit] = useState(false);
  const [extraDocument, setExtraDocument] = useState<(typeof EXTRA_DOCUMENTS)[number]>("covid");
  const [requests, setRequests] = useState("");
  const [notes, setNotes] = useState("");
  const [problem, setProblem] = useState<unknown>(null);

  const offered = services.data?.filter((s) => organization.services.length === 0 || organization.services.includes(s.id)) ?? [];
  const ready =
    serviceId !== null && (mode === "new" ? person.firstName.trim() !== "" || person.lastName.trim() !== "" : contactId !== null);

  const submit = (): void => {
    if (!serviceId) return;
    const body: CreateAppointmentRequest = {
      memberId: slot.member.memberId,
      date: slot.date,
      start: slot.start,
      duration: Number(duration),
      serviceId,
      category: nullIfBlank(category),
      gender,
      kit,
      extraDocument,
      requests: nullIfBlank(requests),
      notes: nullIfBlank(notes),
      ...(mode === "existing" && contactId
        ? { contactId }
        : {
            contact: {
              firstName: nullIfBlank(person.firstName),
              lastName: nullIfBlank(person.lastName),
              birthday: nullIfBlank(person.birthday),
              phone: nullIfBlank(person.phone),
              email: nullIfBlank(person.email),
            },
          }),
    };
    setProblem(null);
    book.mutate(body, {
      onSuccess: () => {
        alerts.success("agenda.book.done");
        onClose();
      },
      onError: setProblem,
    });
  };

  const personField = (key: keyof typeof person, label: "first-name" | "last-name" | "birthday" | "phone" | "email", type = "text") => (
    <TextInput
      label={<FormattedMessage id={`agenda.book.${label}`} />}
      value={person[key]}
      type={type}
      name={key}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setPerson((p) => ({ ...p, [key]: value }));
      }}
    />
  );

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
        <Text size="sm">
          <FormattedMessage id="agenda.book.dentist" />: <b>{slot.member.name}</b> —{" "}
          <FormattedMessage
            id="agenda.book.when"
            values={{ date: intl.formatDate(`${slot.date}T12:00:00Z`, { timeZone: "UTC", dateStyle: "full" }), time: slot.start }}
          />
        </Text>
        <SimpleGrid cols={3} spacing="sm">
          <Select
            label={<FormattedMessage id="agenda.book.service" />}
            data={offered.map((s) => ({ value: s.id, label: s.label }))}
            value={serviceId}
            onChange={setServiceId}
            name="serviceId"
            required
          />
          <TextInput
            label={<FormattedMessage id="agenda.book.category" />}
            value={category}
            onChange={(e) => {
              setCategory(e.currentTarget.value);
            }}
            name="category"
            maxLength={100}
          />
          <Select
            label={<FormattedMessage id="agenda.book.duration" />}
            data={DURATIONS.map(String)}
            value={duration}
            onChange={(v) => {
              setDuration(v ?? "30");
            }}
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
            data={(found.data?.contacts ?? []).map((c) => ({ value: c.id, label: [c.fullName, c.phone].filter(Boolean).join(" · ") }))}
            value={contactId}
            onChange={setContactId}
            nothingFoundMessage={search.trim().length >= 3 ? intl.formatMessage({ id: "common.no-results" }) : undefined}
            name="contactId"
          />
        ) : (
          <>
            <SimpleGrid cols={3} spacing="sm">
              {personField("firstName", "first-name")}
              {personField("lastName", "last-name")}
              {personField("birthday", "birthday", "date")}
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="sm">
              {personField("phone", "phone", "tel")}
              {personField("email", "email", "email")}
            </SimpleGrid>
          </>
        )}
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label={<FormattedMessage id="agenda.book.gender" />}
            data={CONTACT_GENDERS.map((g) => ({ value: g, label: intl.formatMessage({ id: `agenda.book.gender.${g}` }) }))}
            value={gender}
            onChange={(v) => {
              setGender(CONTACT_GENDERS.find((g) => g === v) ?? "male");
            }}
            allowDeselect={false}
            name="gender"
          />
          <Select
            label={<FormattedMessage id="agenda.book.extra-document" />}
            data={EXTRA_DOCUMENTS.map((d) => ({ value: d, label: intl.formatMessage({ id: `agenda.book.extra-document.${d}` }) }))}
            value={extraDocument}
            onChange={(v) => {
              setExtraDocument(EXTRA_DOCUMENTS.find((d) => d === v) ?? "covid");
            }}
            allowDeselect={false}
            name="extraDocument"
          />
        </SimpleGrid>
        <Checkbox
          label={<FormattedMessage id="agenda.book.kit" />}
          checked={kit}
          onChange={(e) => {
            setKit(e.currentTarget.checked);
          }}
          name="kit"
        />
        <Textarea
          label={<FormattedMessage id="agenda.book.requests" />}
          value={requests}
          onChange={(e) => {
            setRequests(e.currentTarget.value);
          }}
          autosize
          minRows={1}
          maxLength={2000}
          name="requests"
        />
        <Textarea
          label={<FormattedMessage id="agenda.book.notes" />}
          value={notes}
          onChange={(e) => {
            setNotes(e.currentTarget.value);
          }}
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

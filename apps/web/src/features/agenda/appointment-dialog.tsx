import { useState } from "react";
import { Alert, Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { formatPhoneForDisplay, moveAppointmentRequest, type Appointment, type MemberAvailabilities } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useCancelAppointment, useMove } from "./api.ts";
import { useDates } from "../../ui/dates.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";

interface Props {
  appointment: Appointment | null;
  /** Members it may move to (those of the agenda shown). */
  members: MemberAvailabilities[];
  onClose: () => void;
}

/** An appointment of the agenda: what it is, and moving or cancelling it (with confirmation). */
export function AppointmentDialog({ appointment, members, onClose }: Props) {
  return (
    <Modal opened={appointment !== null} onClose={onClose} title={<FormattedMessage id="agenda.appointment.title" />} size="md">
      {appointment ? <AppointmentPanel appointment={appointment} members={members} onClose={onClose} /> : null}
    </Modal>
  );
}

function AppointmentPanel({
  appointment: a,
  members,
  onClose,
}: {
  appointment: Appointment;
  members: MemberAvailabilities[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const dates = useDates();
  const alerts = useAlerts();
  const move = useMove();
  const cancel = useCancelAppointment();
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: moveAppointmentRequest,
    // The length stays as booked: only the day, the time and the dentist move.
    initialValues: { date: a.date, start: a.start, memberId: a.memberId, duration: a.duration },
  });
  const { date, start, memberId } = form.getValues();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);
  const longDate = dates.date(a.date, "long");
  const memberChoices: { memberId: string; name: string }[] = members.some((m) => m.memberId === a.memberId)
    ? members
    : [...members, { memberId: a.memberId, name: a.memberName }];

  const submitMove = submit((body) => {
    setProblem(null);
    move.mutate(
      { id: a.id, body },
      {
        onSuccess: () => {
          alerts.success("agenda.appointment.moved");
          onClose();
        },
        onError: (error) => {
          showServerErrors(error);
          setProblem(error);
        },
      },
    );
  });

  return (
    <Stack gap="sm">
      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {formatError(intl, problem)}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Text fw={600}>{a.contactName}</Text>
        <Anchor component={Link} to={`/contacts?contact=${a.contactId}`} size="sm">
          <FormattedMessage id="agenda.appointment.open-contact" />
        </Anchor>
      </Group>
      <Text size="sm">
        {longDate}, {a.start}–{a.end} · {a.memberName}
      </Text>
      <Text size="sm" c="dimmed">
        {[a.serviceLabel, a.category, a.contactPhone && formatPhoneForDisplay(a.contactPhone)].filter(Boolean).join(" · ")}
      </Text>
      {a.requests ? <Text size="sm">{a.requests}</Text> : null}
      {a.notes ? <Text size="sm">{a.notes}</Text> : null}
      <form noValidate onSubmit={submitMove}>
        <SimpleGrid cols={3} spacing="sm" mt="sm">
          <TextInput type="date" label={<FormattedMessage id="agenda.appointment.date" />} {...form.getInputProps("date")} name="date" />
          <TextInput
            type="time"
            step={300}
            label={<FormattedMessage id="agenda.appointment.start" />}
            {...form.getInputProps("start")}
            name="start"
          />
          <Select
            label={<FormattedMessage id="agenda.book.dentist" />}
            data={memberChoices.map((m) => ({ value: m.memberId, label: m.name }))}
            {...form.getInputProps("memberId")}
            allowDeselect={false}
            name="memberId"
          />
        </SimpleGrid>
        <Group justify="space-between" mt="lg">
          <Button
            color="red"
            variant="light"
            onClick={() => {
              setConfirming(true);
            }}
          >
            <FormattedMessage id="agenda.appointment.cancel" />
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              <FormattedMessage id="agenda.appointment.close" />
            </Button>
            <Button type="submit" loading={move.isPending} disabled={date === a.date && start === a.start && memberId === a.memberId}>
              <FormattedMessage id="agenda.appointment.move" />
            </Button>
          </Group>
        </Group>
      </form>
      <ConfirmDialog
        opened={confirming}
        title={<FormattedMessage id="agenda.appointment.cancel" />}
        message={
          <FormattedMessage id="agenda.appointment.cancel-confirm" values={{ name: a.contactName, date: longDate, time: a.start }} />
        }
        confirmLabel={<FormattedMessage id="agenda.appointment.cancel" />}
        onClose={() => {
          setConfirming(false);
        }}
        onConfirm={async () => {
          try {
            await cancel.mutateAsync(a.id);
            alerts.success("agenda.appointment.cancelled");
            onClose();
          } catch (error) {
            setProblem(error);
          }
        }}
      />
    </Stack>
  );
}

import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  instantInZone,
  MESSAGE_BODY_MAX,
  pastReminders,
  scheduledMessageRequest,
  scheduledSendTime,
  SCHEDULED_REMINDERS,
  SCHEDULED_TITLE_MAX,
  type ScheduledMessage,
  type ScheduledReminder,
} from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { useQuickMessages } from "../text-blocks/quick-message-picker.tsx";
import { useSaveScheduled } from "./api.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { QuickMessageTextarea } from "../text-blocks/quick-message-textarea.tsx";

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The conversation's contact and team: the text goes from that team's number to them. */
  contactPhone: string;
  teamId: string;
  /** The message being edited; null: a new one. */
  editing: ScheduledMessage | null;
}

/**
 * Schedule a text (spec part 2 §3): title, message, date and optional time in the organisation's
 * time zone (a date alone goes at the office's opening time, decision 0034), reminders. The server judges every rule and answers the spec's texts, shown above the form.
 */
export function ScheduleDialog({ opened, onClose, contactPhone, teamId, editing }: Props) {
  const intl = useIntl();
  const save = useSaveScheduled();
  const { organization } = useSession();
  const values = {
    title: editing?.title ?? "",
    message: editing?.message ?? "",
    date: editing?.date ?? "",
    time: editing?.time ?? "",
    reminders: (editing?.reminders ?? []) as string[],
  };
  // A reminder whose moment is already past for this date and time cannot be chosen (the server
  // refuses it too); one an edited message already sent stays as it is. A date alone goes at the
  // office's opening time that day (decision 0034): the reminders count back from there.
  const lateReminders = ({ date, time }: typeof values): Set<ScheduledReminder> => {
    const at = instantInZone(date, scheduledSendTime(date, time, organization.schedule.week), organization.timezone);
    return new Set(at ? pastReminders(at, SCHEDULED_REMINDERS, new Date()).filter((r) => !editing?.remindersSent.includes(r)) : []);
  };
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: scheduledMessageRequest,
    initialValues: values,
    toRequest: (v) => {
      const late = lateReminders(v);
      return { ...v, toPhoneNumber: contactPhone, teamId, reminders: v.reminders.filter((r) => !late.has(r as ScheduledReminder)) };
    },
  });
  const current = form.getValues();
  const late = lateReminders(current);
  const chosen = current.reminders.filter((r) => !late.has(r as ScheduledReminder));
  // Only text is scheduled: a quick message with a file is not inserted here (spec part 2 §5).
  const quick = useQuickMessages({
    text: current.message,
    setText: (text) => {
      form.setFieldValue("message", text);
    },
    contactPhone,
    textOnly: true,
  });

  const close = (): void => {
    if (save.isPending) {
      return;
    }
    save.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={<FormattedMessage id={editing ? "scheduled.edit-title" : "scheduled.new-title"} />}
      size="md"
    >
      <form
        noValidate
        onSubmit={submit((input) => {
          save.mutate(
            { id: editing?.id ?? null, input },
            {
              onSuccess: () => {
                save.reset();
                onClose();
              },
              onError: (error) => {
                showServerErrors(error);
              },
            },
          );
        })}
      >
        <Stack gap="md">
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formatError(intl, save.error)}
            </Alert>
          ) : null}
          <TextInput
            label={<FormattedMessage id="scheduled.field-title" />}
            {...form.getInputProps("title")}
            maxLength={SCHEDULED_TITLE_MAX}
            data-autofocus
          />
          <QuickMessageTextarea
            quick={quick}
            value={current.message}
            onValue={(text) => {
              form.setFieldValue("message", text);
            }}
            error={form.errors["message"]}
            label={<FormattedMessage id="scheduled.field-message" />}
            minRows={3}
            maxLength={MESSAGE_BODY_MAX}
          />
          <Group grow>
            <TextInput type="date" label={<FormattedMessage id="scheduled.field-date" />} {...form.getInputProps("date")} />
            <TextInput
              type="time"
              label={<FormattedMessage id="scheduled.field-time" />}
              description={<FormattedMessage id="scheduled.field-time-hint" />}
              {...form.getInputProps("time")}
            />
          </Group>
          <Checkbox.Group
            label={<FormattedMessage id="scheduled.field-reminders" />}
            description={late.size > 0 ? <FormattedMessage id="scheduled.reminder-past" /> : undefined}
            {...form.getInputProps("reminders")}
            value={chosen}
          >
            <Group gap="md" mt={4}>
              {SCHEDULED_REMINDERS.map((r) => (
                <Checkbox
                  key={r}
                  value={r}
                  disabled={late.has(r)}
                  label={intl.formatMessage({ id: `scheduled.reminder-${r}` })}
                  data-late={late.has(r) || undefined}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage id="scheduled.cancel-dialog" />
            </Button>
            <Button type="submit" loading={save.isPending} disabled={quick.blocked}>
              <FormattedMessage id="scheduled.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

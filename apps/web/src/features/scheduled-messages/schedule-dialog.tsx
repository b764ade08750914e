import { useState } from "react";
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  instantInZone,
  MESSAGE_BODY_MAX,
  pastReminders,
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
  const [title, setTitle] = useState(editing?.title ?? "");
  const [message, setMessage] = useState(editing?.message ?? "");
  const [date, setDate] = useState(editing?.date ?? "");
  const [time, setTime] = useState(editing?.time ?? "");
  const [reminders, setReminders] = useState<string[]>(editing?.reminders ?? []);
  const { organization } = useSession();
  // A reminder whose moment is already past for this date and time cannot be chosen (the server
  // refuses it too); one an edited message already sent stays as it is. A date alone goes at the
  // office's opening time that day (decision 0034): the reminders count back from there.
  const at = instantInZone(date, scheduledSendTime(date, time, organization.schedule.week), organization.timezone);
  const late = new Set(at ? pastReminders(at, SCHEDULED_REMINDERS, new Date()).filter((r) => !editing?.remindersSent.includes(r)) : []);
  const chosen = reminders.filter((r) => !late.has(r as ScheduledReminder));
  // Only text is scheduled: a quick message with a file is not inserted here (spec part 2 §5).
  const quick = useQuickMessages({ text: message, setText: setMessage, contactPhone, textOnly: true });

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
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            {
              id: editing?.id ?? null,
              input: { title, message, date, time, toPhoneNumber: contactPhone, teamId, reminders: chosen as ScheduledReminder[] },
            },
            {
              onSuccess: () => {
                save.reset();
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          {save.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {formatError(intl, save.error)}
            </Alert>
          ) : null}
          <TextInput
            label={<FormattedMessage id="scheduled.field-title" />}
            value={title}
            onChange={(e) => {
              setTitle(e.currentTarget.value);
            }}
            maxLength={SCHEDULED_TITLE_MAX}
            data-autofocus
          />
          <QuickMessageTextarea
            quick={quick}
            value={message}
            onValue={setMessage}
            label={<FormattedMessage id="scheduled.field-message" />}
            minRows={3}
            maxLength={MESSAGE_BODY_MAX}
          />
          <Group grow>
            <TextInput
              type="date"
              label={<FormattedMessage id="scheduled.field-date" />}
              value={date}
              onChange={(e) => {
                setDate(e.currentTarget.value);
              }}
            />
            <TextInput
              type="time"
              label={<FormattedMessage id="scheduled.field-time" />}
              description={<FormattedMessage id="scheduled.field-time-hint" />}
              value={time}
              onChange={(e) => {
                setTime(e.currentTarget.value);
              }}
            />
          </Group>
          <Checkbox.Group
            label={<FormattedMessage id="scheduled.field-reminders" />}
            description={late.size > 0 ? <FormattedMessage id="scheduled.reminder-past" /> : undefined}
            value={chosen}
            onChange={setReminders}
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

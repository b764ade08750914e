import { useState } from "react";
import { Alert, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { MESSAGE_BODY_MAX, type Thread } from "@relais/shared";
import { addConversationError } from "./add-conversation-error.ts";
import { useQuickMessages } from "../text-blocks/quick-message-picker.tsx";
import { useCreateThread } from "./api.ts";
import { QuickMessageTextarea } from "../text-blocks/quick-message-textarea.tsx";

interface Props {
  opened: boolean;
  onClose: () => void;
  onCreated: (thread: Thread) => void;
  /** A number already known (texting a contact); the person may still change it. */
  initialTo?: string;
}

/** A new thread in the current team: a number and its first text. The server judges the number. */
export function NewConversationDialog({ opened, onClose, onCreated, initialTo = "" }: Props) {
  const intl = useIntl();
  const create = useCreateThread();
  const [to, setTo] = useState(initialTo);
  const [body, setBody] = useState("");
  // This dialog sends text only: a quick message with a file is not inserted here (spec part 2 §5).
  const quick = useQuickMessages({ text: body, setText: setBody, contactPhone: to.replace(/\s+/g, ""), textOnly: true });
  const failure = create.isError ? addConversationError(create.error) : null;
  const ready = to.trim().length > 0 && body.trim().length > 0 && !quick.blocked;

  const close = (): void => {
    if (create.isPending) {
      return;
    }
    create.reset();
    setTo("");
    setBody("");
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={<FormattedMessage id="new-conversation.title" />} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) {
            return;
          }
          // Spec part 1 §5: white space is removed from a new conversation's number.
          create.mutate(
            { to: to.replace(/\s+/g, ""), body },
            {
              onSuccess: (created) => {
                create.reset();
                setTo("");
                setBody("");
                onCreated(created.thread);
              },
            },
          );
        }}
      >
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {intl.formatMessage({ id: failure.key })}
              {failure.detail ? ` – ${failure.detail}` : null}
            </Alert>
          ) : null}
          <TextInput
            label={<FormattedMessage id="new-conversation.number" />}
            description={<FormattedMessage id="new-conversation.number-hint" />}
            value={to}
            onChange={(e) => {
              setTo(e.currentTarget.value);
            }}
            type="tel"
            required
            maxLength={40}
            data-autofocus={initialTo === "" ? true : undefined}
          />
          <QuickMessageTextarea
            quick={quick}
            value={body}
            onValue={setBody}
            label={<FormattedMessage id="new-conversation.message" />}
            required
            minRows={3}
            maxRows={8}
            maxLength={MESSAGE_BODY_MAX}
            data-autofocus={initialTo !== "" ? true : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit" disabled={!ready} loading={create.isPending}>
              <FormattedMessage id="new-conversation.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { useState, type ReactNode } from "react";
import { Button, Group, Modal, Text } from "@mantine/core";
import { FormattedMessage } from "react-intl";

interface Props {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  /** Destructive actions get a red confirm button. */
  danger?: boolean;
  onClose: () => void;
  /** Runs the action; the dialog closes when it settles (errors are the caller's to show). */
  onConfirm: () => Promise<unknown>;
}

/** Asks before a destructive or session-ending action; the confirm button shows its progress. */
export function ConfirmDialog({ opened, title, message, confirmLabel, danger = true, onClose, onConfirm }: Props) {
  const [busy, setBusy] = useState(false);

  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // The caller reports the failure; the dialog still closes.
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} size="md">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button
          color={danger ? "red" : undefined}
          loading={busy}
          onClick={() => {
            void confirm();
          }}
          data-autofocus
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

import { useState } from "react";
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { ScheduledMessage } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useCancelScheduled } from "./api.ts";

/**
 * Cancels a scheduled message after the person confirms (issue 15 §6): a cancelled text cannot
 * be brought back, so a slip of the mouse must not do it.
 */
export function CancelScheduledButton({ item }: { item: ScheduledMessage }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const cancel = useCancelScheduled();
  const [asking, setAsking] = useState(false);
  const label = intl.formatMessage({ id: "scheduled.cancel" });
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={label}
          onClick={() => {
            setAsking(true);
          }}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      <ConfirmDialog
        opened={asking}
        title={<FormattedMessage id="scheduled.cancel-confirm.title" />}
        message={
          <FormattedMessage id="scheduled.cancel-confirm.message" values={{ title: item.title, date: item.date, time: item.time }} />
        }
        confirmLabel={<FormattedMessage id="scheduled.cancel-confirm.confirm" />}
        onClose={() => {
          setAsking(false);
        }}
        onConfirm={() =>
          cancel.mutateAsync(item.id).catch((error: unknown) => {
            alerts.error("error.scheduled-message-save", error);
          })
        }
      />
    </>
  );
}

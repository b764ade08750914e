import type { ReactNode } from "react";
import { Button, Group } from "@mantine/core";
import { FormattedMessage } from "react-intl";

/** A form dialog's last row: Cancel (closed while the request runs), then the submit button with its spinner. */
export function DialogActions({ onCancel, pending, submit }: { onCancel: () => void; pending: boolean; submit: ReactNode }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        <FormattedMessage id="common.cancel" />
      </Button>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}

import type { ReactNode } from "react";
import { Button, Group, Text } from "@mantine/core";
import { FormattedMessage } from "react-intl";

/**
 * The end of a settings form: its submit button, with "fix the fields in red" beside it while a
 * field is in error. `className`: the sticky bar of the long configuration forms.
 */
export function SaveBar({
  hasErrors,
  pending,
  label,
  className,
}: {
  hasErrors: boolean;
  pending: boolean;
  label: ReactNode;
  className?: string;
}) {
  return (
    <Group justify="flex-end" className={className}>
      {hasErrors ? (
        <Text size="sm" c="red" role="alert">
          <FormattedMessage id="config.fix-errors" />
        </Text>
      ) : null}
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}

import type { ReactNode } from "react";
import { Button, Group, Text } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import classes from "./save-bar.module.css";

/**
 * The end of a settings form: its submit button, with "fix the fields in red" beside it while a
 * field is in error. `sticky`: the bar stays at the bottom of the long configuration forms.
 */
export function SaveBar({
  hasErrors,
  pending,
  label,
  sticky = false,
}: {
  hasErrors: boolean;
  pending: boolean;
  label: ReactNode;
  sticky?: boolean;
}) {
  return (
    <Group justify="flex-end" className={sticky ? classes.sticky : undefined}>
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

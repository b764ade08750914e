import { useId, type ReactNode } from "react";
import { Box, Switch, Text, type SwitchProps } from "@mantine/core";

type Props = Omit<SwitchProps, "description"> & { description?: ReactNode };

/**
 * A switch with a help line. Mantine's own `description` sits inside the switch's <label>, so
 * it would become part of the accessible name; here it is a separate line the switch points at
 * with aria-describedby, and the name stays the label alone.
 */
export function SwitchField({ description, ...props }: Props) {
  const id = useId();
  const descriptionId = description ? `${id}-help` : undefined;
  return (
    <Box>
      <Switch {...props} aria-describedby={descriptionId} />
      {description ? (
        <Text id={descriptionId} size="xs" c="dimmed" pl={50} mt={2}>
          {description}
        </Text>
      ) : null}
    </Box>
  );
}

import type { ReactNode } from "react";
import { Group, Paper, Title } from "@mantine/core";

/** A titled block of the panel. */
export function PanelSection({
  title,
  action,
  children,
  testId,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId} component="section">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

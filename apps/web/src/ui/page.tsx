import type { ReactNode } from "react";
import { Box, Group, Stack, Text, Title } from "@mantine/core";

interface HeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** The title block at the top of a screen. */
export function PageHeader({ title, description, actions }: HeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="lg">
      <Box>
        <Title order={2} fz={24}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}

/** The padded, width-limited column every shell screen sits in. */
export function PageContainer({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <Box px={32} py={28} maw={wide ? 1400 : 1100} mx="auto">
      <Stack gap={0}>{children}</Stack>
    </Box>
  );
}

interface SectionProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled card grouping related fields. */
export function Section({ title, description, actions, children }: SectionProps) {
  return (
    <Box component="section" bg="white" p="lg" style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 12 }}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Box>
          <Title order={3} fz={17}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm" mt={2}>
              {description}
            </Text>
          ) : null}
        </Box>
        {actions}
      </Group>
      {children}
    </Box>
  );
}

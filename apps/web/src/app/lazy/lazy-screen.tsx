import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCloudOff, IconRefresh } from "@tabler/icons-react";
import { FormattedMessage } from "react-intl";
import { isChunkLoadError, loadChunk } from "./chunk-load.ts";

/**
 * A component loaded on demand as part of `part` (a screen group of spec part 1 §2, or the
 * shell), through loadChunk: one page reload after a failed load, then a ChunkLoadError.
 */
export function lazyPart<P extends object>(part: string, load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await loadChunk(part, load) }));
}

/**
 * What a route shows in place of its screen (route-error-boundary.tsx): a part that could not be
 * loaded even after a reload (or any other error while showing a screen) says so, with a button
 * that reloads the page.
 */
export function ScreenError({ error }: { error: unknown }) {
  const chunk = isChunkLoadError(error);
  return (
    <Center h="100%" mih={320} p="xl" role="alert">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconCloudOff size={36} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          <FormattedMessage id={chunk ? "app.load-failed.title" : "app.screen-failed.title"} />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id={chunk ? "app.load-failed.hint" : "app.screen-failed.hint"} />
        </Text>
        <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
          <FormattedMessage id="app.load-failed.retry" />
        </Button>
      </Stack>
    </Center>
  );
}

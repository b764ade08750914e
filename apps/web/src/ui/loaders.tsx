import { Center, Loader, Skeleton, Stack } from "@mantine/core";
import { useIntl } from "react-intl";

/** Whole-page wait (session start-up). */
export function FullPageLoader() {
  const intl = useIntl();
  return (
    <Center h="100%" mih={320}>
      <Loader aria-label={intl.formatMessage({ id: "common.loading" })} />
    </Center>
  );
}

/** Placeholder lines while a list or a form loads. */
export function SkeletonRows({ rows = 4, height = 44 }: { rows?: number; height?: number }) {
  const intl = useIntl();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={intl.formatMessage({ id: "common.loading" })}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

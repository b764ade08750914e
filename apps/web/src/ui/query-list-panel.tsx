import type { ReactNode } from "react";
import { Paper, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { EmptyState } from "./empty-state.tsx";
import { SkeletonRows } from "./loaders.tsx";

/**
 * A configuration list in its bordered panel, fed by one query: skeleton rows while it loads,
 * the load-failed state, the list's own empty state, else `children` with the items (a table).
 */
export function QueryListPanel<T>({
  query,
  icon,
  skeletonRows,
  emptyTitle,
  emptyHint,
  children,
}: {
  query: UseQueryResult<T[]>;
  icon: ReactNode;
  skeletonRows: number;
  emptyTitle: ReactNode;
  emptyHint?: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: "hidden" }}>
      {query.isPending ? (
        <Stack p="lg">
          <SkeletonRows rows={skeletonRows} />
        </Stack>
      ) : query.isError ? (
        <EmptyState
          icon={icon}
          title={<FormattedMessage id="config.load-failed" />}
          description={<FormattedMessage id="config.load-failed-hint" />}
        />
      ) : query.data.length === 0 ? (
        <EmptyState icon={icon} title={emptyTitle} description={emptyHint} />
      ) : (
        children(query.data)
      )}
    </Paper>
  );
}

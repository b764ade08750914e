import type { ReactNode } from "react";
import { Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { SkeletonRows } from "./loaders.tsx";
import { Section } from "./page.tsx";

/**
 * A settings section fed by one query: skeleton rows while it loads, a short notice if it
 * failed, else `children` with the data (usually a form keyed by it, so a save starts it afresh).
 */
export function QuerySection<T>({
  title,
  query,
  children,
}: {
  title: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Section title={title}>
        <SkeletonRows rows={4} />
      </Section>
    );
  }
  if (query.isError) {
    return (
      <Section title={title}>
        <Text c="dimmed" size="sm" role="alert">
          <FormattedMessage id="config.load-failed-hint" />
        </Text>
      </Section>
    );
  }
  return children(query.data);
}

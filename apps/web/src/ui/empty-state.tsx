import type { ReactNode } from "react";
import { EmptyState as MantineEmptyState } from "@mantine/core";

interface Props {
  icon: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  size?: "sm" | "md" | "lg";
}

/** An honest "nothing here (yet)" block: an icon, a title, one line of explanation. */
export function EmptyState({ icon, title, description, actions, size = "md" }: Props) {
  return (
    <MantineEmptyState size={size} variant="light" icon={icon} title={title} description={description} py="xl">
      {actions ? <MantineEmptyState.Actions>{actions}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}

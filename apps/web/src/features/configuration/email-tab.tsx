import { Paper } from "@mantine/core";
import { IconMailCog } from "@tabler/icons-react";
import { FormattedMessage } from "react-intl";
import { EmptyState } from "../../ui/empty-state.tsx";

/** configTab=2&tab=1: the team email connection page (Gmail, Outlook), built by later work. */
export function EmailTab() {
  return (
    <Paper withBorder p="xl" radius="lg" data-testid="email-connection">
      <EmptyState
        icon={<IconMailCog />}
        title={<FormattedMessage id="config.email.title" />}
        description={<FormattedMessage id="config.email.soon" />}
      />
    </Paper>
  );
}

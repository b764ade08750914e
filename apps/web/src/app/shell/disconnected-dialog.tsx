import { Button, Group, Modal, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { useSessionContext } from "../session/session.tsx";

/**
 * Forced disconnect (spec part 1 §2): another sign-in replaced this session. Acknowledging
 * reloads the page, which lands on the login screen.
 */
export function DisconnectedDialog() {
  const { disconnected } = useSessionContext();
  const intl = useIntl();
  return (
    <Modal
      opened={disconnected}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={intl.formatMessage({ id: "dialog.disconnected.title" })}
      zIndex={500}
    >
      <Text size="sm">
        <FormattedMessage id="error.session-replaced" />
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button
          onClick={() => {
            window.location.reload();
          }}
          data-autofocus
        >
          <FormattedMessage id="common.ok" />
        </Button>
      </Group>
    </Modal>
  );
}

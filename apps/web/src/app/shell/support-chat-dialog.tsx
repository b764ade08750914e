import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconHeadset } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";

/** "Talk with support": the live channel is not built yet; say so plainly. */
export function SupportChatDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: "dialog.support.title" })}>
      <Stack align="center" ta="center" gap="sm" py="md">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconHeadset size={30} />
        </ThemeIcon>
        <Text fw={600}>
          <FormattedMessage id="soon.title" />
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="dialog.support.body" />
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>
          <FormattedMessage id="common.close" />
        </Button>
      </Group>
    </Modal>
  );
}

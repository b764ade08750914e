import { useState } from "react";
import { Alert, Box, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconMicrophoneOff } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { closeMicGuide, useCallUi } from "./call-actions.ts";
import { MicrophoneError, openMicrophone } from "./media.ts";

/**
 * The microphone guide (spec part 1 §2 dialogs, §5): calls need the microphone; this says how to
 * allow it in the browser, and tries again without leaving the page.
 */
export function MicrophoneGuide() {
  const intl = useIntl();
  const { micGuide } = useCallUi();
  const [trying, setTrying] = useState(false);
  const [reason, setReason] = useState<"denied" | "none" | null>(null);
  const shown = reason ?? micGuide;
  return (
    <Modal
      opened={micGuide !== null}
      onClose={() => {
        setReason(null);
        closeMicGuide();
      }}
      title={intl.formatMessage({ id: "calls.mic-guide.title" })}
      size="md"
      centered
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMicrophoneOff size={28} color="var(--mantine-color-red-7)" aria-hidden style={{ flex: "none" }} />
          <Text>
            <FormattedMessage id="calls.mic-guide.intro" />
          </Text>
        </Group>
        {shown === "none" ? (
          <Alert color="orange" variant="light">
            <FormattedMessage id="calls.mic-guide.none" />
          </Alert>
        ) : null}
        <Box component="ol" m={0} pl="lg" style={{ display: "grid", gap: 6 }}>
          <li>
            <FormattedMessage id="calls.mic-guide.step1" />
          </li>
          <li>
            <FormattedMessage id="calls.mic-guide.step2" />
          </li>
          <li>
            <FormattedMessage id="calls.mic-guide.step3" />
          </li>
        </Box>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => window.location.reload()}>
            <FormattedMessage id="calls.mic-guide.reload" />
          </Button>
          <Button
            loading={trying}
            onClick={() => {
              setTrying(true);
              openMicrophone()
                .then(
                  (stream) => {
                    for (const track of stream.getTracks()) track.stop();
                    setReason(null);
                    closeMicGuide();
                  },
                  (error: unknown) => {
                    setReason(error instanceof MicrophoneError ? error.reason : "denied");
                  },
                )
                .finally(() => {
                  setTrying(false);
                });
            }}
          >
            <FormattedMessage id="calls.mic-guide.retry" />
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

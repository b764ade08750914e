import { useRef, useState } from "react";
import { Box, Button, CloseButton, FileButton, Group, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatBytes, type MediaRef } from "@relais/shared";
import { formatError } from "../../app/i18n/messages.ts";
import { ATTACHMENT_ACCEPT, pickProblem, withHeads } from "../messaging/attachments.ts";
import { uploadMediaFile } from "../messaging/media-api.ts";
import { MessageMedia } from "../messaging/media-preview.tsx";

/**
 * The file of a quick message (spec part 2 §3), in its editor: one file at most, checked against
 * the limits of the text inbox before it leaves the browser, uploaded on pick like a composer
 * attachment, then named by id when the quick message is saved.
 */
export function AttachmentField({
  value,
  onChange,
  disabled,
}: {
  value: MediaRef | null;
  onChange: (file: MediaRef | null) => void;
  disabled: boolean;
}) {
  const intl = useIntl();
  const reset = useRef<() => void>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (file: File | null): void => {
    reset.current?.();
    if (!file) {
      return;
    }
    void withHeads([file]).then((checked) => {
      upload(file, pickProblem([], checked));
    });
  };

  const upload = (file: File, issue: ReturnType<typeof pickProblem>): void => {
    if (issue) {
      setProblem(intl.formatMessage({ id: issue }));
      return;
    }
    setProblem(null);
    setUploading(true);
    uploadMediaFile(file)
      .then(onChange)
      .catch((error: unknown) => {
        setProblem(formatError(intl, error));
      })
      .finally(() => {
        setUploading(false);
      });
  };

  return (
    <Box data-testid="text-block-attachment">
      <Text size="sm" fw={500}>
        <FormattedMessage id="text-blocks.attachment" />
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        <FormattedMessage id="text-blocks.attachment-hint" />
      </Text>
      {value ? (
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <MessageMedia media={[value]} />
          <Group gap={4} wrap="nowrap" miw={0}>
            <Text size="sm" truncate="end">
              {value.filename} · {formatBytes(value.size, intl.locale)}
            </Text>
            {disabled ? null : (
              <CloseButton
                aria-label={intl.formatMessage({ id: "text-blocks.attachment-remove" })}
                onClick={() => {
                  onChange(null);
                }}
              />
            )}
          </Group>
        </Group>
      ) : (
        <FileButton resetRef={reset} accept={ATTACHMENT_ACCEPT} disabled={disabled || uploading} onChange={pick}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconPaperclip size={14} />} loading={uploading}>
              <FormattedMessage id="text-blocks.attachment-add" />
            </Button>
          )}
        </FileButton>
      )}
      {problem ? (
        <Text role="alert" size="sm" c="red.8" mt={4}>
          {problem}
        </Text>
      ) : null}
    </Box>
  );
}

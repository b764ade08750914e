import { useState, type SyntheticEvent } from "react";
import { Alert, Button, FileInput, Group, Modal, Stack, Textarea } from "@mantine/core";
import { IconInfoCircle, IconPhoto } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@relais/shared";

/** Screenshot types of spec part 1 §2 (png, jpeg or svg). */
const SCREENSHOT_TYPES = ["image/png", "image/jpeg", "image/svg+xml"];
/** Media limit of spec part 1 §5 (2 MB). */
const SCREENSHOT_MAX_BYTES = 2_000_000;

function screenshotProblem(file: File | null): MessageId | null {
  if (!file) {
    return null;
  }
  if (!SCREENSHOT_TYPES.includes(file.type)) {
    return "dialog.report.screenshot-type";
  }
  return file.size > SCREENSHOT_MAX_BYTES ? "dialog.report.screenshot-size" : null;
}

/**
 * Report a problem (spec part 1 §2): description required, optional png/jpeg/svg screenshot.
 * The server has no `email/support` endpoint yet, so a valid report is not sent: the dialog says
 * so instead of pretending it went out.
 */
export function ReportProblemDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [description, setDescription] = useState("");
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [ready, setReady] = useState(false);

  const descriptionError = submitted && !description.trim() ? intl.formatMessage({ id: "validation.required" }) : undefined;
  const fileProblem = screenshotProblem(screenshot);

  const close = (): void => {
    setDescription("");
    setScreenshot(null);
    setSubmitted(false);
    setReady(false);
    onClose();
  };

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    setSubmitted(true);
    setReady(Boolean(description.trim()) && !fileProblem);
  };

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage({ id: "dialog.report.title" })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label={intl.formatMessage({ id: "dialog.report.description" })}
            placeholder={intl.formatMessage({ id: "dialog.report.description-placeholder" })}
            required
            autosize
            minRows={4}
            maxRows={10}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setReady(false);
            }}
            error={descriptionError}
            data-autofocus
          />
          <FileInput
            label={intl.formatMessage({ id: "dialog.report.screenshot" })}
            description={intl.formatMessage({ id: "dialog.report.screenshot-hint" })}
            placeholder={intl.formatMessage({ id: "dialog.report.screenshot-placeholder" })}
            accept={SCREENSHOT_TYPES.join(",")}
            leftSection={<IconPhoto size={16} />}
            clearable
            value={screenshot}
            onChange={(file) => {
              setScreenshot(file);
              setReady(false);
            }}
            error={fileProblem ? intl.formatMessage({ id: fileProblem }) : undefined}
          />
          {ready ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} role="status">
              <FormattedMessage id="dialog.report.unavailable" />
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <FormattedMessage id="common.cancel" />
            </Button>
            <Button type="submit">
              <FormattedMessage id="dialog.report.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

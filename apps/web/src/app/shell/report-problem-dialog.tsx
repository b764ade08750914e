import { useState } from "react";
import { Alert, Button, FileInput, Group, Modal, Stack, Textarea } from "@mantine/core";
import { IconInfoCircle, IconPhoto } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { z } from "zod";
import type { MessageId } from "@relais/shared";
import { useSchemaForm } from "../../ui/schema-form.ts";

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
 * The report's text, as the support request will take it: the description is required. The
 * screenshot is a browser file, checked by `screenshotProblem`.
 */
const reportProblemForm = z.object({ description: z.string().trim().min(1, { message: "validation.required" }) });

/**
 * Report a problem (spec part 1 §2): description required, optional png/jpeg/svg screenshot.
 * The server has no `email/support` endpoint yet, so a valid report is not sent: the dialog says
 * so instead of pretending it went out.
 */
export function ReportProblemDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { form, submit } = useSchemaForm({
    schema: reportProblemForm,
    initialValues: { description: "", screenshot: null as File | null },
    check: ({ screenshot }) => {
      const problem = screenshotProblem(screenshot);
      return problem ? { screenshot: { key: problem } } : null;
    },
  });
  // The values a valid report was made of: the notice shows until a field changes (new values).
  const [reported, setReported] = useState<object | null>(null);
  const values = form.getValues();
  const fileProblem = screenshotProblem(values.screenshot);

  const close = (): void => {
    form.reset();
    setReported(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage({ id: "dialog.report.title" })} size="lg">
      <form
        onSubmit={submit(() => {
          setReported(form.getValues());
        })}
        noValidate
      >
        <Stack gap="md">
          <Textarea
            label={intl.formatMessage({ id: "dialog.report.description" })}
            placeholder={intl.formatMessage({ id: "dialog.report.description-placeholder" })}
            required
            autosize
            minRows={4}
            maxRows={10}
            {...form.getInputProps("description")}
            data-autofocus
          />
          <FileInput
            label={intl.formatMessage({ id: "dialog.report.screenshot" })}
            description={intl.formatMessage({ id: "dialog.report.screenshot-hint" })}
            placeholder={intl.formatMessage({ id: "dialog.report.screenshot-placeholder" })}
            accept={SCREENSHOT_TYPES.join(",")}
            leftSection={<IconPhoto size={16} />}
            clearable
            {...form.getInputProps("screenshot")}
            // Said as soon as the file is chosen, not only on submit.
            error={fileProblem ? intl.formatMessage({ id: fileProblem }) : undefined}
          />
          {reported !== null && reported === values ? (
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

import { useState } from "react";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { CONTACT_IMPORT_ISSUES_SHOWN, type ContactImport } from "@relais/shared";
import { formatError, formatKey } from "../../app/i18n/messages.ts";
import { downloadReport } from "./api.ts";
import { ImportLinesTable } from "./import-preview.tsx";

/** The end of a run: how many contacts came in, which lines were refused and why, and the report. */
export function ImportReport({ run }: { run: ContactImport }) {
  const intl = useIntl();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  if (run.status === "failed") {
    return (
      <Alert color="red" title={intl.formatMessage({ id: "import.failed.title" })} data-testid="import-failed">
        {formatKey(intl, run.errorCode ?? "error.import-failed")}
      </Alert>
    );
  }

  const reportName = `${run.filename.replace(/\.[^.]*$/, "")}-${intl.formatMessage({ id: "import.report.file-suffix" })}.csv`;
  return (
    <Stack gap="sm" data-testid="import-report">
      <Title order={4}>
        <FormattedMessage id="import.done.title" />
      </Title>
      <Group gap="xl">
        <Text fw={600} c="teal.8" data-testid="import-imported">
          <FormattedMessage id="import.done.imported" values={{ count: run.imported }} />
        </Text>
        <Text fw={600} c={run.refused > 0 ? "red.8" : "dimmed"} data-testid="import-refused">
          <FormattedMessage id="import.done.refused" values={{ count: run.refused }} />
        </Text>
      </Group>
      {run.refused > 0 ? (
        <>
          <ImportLinesTable lines={run.issues} testId="import-issues" />
          {run.refused > run.issues.length ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="import.done.more-issues" values={{ shown: CONTACT_IMPORT_ISSUES_SHOWN }} />
            </Text>
          ) : null}
          <Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => {
                setDownloadError(null);
                downloadReport(run, reportName).catch((err: unknown) => setDownloadError(formatError(intl, err)));
              }}
            >
              <FormattedMessage id="import.download-report" />
            </Button>
          </Group>
          {downloadError ? (
            <Text size="sm" c="red.8" role="alert">
              {downloadError}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

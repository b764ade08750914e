import { useState } from "react";
import { Alert, Button, FileInput, Group, Loader, Radio, Stack, Text } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { IMPORT_DATE_FORMATS, type ImportDateFormat } from "@relais/shared";
import { formatError } from "../../app/i18n/messages.ts";
import { useImportRun, usePreviewImport, useStartImport } from "./api.ts";
import { ImportPreview } from "./import-preview.tsx";
import { ImportProgress } from "./import-progress.tsx";
import { ImportReport } from "./import-report.tsx";

const ACCEPT = ".csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel";

/** What a person chooses between when a file's dates could be read day or month first. */
const AMBIGUOUS_CHOICES = IMPORT_DATE_FORMATS.filter((f) => f !== "YYYY-MM-DD");

/**
 * The steps of an import: pick a file, read its preview, import it with a progress bar, read
 * the report. `onDone` closes whatever holds the flow (a dialog); without it there is no close.
 */
export function ImportContactsFlow({ onDone }: { onDone?: () => void }) {
  const intl = useIntl();
  const [file, setFile] = useState<File | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [dateFormat, setDateFormat] = useState<ImportDateFormat | null>(null);
  const preview = usePreviewImport();
  const start = useStartImport();
  const run = useImportRun(runId);

  const reset = () => {
    setFile(null);
    setRunId(null);
    setDateFormat(null);
    preview.reset();
    start.reset();
  };
  const pick = (next: File | null) => {
    reset();
    setFile(next);
    if (next) preview.mutate({ file: next, dateFormat: null });
  };
  // The preview is read again with the format chosen, so its lines show what the import will do.
  const chooseDateFormat = (value: string) => {
    const chosen = AMBIGUOUS_CHOICES.find((f) => f === value) ?? null;
    setDateFormat(chosen);
    if (file && chosen) preview.mutate({ file, dateFormat: chosen });
  };
  const mustChoose = preview.data?.dateFormatAmbiguous === true && dateFormat === null;

  const current = run.data;
  const ended = current !== undefined && current.status !== "running";
  const error = preview.error ?? start.error ?? run.error;

  return (
    <Stack gap="md">
      {runId === null ? (
        <>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="import.intro" />
          </Text>
          <FileInput
            label={<FormattedMessage id="import.file" />}
            placeholder={intl.formatMessage({ id: "import.file-placeholder" })}
            accept={ACCEPT}
            value={file}
            onChange={pick}
            leftSection={<IconFileSpreadsheet size={18} />}
            clearable
            disabled={start.isPending}
            data-testid="import-file"
          />
        </>
      ) : null}

      {preview.isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">
            <FormattedMessage id="import.reading" />
          </Text>
        </Group>
      ) : null}

      {error ? (
        <Alert color="red" role="alert" data-testid="import-error">
          {formatError(intl, error)}
        </Alert>
      ) : null}

      {preview.data?.dateFormatAmbiguous && runId === null ? (
        <Radio.Group
          label={<FormattedMessage id="import.date-format.label" />}
          description={<FormattedMessage id="import.date-format.ask" />}
          value={dateFormat}
          onChange={chooseDateFormat}
          withAsterisk
          data-testid="import-date-format"
        >
          <Group gap="lg" mt="xs">
            {AMBIGUOUS_CHOICES.map((f) => (
              <Radio key={f} value={f} label={<FormattedMessage id={`import.date-format.${f}`} />} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
      {preview.data && runId === null ? <ImportPreview preview={preview.data} /> : null}
      {current && !ended ? <ImportProgress run={current} /> : null}
      {current && ended ? <ImportReport run={current} /> : null}

      <Group justify="flex-end">
        {ended ? (
          <Button variant="default" onClick={reset}>
            <FormattedMessage id="import.other-file" />
          </Button>
        ) : null}
        {onDone && (ended || runId === null) ? (
          <Button variant={ended ? "filled" : "default"} onClick={onDone}>
            <FormattedMessage id={ended ? "import.close" : "import.cancel"} />
          </Button>
        ) : null}
        {preview.data && file && runId === null ? (
          <Button
            loading={start.isPending}
            disabled={mustChoose || preview.isPending}
            onClick={() => start.mutate({ file, dateFormat }, { onSuccess: (started) => setRunId(started.id) })}
            data-testid="import-start"
          >
            <FormattedMessage id="import.start" />
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

import { Progress, Stack, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import type { ContactImport } from "@relais/shared";

/**
 * The run's progress: lines read of the file's total. Once every line is read the contacts are
 * written all together (nothing half-written), shown as a moving full bar.
 */
export function ImportProgress({ run }: { run: ContactImport }) {
  const intl = useIntl();
  const total = Math.max(run.totalRows, 1);
  const value = Math.min(100, Math.round((run.processedRows / total) * 100));
  const saving = run.processedRows >= run.totalRows;
  return (
    <Stack gap="xs">
      <Progress
        value={saving ? 100 : value}
        animated={saving}
        striped={saving}
        size="lg"
        aria-label={intl.formatMessage({ id: "import.progress-label" })}
        data-testid="import-progress"
      />
      <Text size="sm" c="dimmed">
        {saving ? (
          <FormattedMessage id="import.saving" />
        ) : (
          <FormattedMessage id="import.progress" values={{ processed: run.processedRows, total: run.totalRows }} />
        )}
      </Text>
    </Stack>
  );
}

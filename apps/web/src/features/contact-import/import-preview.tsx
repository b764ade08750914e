import { Badge, Group, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { CONTACT_IMPORT_COLUMNS, type ContactImportLine, type ContactImportPreview } from "@relais/shared";

/** Lines of the file under the 11 columns they go to, each marked valid or with why it is refused. */
export function ImportLinesTable({ lines, testId }: { lines: ContactImportLine[]; testId: string }) {
  return (
    // Focusable, so that a keyboard can scroll the wide table sideways (WCAG 2.1.1).
    <ScrollArea type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
      <Table striped withTableBorder fz="sm" style={{ whiteSpace: "nowrap" }} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="import.report.line" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="import.status" />
            </Table.Th>
            {CONTACT_IMPORT_COLUMNS.map((column) => (
              <Table.Th key={column}>
                <FormattedMessage id={`import.column.${column}`} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.line} data-line={line.line}>
              <Table.Td>{line.line}</Table.Td>
              <Table.Td>
                {line.reasons.length === 0 ? (
                  <Badge color="teal" variant="light">
                    <FormattedMessage id="import.preview.ok" />
                  </Badge>
                ) : (
                  <Stack gap={2}>
                    {line.reasons.map((reason) => (
                      <Text key={reason} size="xs" c="red.8" style={{ whiteSpace: "nowrap" }}>
                        <FormattedMessage id={`import.reason.${reason}`} />
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              {CONTACT_IMPORT_COLUMNS.map((column, i) => (
                <Table.Td key={column}>{line.cells[i] ?? ""}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** What the server read from the file: its kind, how many lines, and the first of them. */
export function ImportPreview({ preview }: { preview: ContactImportPreview }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>
          <FormattedMessage id="import.preview.title" />
        </Text>
        <Text size="sm" c="dimmed" data-testid="import-summary">
          <FormattedMessage id="import.preview.summary" values={{ rows: preview.totalRows, format: preview.format.toUpperCase() }} />
          {preview.encoding && preview.delimiter ? (
            <>
              {" · "}
              <FormattedMessage id="import.preview.encoding" values={{ encoding: preview.encoding, delimiter: preview.delimiter }} />
            </>
          ) : null}
        </Text>
      </Group>
      {preview.dateFormat || !preview.dateFormatAmbiguous ? (
        <Text size="sm" data-testid="import-date-format-read">
          {preview.dateFormat ? (
            <FormattedMessage
              id="import.preview.dates"
              values={{ format: <FormattedMessage id={`import.date-format.${preview.dateFormat}`} /> }}
            />
          ) : (
            <FormattedMessage id="import.preview.no-dates" />
          )}
        </Text>
      ) : null}
      {preview.header ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="import.preview.header" />
        </Text>
      ) : null}
      <Text size="sm">
        <FormattedMessage id="import.preview.first-rows" values={{ count: preview.rows.length }} />
      </Text>
      <ImportLinesTable lines={preview.rows} testId="import-preview" />
    </Stack>
  );
}

import { Stack, Table, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { Section } from "../../ui/page.tsx";
import { QuerySection } from "../../ui/query-section.tsx";
import { shortTime } from "../messaging/format.ts";
import { useUnknownSenders } from "./api.ts";

/**
 * The team's latest emails from addresses that are no contact's (EMAIL.md §3): listed for the
 * team, never dropped, so someone can add the sender as a contact.
 */
export function UnknownSenders({ teamId }: { teamId: string }) {
  const intl = useIntl();
  const query = useUnknownSenders(teamId);
  const title = <FormattedMessage id="email.unknown.title" />;
  return (
    <QuerySection title={title} query={query}>
      {({ emails }) => (
        <Section title={title} description={<FormattedMessage id="email.unknown.hint" />}>
          {emails.length === 0 ? (
            <Text size="sm" c="dimmed">
              <FormattedMessage id="email.unknown.none" />
            </Text>
          ) : (
            <Table striped highlightOnHover data-testid="unknown-senders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <FormattedMessage id="email.from" />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage id="email.subject" />
                  </Table.Th>
                  <Table.Th>
                    <FormattedMessage id="email.received" />
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {emails.map((e) => (
                  <Table.Tr key={e.emailId}>
                    <Table.Td>{e.from}</Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {e.subject}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {e.text}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{shortTime(intl, e.receivedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
      )}
    </QuerySection>
  );
}

import { Anchor, Avatar, Group, Paper, Table, Text } from "@mantine/core";
import { IconCalendarEvent, IconCalendarTime, IconUsersGroup } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { UserSummary } from "@relais/shared";
import { EmptyState } from "../../ui/empty-state.tsx";
import { initialsOf } from "../../ui/initials.ts";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { PageContainer, PageHeader } from "../../ui/page.tsx";
import { useMembers } from "./api.ts";

/** Alphabetical in the interface language, so a receptionist finds a name where she expects it. */
function byName(locale: string): (a: UserSummary, b: UserSummary) => number {
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return (a, b) => collator.compare(a.name, b.name);
}

function MemberRow({ member }: { member: UserSummary }) {
  const intl = useIntl();
  return (
    <Table.Tr data-member={member.id}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar size={30} radius="xl" color="relais" aria-hidden>
            {initialsOf(member.name)}
          </Avatar>
          <Text size="sm" fw={500}>
            {member.name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {member.teams.map((t) => t.label).join(", ")}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="lg" wrap="nowrap">
          <Anchor
            component={Link}
            to={`/members/${member.id}/availabilities`}
            size="sm"
            aria-label={intl.formatMessage({ id: "members.availabilities-of" }, { name: member.name })}
          >
            <Group gap={6} wrap="nowrap" component="span">
              <IconCalendarTime size={16} aria-hidden />
              <FormattedMessage id="members.availabilities" />
            </Group>
          </Anchor>
          <Anchor
            component={Link}
            to={`/agenda?member=${member.id}`}
            size="sm"
            aria-label={intl.formatMessage({ id: "members.agenda-of" }, { name: member.name })}
          >
            <Group gap={6} wrap="nowrap" component="span">
              <IconCalendarEvent size={16} aria-hidden />
              <FormattedMessage id="members.agenda" />
            </Group>
          </Anchor>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /members (spec part 1 §2): the organisation's professionals, each with a link to their weekly
 * availabilities and to their agenda (issue 15 item 1: both were reachable only by typing the address).
 */
export function MembersPage() {
  const intl = useIntl();
  const members = useMembers();
  const list = [...(members.data ?? [])].sort(byName(intl.locale));
  return (
    <PageContainer>
      <PageHeader title={<FormattedMessage id="screen.members" />} description={<FormattedMessage id="members.description" />} />
      <Paper withBorder radius="lg" p="md">
        {members.isPending ? <SkeletonRows rows={4} /> : null}
        {members.isError ? <EmptyState icon={<IconUsersGroup />} title={<FormattedMessage id="members.load-failed" />} /> : null}
        {members.isSuccess ? (
          <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="members.col.name" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="members.col.teams" />
                </Table.Th>
                <Table.Th w={280}>
                  <FormattedMessage id="members.col.schedule" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((member) => (
                <MemberRow key={member.id} member={member} />
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Paper>
    </PageContainer>
  );
}

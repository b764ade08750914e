import { useState, type SyntheticEvent } from "react";
import { ActionIcon, Avatar, Badge, Button, Group, NativeSelect, Paper, Select, Stack, Table, Text } from "@mantine/core";
import { IconUserMinus, IconUserPlus } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { TEAM_ROLES, type TeamDetail, type TeamMember, type TeamRole } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { Section } from "../../ui/page.tsx";
import { initialsOf } from "../../ui/initials.ts";
import { TEAM_ROLE_LABELS } from "../users/labels.ts";
import { useAddMember, useRemoveMember, useUpdateMember } from "./api.ts";
import { useUsers } from "../users/api.ts";

function isTeamRole(value: string): value is TeamRole {
  return (TEAM_ROLES as readonly string[]).includes(value);
}

/** A team's members: role per member, add and remove, as `abilities.manageMembers` allows. */
export function MembersSection({ team }: { team: TeamDetail }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const updateMember = useUpdateMember(team.id);
  const removeMember = useRemoveMember(team.id);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const canManage = team.abilities.manageMembers;
  const roleOptions = TEAM_ROLES.map((r) => ({ value: r, label: intl.formatMessage({ id: TEAM_ROLE_LABELS[r] }) }));

  return (
    <Section
      title={<FormattedMessage id="config.team.members" />}
      description={<FormattedMessage id="config.teams.member-count" values={{ count: team.members.length }} />}
    >
      <Stack gap="md">
        {team.members.length === 0 ? (
          <Text c="dimmed" size="sm">
            <FormattedMessage id="config.team.no-members" />
          </Text>
        ) : (
          <Table verticalSpacing="xs" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="config.users.col.name" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.users.col.email" />
                </Table.Th>
                <Table.Th w={200}>
                  <FormattedMessage id="config.team.col.team-role" />
                </Table.Th>
                {canManage ? <Table.Th w={60} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.members.map((member) => (
                <Table.Tr key={member.userId} data-member={member.name}>
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
                      {member.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {canManage ? (
                      <NativeSelect
                        size="xs"
                        aria-label={intl.formatMessage({ id: "config.members.role-of" }, { name: member.name })}
                        data={roleOptions}
                        value={member.teamRole}
                        disabled={updateMember.isPending}
                        onChange={(e) => {
                          const teamRole = e.currentTarget.value;
                          if (isTeamRole(teamRole)) {
                            updateMember.mutate({ userId: member.userId, teamRole }, { onError: (error) => alerts.apiError(error) });
                          }
                        }}
                      />
                    ) : (
                      <Badge variant="light" color={member.teamRole === "admin" ? "relais" : "gray"}>
                        <FormattedMessage id={TEAM_ROLE_LABELS[member.teamRole]} />
                      </Badge>
                    )}
                  </Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={intl.formatMessage({ id: "config.team.remove-member" }, { name: member.name })}
                        onClick={() => {
                          setRemoving(member);
                        }}
                      >
                        <IconUserMinus size={17} />
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canManage ? <AddMemberForm team={team} /> : null}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
        }}
        title={<FormattedMessage id="config.team.remove-member-title" />}
        message={<FormattedMessage id="config.team.remove-member-confirm" values={{ name: removing?.name ?? "", team: team.label }} />}
        confirmLabel={<FormattedMessage id="config.team.remove-member-submit" />}
        onConfirm={async () => {
          if (!removing) {
            return;
          }
          try {
            await removeMember.mutateAsync(removing.userId);
            alerts.success("config.team.member-removed", { name: removing.name });
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </Section>
  );
}

function AddMemberForm({ team }: { team: TeamDetail }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const users = useUsers();
  const add = useAddMember(team.id);
  const [userId, setUserId] = useState<string | null>(null);
  const [teamRole, setTeamRole] = useState<TeamRole>("user");
  const memberIds = new Set(team.members.map((m) => m.userId));
  const candidates = (users.data ?? []).filter((u) => !memberIds.has(u.id));
  const roleOptions = TEAM_ROLES.map((r) => ({ value: r, label: intl.formatMessage({ id: TEAM_ROLE_LABELS[r] }) }));

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    if (!userId) {
      return;
    }
    const name = candidates.find((u) => u.id === userId)?.name ?? "";
    add.mutate(
      { userId, teamRole },
      {
        onSuccess: () => {
          setUserId(null);
          alerts.success("config.team.member-added", { name });
        },
        onError: (error) => alerts.apiError(error),
      },
    );
  };

  return (
    <Paper bg="gray.0" p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <Select
            label={intl.formatMessage({ id: "config.team.add-member-user" })}
            placeholder={intl.formatMessage({
              id: candidates.length ? "config.team.add-member-pick" : "config.team.add-member-none",
            })}
            data={candidates.map((u) => ({ value: u.id, label: u.name }))}
            value={userId}
            onChange={setUserId}
            searchable
            disabled={users.isPending || candidates.length === 0}
            nothingFoundMessage={intl.formatMessage({ id: "common.no-results" })}
            w={280}
          />
          <NativeSelect
            label={intl.formatMessage({ id: "config.team.add-member-role" })}
            data={roleOptions}
            value={teamRole}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isTeamRole(value)) {
                setTeamRole(value);
              }
            }}
            w={180}
          />
          <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={add.isPending} disabled={!userId}>
            <FormattedMessage id="config.team.add-member" />
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

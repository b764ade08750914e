import { useState } from "react";
import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconChevronRight, IconPlus, IconUsersGroup } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate, useSearchParams } from "react-router";
import { createTeamRequest, formatPhoneForDisplay, type TeamRole } from "@relais/shared";
import { usePolicy, useSession } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { nullIfBlank, phoneOrNull } from "../../ui/forms.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useAllTeams, useCreateTeam } from "./api.ts";
import { useTierPermissions } from "../organizations/api.ts";
import { useUsers } from "../users/api.ts";
import { teamCreation } from "./team-creation.ts";
import { MemberPicker } from "./member-picker.tsx";
import { TeamDetailView } from "./team-detail.tsx";
import { QueryListPanel } from "../../ui/query-list-panel.tsx";
import { DialogActions } from "../../ui/dialog-actions.tsx";

function teamPath(id: string): string {
  return `/configuration?configTab=1&team=${encodeURIComponent(id)}`;
}

/** Teams tab: the list, or one team's detail when `?team=` names it. */
export function TeamsTab() {
  const [params] = useSearchParams();
  const teamId = params.get("team");
  return teamId ? <TeamDetailView id={teamId} /> : <TeamList />;
}

function TeamList() {
  const teams = useAllTeams();
  const [creating, setCreating] = useState(false);
  const policy = usePolicy();
  const tier = useTierPermissions();
  const creation = teamCreation(policy, tier.data);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          <FormattedMessage id="config.teams.intro" />
        </Text>
        {creation === "offered" ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setCreating(true);
            }}
          >
            <FormattedMessage id="config.teams.create" />
          </Button>
        ) : null}
      </Group>
      {creation === "single-team-plan" ? (
        <Text size="sm" data-testid="single-team-plan">
          <FormattedMessage id="config.teams.single-team-plan" />
        </Text>
      ) : null}
      {tier.isError ? (
        <Text size="sm" c="red.9" role="alert">
          <FormattedMessage id="config.teams.tier-failed" />
        </Text>
      ) : null}

      <QueryListPanel
        query={teams}
        icon={<IconUsersGroup />}
        skeletonRows={4}
        emptyTitle={<FormattedMessage id="config.teams.empty" />}
        emptyHint={<FormattedMessage id="config.teams.empty-hint" />}
      >
        {(items) => (
          <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="config.teams.col.team" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.teams.col.email" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.teams.col.phone" />
                </Table.Th>
                <Table.Th ta="right">
                  <FormattedMessage id="config.teams.col.members" />
                </Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((team) => (
                <Table.Tr key={team.id} data-team={team.label}>
                  <Table.Td>
                    <Group gap="xs">
                      <Anchor component={Link} to={teamPath(team.id)} fw={600} c="dark.7">
                        {team.label}
                      </Anchor>
                      {team.main ? (
                        <Badge size="sm" variant="light" color="gray">
                          <FormattedMessage id="config.teams.main" />
                        </Badge>
                      ) : null}
                      {team.isMember ? (
                        <Badge size="sm" variant="light">
                          <FormattedMessage id="config.teams.member" />
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={team.email ? undefined : "dimmed"}>
                      {team.email ?? "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={team.phoneNumber ? undefined : "dimmed"}>
                      {team.phoneNumber ? formatPhoneForDisplay(team.phoneNumber) : "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">
                      <FormattedMessage id="config.teams.member-count" values={{ count: team.memberCount }} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <IconChevronRight size={16} color="var(--mantine-color-gray-5)" aria-hidden />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryListPanel>

      <CreateTeamDialog
        opened={creating}
        onClose={() => {
          setCreating(false);
        }}
      />
    </Stack>
  );
}

function CreateTeamDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: "config.teams.create-title" })} size="lg">
      {opened ? <CreateTeamForm onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateTeamForm({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const session = useSession();
  const users = useUsers();
  const create = useCreateTeam();
  // The creator starts as the team's administrator; they pick at least one user to go with it.
  const creator: Record<string, TeamRole> = { [session.profile.id]: "admin" };
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: createTeamRequest,
    initialValues: { label: "", email: "", phone: "", members: creator },
    toRequest: (values) => ({
      label: values.label,
      email: nullIfBlank(values.email),
      phoneNumber: phoneOrNull(values.phone),
      members: Object.entries(values.members).map(([userId, teamRole]) => ({ userId, teamRole })),
    }),
    // Form check only (spec part 1 §5: a team needs an administrator and a user); the server decides.
    check: ({ members }) => {
      const roles = Object.values(members);
      return roles.includes("admin") && roles.includes("user") ? null : { members: { key: "config.teams.need-admin-and-user" } };
    },
  });

  const save = submit((request) => {
    create.mutate(request, {
      onSuccess: (team) => {
        alerts.success("config.teams.created", { label: team.label }, { keepOnNavigation: true });
        onClose();
        void navigate(teamPath(team.id));
      },
      onError: (error) => {
        showServerErrors(error);
        alerts.apiError(error);
      },
    });
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <TextInput label={intl.formatMessage({ id: "config.team.label" })} required {...form.getInputProps("label")} data-autofocus />
        <SimpleGrid cols={2}>
          <TextInput label={intl.formatMessage({ id: "config.team.email" })} type="email" {...form.getInputProps("email")} />
          <TextInput
            label={intl.formatMessage({ id: "config.team.phone" })}
            type="tel"
            placeholder="+1 514 555-0100"
            {...form.getInputProps("phone")}
            error={form.errors["phoneNumber"]}
          />
        </SimpleGrid>
        <div>
          <Text size="sm" fw={600}>
            <FormattedMessage id="config.teams.initial-members" />
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            <FormattedMessage id="config.teams.initial-members-hint" />
          </Text>
          {users.isPending ? (
            <SkeletonRows rows={3} height={36} />
          ) : (
            <MemberPicker
              items={(users.data ?? []).map((u) => ({ id: u.id, label: u.name, hint: u.email }))}
              value={form.getValues().members}
              onChange={(members) => {
                form.setFieldValue("members", members);
              }}
              roleLabel="config.members.role-of"
              error={form.errors["members"]}
            />
          )}
        </div>
        <DialogActions onCancel={onClose} pending={create.isPending} submit={<FormattedMessage id="config.teams.create-submit" />} />
      </Stack>
    </form>
  );
}

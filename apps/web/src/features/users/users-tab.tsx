import { useState } from "react";
import { ActionIcon, Avatar, Badge, Button, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash, IconUsers } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { isAdministrator, type UserSummary } from "@relais/shared";
import { usePolicy, useSession } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { initialsOf } from "../../ui/initials.ts";
import { ROLE_LABELS, STATUS_LABELS, TEAM_ROLE_LABELS } from "./labels.ts";
import { useDeleteUser, useUsers } from "./api.ts";
import { CreateUserDialog, EditUserDialog } from "./user-dialogs.tsx";
import { QueryListPanel } from "../../ui/query-list-panel.tsx";

const STATUS_COLORS = { online: "teal", busy: "orange", offline: "gray" } as const;

/** Users tab: everyone reads the list; administrators create, edit and delete. */
export function UsersTab() {
  const intl = useIntl();
  const session = useSession();
  const alerts = useAlerts();
  const users = useUsers();
  const remove = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserSummary | null>(null);
  const [deleting, setDeleting] = useState<UserSummary | null>(null);
  const isAdmin = usePolicy().manageUsers;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          <FormattedMessage id="config.users.intro" />
        </Text>
        {isAdmin ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setCreating(true);
            }}
          >
            <FormattedMessage id="config.users.create" />
          </Button>
        ) : null}
      </Group>

      <QueryListPanel
        query={users}
        icon={<IconUsers />}
        skeletonRows={5}
        emptyTitle={<FormattedMessage id="config.users.empty" />}
        emptyHint={<FormattedMessage id="config.users.empty-hint" />}
      >
        {(items) => (
          <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="config.users.col.name" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.users.col.role" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.users.col.teams" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.users.col.status" />
                </Table.Th>
                {isAdmin ? <Table.Th w={96} /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((user) => {
                const isMe = user.id === session.profile.id;
                return (
                  <Table.Tr key={user.id} data-user={user.name}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar size={34} radius="xl" color="relais" aria-hidden>
                          {initialsOf(user.name)}
                        </Avatar>
                        <div>
                          <Text size="sm" fw={600}>
                            {user.name}
                            {isMe ? (
                              <Text span c="dimmed" fw={400} size="xs" ml={6}>
                                <FormattedMessage id="config.users.you" />
                              </Text>
                            ) : null}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {user.email}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={isAdministrator(user.role) ? "relais" : "gray"}>
                        <FormattedMessage id={ROLE_LABELS[user.role]} />
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6}>
                        {user.teams.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        ) : (
                          user.teams.map((t) => (
                            <Tooltip key={t.id} label={intl.formatMessage({ id: TEAM_ROLE_LABELS[t.teamRole] })}>
                              <Badge variant={t.teamRole === "admin" ? "filled" : "outline"} color="relais" size="sm">
                                {t.label}
                              </Badge>
                            </Tooltip>
                          ))
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={STATUS_COLORS[user.status]}>
                        <FormattedMessage id={STATUS_LABELS[user.status]} />
                      </Badge>
                    </Table.Td>
                    {isAdmin ? (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={!user.abilities.update}
                            aria-label={intl.formatMessage({ id: "config.users.edit" }, { name: user.name })}
                            onClick={() => {
                              setEditing(user);
                            }}
                          >
                            <IconPencil size={17} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            disabled={!user.abilities.delete}
                            aria-label={intl.formatMessage({ id: "config.users.delete" }, { name: user.name })}
                            onClick={() => {
                              setDeleting(user);
                            }}
                          >
                            <IconTrash size={17} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </QueryListPanel>

      <CreateUserDialog
        opened={creating}
        onClose={() => {
          setCreating(false);
        }}
      />
      <EditUserDialog
        user={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
        }}
        title={<FormattedMessage id="config.users.delete-title" />}
        message={<FormattedMessage id="config.users.delete-confirm" values={{ name: deleting?.name ?? "" }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        onConfirm={async () => {
          if (!deleting) {
            return;
          }
          try {
            await remove.mutateAsync(deleting.id);
            alerts.success("config.users.deleted", { name: deleting.name });
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </Stack>
  );
}

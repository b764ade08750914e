import { useState } from "react";
import { ActionIcon, Alert, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconPencil, IconPhoneOutgoing, IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { canTransferToExtensions, formatPhoneForDisplay, transferExtensionRequest, type TransferExtension } from "@relais/shared";
import { usePolicy, useSession } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useTierPermissions } from "../organizations/api.ts";
import { useDeleteTransferExtension, useSaveTransferExtension, useTransferExtensions } from "./api.ts";
import { QueryListPanel } from "../../ui/query-list-panel.tsx";
import { DialogActions } from "../../ui/dialog-actions.tsx";

/**
 * Configuration › Transfer extensions (spec part 2 §3): the outside numbers a call can be passed
 * to. Offered when the plan has permission 2 and the organisation's `enableExtTransfer` is on;
 * administrators change them.
 */
export function TransferExtensionsTab() {
  const session = useSession();
  const tier = useTierPermissions();
  const allowedByPlan = tier.isSuccess && canTransferToExtensions(tier.data);
  const enabled = session.organization.enableExtTransfer;

  if (tier.isPending) {
    return <SkeletonRows rows={3} />;
  }
  if (tier.isError) {
    return (
      <EmptyState
        icon={<IconPhoneOutgoing />}
        title={<FormattedMessage id="config.load-failed" />}
        description={<FormattedMessage id="config.load-failed-hint" />}
      />
    );
  }
  if (!allowedByPlan || !enabled) {
    return (
      <Alert color="gray" icon={<IconAlertTriangle size={18} />} data-testid="extensions-unavailable">
        <FormattedMessage id={allowedByPlan ? "config.extensions.disabled" : "config.extensions.tier"} />
      </Alert>
    );
  }
  return <ExtensionList />;
}

type Editing = { mode: "closed" } | { mode: "new" } | { mode: "edit"; extension: TransferExtension };

function ExtensionList() {
  const intl = useIntl();
  const alerts = useAlerts();
  const policy = usePolicy();
  const canManage = policy.manageOrganization;
  const list = useTransferExtensions(true);
  const remove = useDeleteTransferExtension();
  const [editing, setEditing] = useState<Editing>({ mode: "closed" });
  const [deleting, setDeleting] = useState<TransferExtension | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>
            <FormattedMessage id="config.extensions.title" />
          </Text>
          <Text c="dimmed" size="sm">
            <FormattedMessage id="config.extensions.hint" />
          </Text>
        </div>
        {canManage ? (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setEditing({ mode: "new" });
            }}
            style={{ flexShrink: 0 }}
          >
            <FormattedMessage id="config.extensions.add" />
          </Button>
        ) : null}
      </Group>
      {!canManage ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="config.extensions.read-only" />
        </Text>
      ) : null}

      <QueryListPanel
        query={list}
        icon={<IconPhoneOutgoing />}
        skeletonRows={3}
        emptyTitle={<FormattedMessage id="config.extensions.empty" />}
      >
        {(items) => (
          <Table verticalSpacing="sm" horizontalSpacing="lg" data-testid="extensions-table">
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="config.extensions.name" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.extensions.phone" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="config.extensions.extension" />
                </Table.Th>
                {canManage ? (
                  <Table.Th w={100}>
                    <VisuallyHidden>
                      <FormattedMessage id="config.extensions.actions" />
                    </VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((ext) => (
                <Table.Tr key={ext.id} data-extension={ext.name}>
                  <Table.Td fw={600}>{ext.name}</Table.Td>
                  <Table.Td>{formatPhoneForDisplay(ext.phoneNumber)}</Table.Td>
                  <Table.Td c={ext.extension ? undefined : "dimmed"}>{ext.extension || "—"}</Table.Td>
                  {canManage ? (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={intl.formatMessage({ id: "config.extensions.edit-one" }, { name: ext.name })}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={intl.formatMessage({ id: "config.extensions.edit-one" }, { name: ext.name })}
                            onClick={() => {
                              setEditing({ mode: "edit", extension: ext });
                            }}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={intl.formatMessage({ id: "config.extensions.delete-one" }, { name: ext.name })}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={intl.formatMessage({ id: "config.extensions.delete-one" }, { name: ext.name })}
                            onClick={() => {
                              setDeleting(ext);
                            }}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryListPanel>

      <Modal
        opened={editing.mode !== "closed"}
        onClose={() => {
          setEditing({ mode: "closed" });
        }}
        title={intl.formatMessage({ id: editing.mode === "edit" ? "config.extensions.edit" : "config.extensions.add" })}
        size="lg"
      >
        {editing.mode !== "closed" ? (
          <ExtensionForm
            extension={editing.mode === "edit" ? editing.extension : null}
            onClose={() => {
              setEditing({ mode: "closed" });
            }}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        title={<FormattedMessage id="config.extensions.delete-title" />}
        message={<FormattedMessage id="config.extensions.delete-text" values={{ name: deleting?.name ?? "" }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        onClose={() => {
          setDeleting(null);
        }}
        onConfirm={async () => {
          if (!deleting) {
            return;
          }
          try {
            await remove.mutateAsync(deleting.id);
            alerts.success("success.extension-deleted");
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </Stack>
  );
}

function ExtensionForm({ extension, onClose }: { extension: TransferExtension | null; onClose: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const mutation = useSaveTransferExtension();
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: transferExtensionRequest,
    initialValues: {
      name: extension?.name ?? "",
      phoneNumber: extension ? formatPhoneForDisplay(extension.phoneNumber) : "",
      extension: extension?.extension ?? "",
    },
  });

  const save = submit((body) => {
    mutation.mutate(
      { id: extension?.id ?? null, body },
      {
        onSuccess: () => {
          alerts.success("success.extension-saved");
          onClose();
        },
        onError: (error) => {
          showServerErrors(error);
          alerts.apiError(error);
        },
      },
    );
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <TextInput label={intl.formatMessage({ id: "config.extensions.name" })} required {...form.getInputProps("name")} data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={intl.formatMessage({ id: "config.extensions.phone" })}
            required
            type="tel"
            placeholder="+1 514 555-0100"
            {...form.getInputProps("phoneNumber")}
          />
          <TextInput
            label={intl.formatMessage({ id: "config.extensions.extension" })}
            description={intl.formatMessage({ id: "config.extensions.extension-hint" })}
            inputMode="numeric"
            maxLength={3}
            {...form.getInputProps("extension")}
          />
        </SimpleGrid>
        <DialogActions onCancel={onClose} pending={mutation.isPending} submit={<FormattedMessage id="common.save" />} />
      </Stack>
    </form>
  );
}

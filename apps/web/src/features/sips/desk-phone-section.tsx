import { useState } from "react";
import { ActionIcon, Alert, Badge, Button, Code, Group, Select, Stack, Table, Text, TextInput, Tooltip } from "@mantine/core";
import { IconDeviceLandlinePhone, IconKey, IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { sipEndpointRequest, type CreatedSipEndpoint, type SipEndpoint } from "@relais/shared";
import { usePolicy } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { Section } from "../../ui/page.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useAssignedSip, useAssignSip, useCreateSip, useRemoveSip, useSipEndpoints, useUnassignSip } from "./api.ts";

/**
 * The person's desk phone (issue 13 §4): the one they hold, a free one to take, releasing it;
 * administrators also add and remove the organisation's phones here. The server decides who may
 * take or remove which (`abilities`).
 */
export function DeskPhoneSection() {
  const policy = usePolicy();
  const list = useSipEndpoints();
  const assigned = useAssignedSip();
  return (
    <Section title={<FormattedMessage id="sips.title" />} description={<FormattedMessage id="sips.hint" />}>
      {list.isPending || assigned.isPending ? (
        <SkeletonRows rows={2} />
      ) : list.isError || assigned.isError ? (
        <Alert color="red">
          <FormattedMessage id="config.load-failed" />
        </Alert>
      ) : (
        <Stack gap="lg">
          <MyDeskPhone mine={assigned.data.endpoint} phones={list.data} />
          {policy.manageOrganization ? <ManagePhones phones={list.data} /> : null}
        </Stack>
      )}
    </Section>
  );
}

function MyDeskPhone({ mine, phones }: { mine: SipEndpoint | null; phones: SipEndpoint[] }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const assign = useAssignSip();
  const release = useUnassignSip();
  const free = phones.filter((p) => p.assignedTo === null);
  const [choice, setChoice] = useState<string | null>(null);

  if (mine) {
    return (
      <Group justify="space-between" data-testid="desk-phone-mine">
        <Group gap="sm">
          <IconDeviceLandlinePhone size={20} />
          <div>
            <Text fw={600}>
              <FormattedMessage id="sips.assigned" values={{ label: mine.label }} />
            </Text>
            <Text size="sm" c="dimmed">
              {mine.sipUri}
            </Text>
          </div>
        </Group>
        <Button
          variant="default"
          loading={release.isPending}
          onClick={() => {
            release.mutate(undefined, { onSuccess: () => alerts.success("success.sip-released"), onError: (e) => alerts.apiError(e) });
          }}
        >
          <FormattedMessage id="sips.release" />
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="xs" data-testid="desk-phone-none">
      <Text size="sm">
        <FormattedMessage id="sips.none-assigned" />
      </Text>
      {free.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="sips.none-free" />
        </Text>
      ) : (
        <Group align="flex-end">
          <Select
            label={intl.formatMessage({ id: "sips.choose" })}
            data={free.map((p) => ({ value: p.id, label: p.label }))}
            value={choice}
            onChange={setChoice}
            w={280}
          />
          <Button
            disabled={!choice}
            loading={assign.isPending}
            onClick={() => {
              if (!choice) return;
              assign.mutate(choice, {
                onSuccess: () => {
                  setChoice(null);
                  alerts.success("success.sip-assigned");
                },
                onError: (e) => alerts.apiError(e),
              });
            }}
          >
            <FormattedMessage id="sips.take" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ManagePhones({ phones }: { phones: SipEndpoint[] }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const create = useCreateSip();
  const remove = useRemoveSip();
  const [created, setCreated] = useState<CreatedSipEndpoint | null>(null);
  const { form, submit, showServerErrors } = useSchemaForm({ schema: sipEndpointRequest, initialValues: { label: "" } });
  const add = submit((body) => {
    create.mutate(body, {
      onSuccess: (answer) => {
        setCreated(answer);
        form.reset();
      },
      onError: (e) => {
        showServerErrors(e);
        alerts.apiError(e);
      },
    });
  });

  return (
    <Stack gap="sm" data-testid="desk-phones-admin">
      <Text fw={600}>
        <FormattedMessage id="sips.admin.title" />
      </Text>
      {phones.length > 0 ? (
        <Table verticalSpacing="xs" data-testid="desk-phones-table">
          <Table.Tbody>
            {phones.map((p) => (
              <Table.Tr key={p.id} data-phone={p.label}>
                <Table.Td fw={600}>{p.label}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {p.sipUri}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {p.assignedTo ? (
                    p.assignedTo.name
                  ) : (
                    <Badge variant="light" color="gray">
                      <FormattedMessage id="sips.admin.free" />
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td w={48}>
                  {p.abilities.remove ? (
                    <Tooltip label={intl.formatMessage({ id: "sips.admin.remove" })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${intl.formatMessage({ id: "sips.admin.remove" })} ${p.label}`}
                        loading={remove.isPending && remove.variables === p.id}
                        onClick={() => {
                          remove.mutate(p.id, {
                            onSuccess: () => alerts.success("success.sip-removed"),
                            onError: (e) => alerts.apiError(e),
                          });
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {created?.password ? (
        <Alert color="yellow" icon={<IconKey size={18} />} data-testid="desk-phone-password">
          <FormattedMessage
            id="sips.admin.password"
            values={{ username: <Code>{created.endpoint.username}</Code>, password: <Code>{created.password}</Code> }}
          />
        </Alert>
      ) : null}
      <form onSubmit={add} noValidate>
        <Group align="flex-start">
          <TextInput label={intl.formatMessage({ id: "sips.admin.label" })} required w={280} {...form.getInputProps("label")} />
          <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending}>
            <FormattedMessage id="sips.admin.add" />
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

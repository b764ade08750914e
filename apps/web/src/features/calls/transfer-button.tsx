import { useEffect, useState } from "react";
import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconArrowLeft, IconChevronRight, IconPhoneOutgoing, IconTransfer, IconUser, IconUsersGroup } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, TRANSFER_STATUS_POLL_MS, type CallView, type TransferAvailability } from "@relais/shared";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { voiceSettingsEndpoints } from "@relais/shared/endpoints/voice-settings";
import { api } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSession } from "../../app/session/session.tsx";
import { useCanTransferToExtensions } from "./api.ts";
import { phone } from "./phone.ts";
import classes from "./calls.module.css";

/** Where a call goes (POST voice/v1/calls/transfer): one person, one team, or one outside extension. */
type Target = { to: string } | { toUserGroup: string } | { toExtension: string };

/**
 * Transfer of the in-call panel (spec part 1 §2, §4; issue 13 §2): enabled while the call is
 * active and this person's. The caller is held while the target rings; the transferring state
 * reads the call every second. Accepted, the call is the target's and this tab lets it go; refused
 * or unanswered, it comes back here, held — silently, as the spec says.
 */
export function TransferButton({ call }: { call: CallView }) {
  const intl = useIntl();
  const me = useSession().profile.id;
  const [open, setOpen] = useState(false);
  const transferring = call.state === "transferring";
  useTransferFollow(call, me);
  if (call.emergency) return null;
  const enabled = call.state === "active" && call.ownerUserId === me;
  const label = intl.formatMessage({ id: "calls.transfer" });
  return (
    <>
      <Tooltip label={enabled || transferring ? label : intl.formatMessage({ id: "calls.transfer.not-active" })} withArrow>
        <ActionIcon
          size={36}
          variant={transferring ? "filled" : "light"}
          aria-label={label}
          disabled={!enabled}
          data-testid="call-transfer"
          onClick={() => {
            setOpen(true);
          }}
        >
          <IconTransfer size={20} />
        </ActionIcon>
      </Tooltip>
      {open ? (
        <TransferDialog
          call={call}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/** "Transferring to …" under the caller while the target rings. */
export function TransferringNote({ call }: { call: CallView }) {
  if (call.state !== "transferring" || !call.transfer) return null;
  return (
    <Group gap={6} mb="sm" wrap="nowrap" role="status" data-testid="call-transferring">
      <Loader size={12} />
      <Text size="sm" c="dimmed" truncate="end">
        <FormattedMessage id="calls.transferring" values={{ target: call.transfer.targetLabel }} />
      </Text>
    </Group>
  );
}

/**
 * While the call is being transferred, its status is read every second (spec §4); once someone
 * else has it (accepted), this tab lets the call and its audio go.
 */
function useTransferFollow(call: CallView, me: string): void {
  const transferring = call.state === "transferring";
  useEffect(() => {
    if (!transferring) return undefined;
    const timer = window.setInterval(() => {
      void api
        .call(voiceEndpoints.get, { params: { id: call.id } })
        .then((view) => {
          phone.upsertCall(view);
        })
        .catch(() => undefined);
    }, TRANSFER_STATUS_POLL_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [transferring, call.id]);
  const handedOver = call.state !== "ended" && call.state !== "transferring" && call.ownerUserId !== me;
  useEffect(() => {
    if (handedOver) phone.setOwnCall(null);
  }, [handedOver]);
}

function TransferDialog({ call, onClose }: { call: CallView; onClose: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const extensionsAllowed = useCanTransferToExtensions();
  const availability = useQuery({
    queryKey: ["calls", "availability"],
    queryFn: ({ signal }) => api.call(voiceEndpoints.availability, {}, { signal }),
    staleTime: 0,
  });
  const extensions = useQuery({
    queryKey: ["calls", "transfer-extensions"],
    queryFn: ({ signal }) => api.call(voiceSettingsEndpoints.transferExtensions, {}, { signal }),
    enabled: extensionsAllowed,
  });

  const send = async (target: Target): Promise<void> => {
    setSending(true);
    try {
      phone.upsertCall(await api.call(voiceEndpoints.transfer, { body: { callId: call.id, ...target } }));
      onClose();
    } catch (error) {
      alerts.error("error.transfer-call", error);
    } finally {
      setSending(false);
    }
  };

  const team = teamId ? availability.data?.teams.find((t) => t.id === teamId) : undefined;
  return (
    <Modal opened onClose={onClose} size={600} title={intl.formatMessage({ id: "calls.transfer" })} data-testid="transfer-dialog">
      {team ? (
        <TeamUsers
          team={team}
          disabled={sending}
          onBack={() => {
            setTeamId(null);
          }}
          onPick={(target) => void send(target)}
        />
      ) : (
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={650} size="sm">
              <FormattedMessage id="calls.transfer.teams" />
            </Text>
            {availability.isPending ? (
              <Group justify="center" p="md">
                <Loader size="sm" aria-label={intl.formatMessage({ id: "calls.connecting" })} />
              </Group>
            ) : availability.isError ? (
              <Alert color="red" variant="light">
                <FormattedMessage id="calls.transfer.load-failed" />
              </Alert>
            ) : availability.data.teams.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="transfer-empty">
                <FormattedMessage id="calls.transfer.empty" />
              </Text>
            ) : (
              availability.data.teams.map((t) => (
                <UnstyledButton
                  key={t.id}
                  className={classes.transferRow}
                  onClick={() => {
                    setTeamId(t.id);
                  }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <IconUsersGroup size={20} />
                    <Stack gap={0} style={{ flex: 1 }} miw={0}>
                      <Text fw={600} truncate="end">
                        {t.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <FormattedMessage id="calls.transfer.people" values={{ count: t.users.length }} />
                      </Text>
                    </Stack>
                    <IconChevronRight size={18} />
                  </Group>
                </UnstyledButton>
              ))
            )}
          </Stack>
          {extensionsAllowed && (extensions.data?.length ?? 0) > 0 ? (
            <Stack gap={4}>
              <Text fw={650} size="sm">
                <FormattedMessage id="calls.transfer.extensions" />
              </Text>
              {extensions.data?.map((ext) => (
                <UnstyledButton
                  key={ext.id}
                  className={classes.transferRow}
                  disabled={sending}
                  onClick={() => void send({ toExtension: ext.id })}
                >
                  <Group gap="sm" wrap="nowrap">
                    <IconPhoneOutgoing size={20} />
                    <Stack gap={0} style={{ flex: 1 }} miw={0}>
                      <Text fw={600} truncate="end">
                        {ext.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatPhoneForDisplay(ext.phoneNumber)}
                        {ext.extension
                          ? ` · ${intl.formatMessage({ id: "calls.transfer.extension-digits" }, { extension: ext.extension })}`
                          : ""}
                      </Text>
                    </Stack>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}

/** A team opened: 'Select a user', the whole team first, and 'Back to groups'. */
function TeamUsers({
  team,
  disabled,
  onBack,
  onPick,
}: {
  team: TransferAvailability["teams"][number];
  disabled: boolean;
  onBack: () => void;
  onPick: (target: Target) => void;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" mb={4}>
        <Text fw={650} size="sm">
          <FormattedMessage id="calls.transfer.select-user" />
        </Text>
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          <FormattedMessage id="calls.transfer.back" />
        </Button>
      </Group>
      <UnstyledButton
        className={classes.transferRow}
        disabled={disabled}
        onClick={() => {
          onPick({ toUserGroup: team.id });
        }}
      >
        <Group gap="sm" wrap="nowrap">
          <IconUsersGroup size={20} />
          <Text fw={600} truncate="end">
            <FormattedMessage id="calls.transfer.whole-team" values={{ team: team.label }} />
          </Text>
        </Group>
      </UnstyledButton>
      {team.users.map((user) => (
        <UnstyledButton
          key={user.id}
          className={classes.transferRow}
          disabled={disabled}
          onClick={() => {
            onPick({ to: user.id });
          }}
        >
          <Group gap="sm" wrap="nowrap">
            <IconUser size={20} />
            <Text truncate="end">{user.name}</Text>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

import { Suspense, useState, type ReactNode, type SyntheticEvent } from "react";
import { Alert, Badge, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconMailCog, IconPlugConnected, IconPlugConnectedX } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { EMAIL_PROVIDERS, inboxEmailRequest, type EmailProvider, type MailboxProvider, type MailboxStatus } from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { EmailMessages } from "./email-messages.tsx";
import { Section } from "../../ui/page.tsx";
import { QuerySection } from "../../ui/query-section.tsx";
import { useConnectSandbox, useDisconnectMailbox, useMailbox, useSandboxAvailable } from "./api.ts";
import { useConnectFlow, type ConnectOutcome } from "./use-connect-flow.ts";
import { UnknownSenders } from "./unknown-senders.tsx";

/** configTab=2&tab=1 (spec part 2 §3, §4): the current team's mailbox, its connection, and its unknown senders. */
export function EmailTab() {
  return (
    <Suspense fallback={<SkeletonRows rows={4} />}>
      <EmailMessages>
        <EmailArea />
      </EmailMessages>
    </Suspense>
  );
}

function EmailArea() {
  const session = useSession();
  const team = session.userGroup;
  if (!team) {
    return (
      <Section title={<FormattedMessage id="config.email.title" />}>
        <EmptyState icon={<IconMailCog />} title={<FormattedMessage id="error.email-team-required" />} />
      </Section>
    );
  }
  return (
    <Stack gap="lg" data-testid="email-connection">
      <MailboxSection teamId={team.id} teamLabel={team.label} />
      <UnknownSenders teamId={team.id} />
    </Stack>
  );
}

function MailboxSection({ teamId, teamLabel }: { teamId: string; teamLabel: string }) {
  const mailbox = useMailbox(teamId);
  const title = <FormattedMessage id="config.email.title" />;
  return (
    <QuerySection title={title} query={mailbox}>
      {(status) => (
        <Section title={title} description={<FormattedMessage id="email.team" values={{ team: teamLabel }} />}>
          <Mailbox teamId={teamId} status={status} />
        </Section>
      )}
    </QuerySection>
  );
}

function Mailbox({ teamId, status }: { teamId: string; status: MailboxStatus }) {
  const flow = useConnectFlow(teamId);
  const manage = status.abilities.manage;
  // Kept here, not in the form: the form leaves the page while the popup is open, the address stays.
  const [address, setAddress] = useState(status.email ?? "");
  return (
    <Stack gap="md">
      <OutcomeAlert outcome={flow.outcome} />
      {status.connected && status.email && status.provider ? (
        <ConnectedMailbox teamId={teamId} status={status} email={status.email} provider={status.provider} />
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="email.none" />
        </Text>
      )}
      {!manage ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="email.admin-only" />
        </Text>
      ) : flow.phase.step === "popup" ? (
        <Alert color="blue" icon={<Loader size={16} />} title={<FormattedMessage id="email.popup.title" />}>
          <Stack gap="xs" align="flex-start">
            <FormattedMessage id="email.popup.body" values={{ email: flow.phase.address }} />
            <Button size="xs" variant="default" onClick={flow.cancel}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </Stack>
        </Alert>
      ) : flow.phase.step === "choose" ? (
        <ChooseProvider address={flow.phase.address} onChoose={flow.choose} onBack={flow.reset} />
      ) : !status.connected || !status.valid ? (
        <ConnectForm teamId={teamId} address={address} setAddress={setAddress} busy={flow.phase.step === "busy"} onConnect={flow.start} />
      ) : null}
    </Stack>
  );
}

function ConnectedMailbox({
  teamId,
  status,
  email,
  provider,
}: {
  teamId: string;
  status: MailboxStatus;
  email: string;
  provider: MailboxProvider;
}) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectMailbox(teamId);
  const alerts = useAlerts();
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="mailbox">
      <Stack gap={4}>
        <Group gap="xs">
          <Text fw={600}>{email}</Text>
          <Badge variant="light" color="gray">
            {provider}
          </Badge>
          {status.valid ? (
            <Badge color="teal" leftSection={<IconCheck size={12} />}>
              <FormattedMessage id="email.valid" />
            </Badge>
          ) : (
            <Badge color="red" leftSection={<IconAlertTriangle size={12} />}>
              <FormattedMessage id="email.invalid" />
            </Badge>
          )}
        </Group>
        {!status.valid ? (
          <Text size="sm" c="red.8">
            <FormattedMessage id={status.invalidReason ? `email.invalid.${status.invalidReason}` : "email.invalid.other"} />
          </Text>
        ) : null}
      </Stack>
      {status.abilities.manage ? (
        <Button variant="default" color="red" leftSection={<IconPlugConnectedX size={16} />} onClick={() => setConfirming(true)}>
          <FormattedMessage id="email.disconnect" />
        </Button>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={<FormattedMessage id="email.disconnect.title" />}
        message={<FormattedMessage id="email.disconnect.confirm" values={{ email }} />}
        confirmLabel={<FormattedMessage id="email.disconnect" />}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          // Awaited here rather than in per-call callbacks: this row is gone once the mailbox is.
          try {
            await disconnect.mutateAsync({ type: provider, inboxEmail: email });
            alerts.success("success.email-disconnected");
          } catch (error) {
            alerts.error("error.email-disconnect", error);
          }
        }}
      />
    </Group>
  );
}

function ConnectForm({
  teamId,
  address,
  setAddress,
  busy,
  onConnect,
}: {
  teamId: string;
  address: string;
  setAddress: (address: string) => void;
  busy: boolean;
  onConnect: (address: string) => void;
}) {
  const intl = useIntl();
  const alerts = useAlerts();
  const sandbox = useSandboxAvailable();
  const connectSandbox = useConnectSandbox(teamId);
  const [error, setError] = useState<string | null>(null);
  const checked = (): string | null => {
    const parsed = inboxEmailRequest.safeParse({ inboxEmail: address });
    setError(parsed.success ? null : intl.formatMessage({ id: "validation.email" }));
    return parsed.success ? parsed.data.inboxEmail : null;
  };
  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const inboxEmail = checked();
    if (inboxEmail) {
      onConnect(inboxEmail);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1, maxWidth: 420 }}
          type="email"
          label={intl.formatMessage({ id: "email.address" })}
          description={intl.formatMessage({ id: "email.address.hint" })}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={error}
          autoComplete="email"
        />
        <Button type="submit" loading={busy} leftSection={<IconPlugConnected size={16} />}>
          <FormattedMessage id="email.connect" />
        </Button>
        {sandbox.data ? (
          // Development and tests: the simulated mailbox of the sandbox network, connected without a popup.
          <Button
            variant="default"
            loading={connectSandbox.isPending}
            onClick={() => {
              const inboxEmail = checked();
              if (inboxEmail) {
                connectSandbox.mutate(inboxEmail, { onError: (err) => alerts.apiError(err) });
              }
            }}
          >
            <FormattedMessage id="email.connect-sandbox" />
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

function ChooseProvider({
  address,
  onChoose,
  onBack,
}: {
  address: string;
  onChoose: (type: EmailProvider, address: string) => void;
  onBack: () => void;
}) {
  const [type, setType] = useState<EmailProvider>("Gmail");
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        <FormattedMessage id="error.email-provider-unknown" />
      </Text>
      <SegmentedControl
        aria-label={address}
        data={EMAIL_PROVIDERS.map((p) => ({ value: p, label: p }))}
        value={type}
        onChange={(v) => setType(v === "Outlook" ? "Outlook" : "Gmail")}
      />
      <Group>
        <Button variant="default" onClick={onBack}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button leftSection={<IconPlugConnected size={16} />} onClick={() => onChoose(type, address)}>
          <FormattedMessage id="email.connect" />
        </Button>
      </Group>
    </Stack>
  );
}

function OutcomeAlert({ outcome }: { outcome: ConnectOutcome | null }) {
  const intl = useIntl();
  if (!outcome) {
    return null;
  }
  const shown: Record<ConnectOutcome["kind"], { color: string; text: () => ReactNode }> = {
    connected: {
      color: "teal",
      text: () => intl.formatMessage({ id: "email.connected" }, { email: outcome.kind === "connected" ? outcome.address : "" }),
    },
    cancelled: { color: "yellow", text: () => intl.formatMessage({ id: "email.cancelled" }) },
    blocked: { color: "yellow", text: () => intl.formatMessage({ id: "email.popup.blocked" }) },
    failed: { color: "red", text: () => (outcome.kind === "failed" ? intl.formatMessage({ id: outcome.key }) : "") },
    error: { color: "red", text: () => (outcome.kind === "error" ? formatError(intl, outcome.error) : "") },
  };
  const { color, text } = shown[outcome.kind];
  return (
    <Alert color={color} role={outcome.kind === "connected" ? "status" : "alert"} data-outcome={outcome.kind}>
      {text()}
    </Alert>
  );
}

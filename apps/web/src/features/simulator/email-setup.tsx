import { useState } from "react";
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { email } from "@relais/shared";
import { formatError, formatKey } from "../../app/i18n/messages.ts";
import { issuesToErrors } from "../../ui/forms.ts";
import { useTeamMailboxes } from "./email-api.ts";

type Mailboxes = NonNullable<ReturnType<typeof useTeamMailboxes>["data"]>["mailboxes"];

/** The teams' mailboxes grouped by organisation, each as "Réception · reception@clinique-demo.ca". */
function mailboxOptions(intl: ReturnType<typeof useIntl>, mailboxes: Mailboxes) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const m of mailboxes) {
    const label = intl.formatMessage({ id: "simulator.email.team-option" }, { team: m.teamLabel, address: m.address });
    groups.set(m.organizationName, [...(groups.get(m.organizationName) ?? []), { value: m.address, label }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The address the person plays: kept once the shared email rule accepts it. */
function MyAddress({ address, onChange }: { address: string | null; onChange: (address: string) => void }) {
  const intl = useIntl();
  const [typed, setTyped] = useState(address ?? "");
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <form
      // The shared rule speaks, in the page's language, rather than the browser's own bubble.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const checked = email.safeParse(typed);
        if (!checked.success) {
          const refused = issuesToErrors(checked.error.issues)[""];
          setProblem(formatKey(intl, refused?.key ?? "validation.email", refused?.values, "validation.email"));
          return;
        }
        setProblem(null);
        setTyped(checked.data);
        onChange(checked.data);
      }}
    >
      <TextInput
        label={<FormattedMessage id="simulator.email.my-address" />}
        description={<FormattedMessage id="simulator.email.my-address.hint" />}
        type="email"
        autoComplete="email"
        value={typed}
        error={problem}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setProblem(null);
        }}
        rightSectionWidth={96}
        rightSection={
          <Button type="submit" size="compact-sm" variant="light">
            <FormattedMessage id="simulator.email.my-address.use" />
          </Button>
        }
      />
    </form>
  );
}

/** The teams' sandbox mailboxes, as the sandbox lists them. */
function TeamMailbox({ mailbox, onChange }: { mailbox: string | null; onChange: (mailbox: string) => void }) {
  const intl = useIntl();
  const mailboxes = useTeamMailboxes();
  const list = mailboxes.data?.mailboxes ?? [];
  let error: string | null = null;
  if (mailboxes.isError) {
    error = formatError(intl, mailboxes.error);
  } else if (mailboxes.isSuccess && list.length === 0) {
    error = intl.formatMessage({ id: "simulator.email.no-mailboxes" });
  } else if (mailboxes.isSuccess && mailbox !== null && !list.some((m) => m.address === mailbox)) {
    // Remembered from an earlier visit, since disconnected: writing to it would answer 404.
    error = intl.formatMessage({ id: "simulator.email.error.mailbox-gone" });
  }
  return (
    <Select
      label={<FormattedMessage id="simulator.email.team" />}
      placeholder={intl.formatMessage({ id: "simulator.email.team.placeholder" })}
      data={mailboxOptions(intl, list)}
      value={list.some((m) => m.address === mailbox) ? mailbox : null}
      onChange={(value) => {
        if (value) {
          onChange(value);
        }
      }}
      allowDeselect={false}
      searchable
      nothingFoundMessage={intl.formatMessage({ id: "common.no-results" })}
      disabled={mailboxes.isPending}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Side panel of the email side: who the person plays and which team mailbox they write to. */
export function EmailSetup(props: {
  address: string | null;
  mailbox: string | null;
  onAddress: (address: string) => void;
  onMailbox: (mailbox: string) => void;
}) {
  return (
    <Paper withBorder p="lg" radius="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconMail size={20} aria-hidden />
          <Title order={2} fz={17}>
            <FormattedMessage id="simulator.email.setup.title" />
          </Title>
        </Group>
        <MyAddress address={props.address} onChange={props.onAddress} />
        <TeamMailbox mailbox={props.mailbox} onChange={props.onMailbox} />
        <Text size="xs" c="dimmed">
          <FormattedMessage id="simulator.email.sync-note" />
        </Text>
      </Stack>
    </Paper>
  );
}

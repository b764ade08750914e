import { useState } from "react";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { MailboxProvider, MailboxStatus } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useDisconnectMailbox } from "./api.ts";
import { EmailMessages } from "./email-messages.tsx";

type Props = { status: MailboxStatus; askedKey: string; onClose: () => void };

function remember(key: string): void {
  try {
    window.localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Private browsing without storage: the dialog may come back on the next load, nothing worse.
  }
}

/** The email-disconnected dialog (spec part 1 §2, part 2 §4), in the email screens' texts. */
export function ReconnectDialog(props: Props) {
  return (
    <EmailMessages>
      <Dialog {...props} />
    </EmailMessages>
  );
}

function Dialog({ status, askedKey, onClose }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const disconnect = useDisconnectMailbox(status.teamId);
  const [busy, setBusy] = useState(false);
  const email = status.email ?? "";
  const close = (): void => {
    remember(askedKey);
    onClose();
  };
  const reconnect = (): void => {
    close();
    void navigate("/configuration?configTab=2&tab=1");
  };
  // "Don't ask again" disconnects the mailbox (spec part 2 §4).
  const neverAsk = async (provider: MailboxProvider): Promise<void> => {
    setBusy(true);
    try {
      await disconnect.mutateAsync({ type: provider, inboxEmail: email });
      alerts.success("success.email-disconnected");
      close();
    } catch (error) {
      alerts.error("error.email-disconnect", error);
    } finally {
      setBusy(false);
    }
  };
  const manage = status.abilities.manage;
  return (
    <Modal opened onClose={busy ? () => undefined : close} title={intl.formatMessage({ id: "email.reconnect.title" })} size="md">
      <Stack gap="sm">
        <Text size="sm">
          <FormattedMessage id="email.reconnect.body" values={{ email }} />
        </Text>
        {status.invalidReason ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id={`email.invalid.${status.invalidReason}`} />
          </Text>
        ) : null}
        {!manage ? (
          <Text size="sm">
            <FormattedMessage id="email.reconnect.ask-admin" />
          </Text>
        ) : null}
      </Stack>
      <Group justify="flex-end" mt="lg">
        {manage && status.provider ? (
          <>
            <Button
              variant="default"
              loading={busy}
              onClick={() => {
                if (status.provider) {
                  void neverAsk(status.provider);
                }
              }}
            >
              <FormattedMessage id="email.reconnect.never" />
            </Button>
            <Button onClick={reconnect} disabled={busy} data-autofocus>
              <FormattedMessage id="email.reconnect.go" />
            </Button>
          </>
        ) : (
          <Button onClick={close} data-autofocus>
            <FormattedMessage id="common.ok" />
          </Button>
        )}
      </Group>
    </Modal>
  );
}

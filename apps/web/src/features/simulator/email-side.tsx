import { useState } from "react";
import { Center, Text } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SandboxEmail } from "@relais/shared";
import { EmptyState } from "../../ui/empty-state.tsx";
import { EmailComposer } from "./email-composer.tsx";
import { EmailList } from "./email-list.tsx";
import { EmailSetup } from "./email-setup.tsx";
import { readRemembered, remember } from "./remembered.ts";
import classes from "./simulator.module.css";

/** The mail window: the emails between the address and the team, then what the address writes. */
function MailWindow({ address, mailbox }: { address: string | null; mailbox: string | null }) {
  const intl = useIntl();
  const [replyTo, setReplyTo] = useState<SandboxEmail | null>(null);
  return (
    <section className={classes.mailWindow} aria-label={intl.formatMessage({ id: "simulator.email.window-label" })}>
      <div className={classes.mailBar}>
        <span data-testid="email-me">{address ? <FormattedMessage id="simulator.email.me" values={{ address }} /> : null}</span>
        {address && mailbox ? (
          <Text component="span" size="xs" fw={600} truncate>
            <FormattedMessage id="simulator.email.to" values={{ addresses: mailbox }} />
          </Text>
        ) : null}
      </div>
      {address && mailbox ? (
        <>
          <EmailList address={address} mailbox={mailbox} onReply={setReplyTo} />
          <EmailComposer address={address} mailbox={mailbox} replyTo={replyTo} onReplyDone={() => setReplyTo(null)} />
        </>
      ) : (
        <Center flex={1} p="md">
          <EmptyState
            size="sm"
            icon={<IconMailOff />}
            title={<FormattedMessage id="simulator.email.start.title" />}
            description={<FormattedMessage id="simulator.email.start.hint" />}
          />
        </Center>
      )}
    </section>
  );
}

/**
 * The simulator's email side (issue 14 §4): the person plays a contact's address writing to a
 * team's sandbox mailbox; the team's sync reads it within the minute and its staff's replies come
 * back here.
 */
export function EmailSide() {
  const [address, setAddress] = useState(() => readRemembered("address"));
  const [mailbox, setMailbox] = useState(() => readRemembered("mailbox"));
  return (
    <div className={classes.workspace}>
      {/* A new pair starts a fresh window: no reply left pointing at another mailbox's email. */}
      <MailWindow key={`${address ?? ""} ${mailbox ?? ""}`} address={address} mailbox={mailbox} />
      <div className={classes.side}>
        <EmailSetup
          address={address}
          mailbox={mailbox}
          onAddress={(next) => {
            remember("address", next);
            setAddress(next);
          }}
          onMailbox={(next) => {
            remember("mailbox", next);
            setMailbox(next);
          }}
        />
      </div>
    </div>
  );
}

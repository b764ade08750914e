import type { ReactNode } from "react";
import { Button, Center, Loader, Text } from "@mantine/core";
import { IconArrowBackUp, IconMailOpened } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SandboxEmail } from "@relais/shared";
import { formatError } from "../../app/i18n/messages.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { useFollowNewest } from "../../ui/use-follow-newest.ts";
import { messageTime } from "../messaging/format.ts";
import { useContactMailbox } from "./email-api.ts";
import { emailsWithTeam } from "./mail.ts";
import classes from "./simulator.module.css";

/**
 * One email as a mail program shows it: subject, date, from and to, the text (the sandbox gives
 * the text part only, so the team's HTML is never drawn here), the files' names.
 */
function EmailCard({ email, onReply }: { email: SandboxEmail; onReply: (email: SandboxEmail) => void }) {
  const intl = useIntl();
  const received = email.direction === "received";
  const subject = email.subject || intl.formatMessage({ id: "simulator.email.no-subject" });
  return (
    <article className={classes.mail} data-direction={email.direction} data-testid="sim-email" aria-label={subject}>
      <div className={classes.mailHead}>
        <span className={classes.mailTag} data-direction={email.direction}>
          <FormattedMessage id={received ? "simulator.email.received" : "simulator.email.sent"} />
        </span>
        <Text component="h3" fw={650} size="sm" className={classes.mailSubject}>
          {subject}
        </Text>
        <Text component="time" dateTime={email.date} size="xs" c="dimmed" style={{ flex: "none" }}>
          {messageTime(intl, email.date)}
        </Text>
      </div>
      <Text size="xs" c="dimmed">
        <FormattedMessage id="simulator.email.from" values={{ address: email.from }} />
        {" · "}
        <FormattedMessage id="simulator.email.to" values={{ addresses: email.to.join(", ") }} />
      </Text>
      <div className={classes.mailBody} data-testid="sim-email-text">
        {email.text}
      </div>
      {email.attachments.length ? (
        <Text size="xs" c="dimmed">
          <FormattedMessage id="simulator.email.attachments" values={{ names: email.attachments.map((a) => a.filename).join(", ") }} />
        </Text>
      ) : null}
      {received ? (
        <div>
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconArrowBackUp size={15} aria-hidden />}
            aria-label={intl.formatMessage({ id: "simulator.email.reply-to" }, { subject })}
            onClick={() => onReply(email)}
          >
            <FormattedMessage id="simulator.email.reply" />
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** The emails between the address and the team, oldest at the top, following the newest. */
export function EmailList({ address, mailbox, onReply }: { address: string; mailbox: string; onReply: (email: SandboxEmail) => void }) {
  const intl = useIntl();
  const read = useContactMailbox(address);
  const emails = read.data ? emailsWithTeam(read.data.emails, mailbox) : [];
  const newest = emails[emails.length - 1]?.messageId ?? null;
  const box = useFollowNewest<HTMLDivElement>(newest);

  let content: ReactNode;
  if (read.isPending) {
    content = (
      <Center h="100%">
        <Loader size="sm" aria-label={intl.formatMessage({ id: "common.loading" })} />
      </Center>
    );
  } else if (read.isError && !read.data) {
    content = (
      <Text c="red.8" size="sm" ta="center" mt="xl" role="alert">
        {formatError(intl, read.error)}
      </Text>
    );
  } else if (emails.length === 0) {
    content = (
      <EmptyState
        size="sm"
        icon={<IconMailOpened />}
        title={<FormattedMessage id="simulator.email.empty.title" />}
        description={<FormattedMessage id="simulator.email.empty.hint" />}
      />
    );
  } else {
    content = (
      <>
        {emails.map((email) => (
          <EmailCard key={`${email.direction}-${email.messageId}`} email={email} onReply={onReply} />
        ))}
        {/* A poll that failed after earlier ones worked: the emails shown may be behind. */}
        {read.isError ? (
          <Text c="red.8" size="xs" ta="center" role="alert">
            <FormattedMessage id="simulator.email.stale" />
          </Text>
        ) : null}
      </>
    );
  }

  return (
    <div
      ref={box}
      className={classes.mails}
      role="log"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: "simulator.email.list-label" })}
      aria-busy={read.isPending}
      // Reachable from the keyboard to scroll, even when no email offers a button.
      tabIndex={0}
    >
      {content}
    </div>
  );
}

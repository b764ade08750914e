import type { ReactNode } from "react";
import { Center, Loader, Text } from "@mantine/core";
import { IconAlertCircle, IconCheck, IconChecks, IconClock, IconMessageCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageStatus, SandboxConversationItem, SandboxMediaLink } from "@relais/shared";
import { formatError } from "../../app/i18n/messages.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { useFollowNewest } from "../../ui/use-follow-newest.ts";
import { messageTime } from "../messaging/format.ts";
import { useSimulatedConversation } from "./api.ts";
import classes from "./simulator.module.css";

const STATUS_ICONS: Record<MessageStatus, ReactNode> = {
  sending: <IconClock size={13} />,
  sent: <IconCheck size={13} />,
  delivered: <IconChecks size={13} />,
  failed: <IconAlertCircle size={13} color="var(--mantine-color-red-7)" />,
};

/** Where the clinic's text stands on the simulated network, with the inbox's own words. */
function StatusTick({ status }: { status: MessageStatus }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: `message.status.${status}` });
  return (
    <span role="img" aria-label={label} title={label} data-status={status} style={{ display: "inline-flex" }}>
      {STATUS_ICONS[status]}
    </span>
  );
}

function Attachment({ media }: { media: SandboxMediaLink }) {
  const intl = useIntl();
  if (media.contentType.startsWith("image/")) {
    // A click opens it full size, as a phone's viewer would.
    return (
      <a href={media.url} target="_blank" rel="noreferrer">
        <img className={classes.image} src={media.url} alt={intl.formatMessage({ id: "simulator.image-alt" })} />
      </a>
    );
  }
  return (
    <a className={classes.fileLink} href={media.url} target="_blank" rel="noreferrer">
      <FormattedMessage id="simulator.file-link" values={{ type: media.contentType }} />
    </a>
  );
}

function Bubble({ item }: { item: SandboxConversationItem }) {
  const intl = useIntl();
  const received = item.direction === "received";
  return (
    <div className={classes.row} data-direction={item.direction} data-status={item.status} data-testid="phone-message">
      <div
        className={classes.bubble}
        data-direction={item.direction}
        data-status={item.status}
        aria-label={intl.formatMessage({ id: received ? "simulator.received" : "simulator.sent" })}
      >
        {item.media.map((m) => (
          <Attachment key={m.url} media={m} />
        ))}
        <span data-testid="phone-message-text">{item.body}</span>
      </div>
      <div className={classes.meta}>
        <span>{messageTime(intl, item.at)}</span>
        {received ? <StatusTick status={item.status} /> : null}
        {received && item.failureReason ? <span>{item.failureReason}</span> : null}
      </div>
    </div>
  );
}

/** The phone's thread with the clinic, oldest at the top, following the newest text. */
export function PhoneConversation({ phone, clinic }: { phone: string; clinic: string }) {
  const intl = useIntl();
  const conversation = useSimulatedConversation(phone, clinic);
  const items = conversation.data?.items ?? [];
  const newest = items[items.length - 1]?.id ?? null;

  const box = useFollowNewest<HTMLDivElement>(newest);

  let content: ReactNode;
  if (conversation.isPending) {
    content = (
      <Center h="100%">
        <Loader size="sm" aria-label={intl.formatMessage({ id: "common.loading" })} />
      </Center>
    );
  } else if (conversation.isError && !conversation.data) {
    content = (
      <Text c="red.8" size="sm" ta="center" mt="xl" role="alert">
        {formatError(intl, conversation.error)}
      </Text>
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        size="sm"
        icon={<IconMessageCircle />}
        title={<FormattedMessage id="simulator.empty.title" />}
        description={<FormattedMessage id="simulator.empty.hint" />}
      />
    );
  } else {
    content = (
      <>
        {items.map((item) => (
          <Bubble key={item.id} item={item} />
        ))}
        {/* A poll that failed after earlier ones worked: the texts shown may be behind. */}
        {conversation.isError ? (
          <Text c="red.8" size="xs" ta="center" role="alert">
            {formatError(intl, conversation.error)}
          </Text>
        ) : null}
      </>
    );
  }

  return (
    <div
      ref={box}
      className={classes.messages}
      role="log"
      aria-live="polite"
      aria-label={intl.formatMessage({ id: "simulator.messages-label" })}
      aria-busy={conversation.isPending}
    >
      {content}
    </div>
  );
}

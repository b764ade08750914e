import { Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { ActionIcon, Badge, Box, Button, Group, SegmentedControl, Skeleton, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import {
  IconAlertCircle,
  IconArchive,
  IconArchiveOff,
  IconCheck,
  IconChecks,
  IconClock,
  IconMessageOff,
  IconPin,
  IconPinnedOff,
  IconRefresh,
  IconSend,
  IconTrash,
} from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import type { Message, MessageStatus, Thread } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { ContactAvatar } from "../../ui/contact-avatar.tsx";
import { useFollowNewest } from "../../ui/use-follow-newest.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { useDeleteThread, useMessages, useRetryMessage, useSendMessage, useThread, useUpdateThread } from "./api.ts";
import { messageTime, threadName } from "./format.ts";
import { useDates } from "../../ui/dates.ts";
import { AttachmentButton, AttachmentChips } from "./attachment-picker.tsx";
import { ThreadContactLink } from "./thread-contact-link.tsx";
import { MessageMedia } from "./media-preview.tsx";
import { useAttachments } from "./use-attachments.ts";
import { lazyPart } from "../../app/lazy/lazy-screen.tsx";
import { useQuickMessages } from "../text-blocks/quick-message-picker.tsx";
import { useContactByPhone } from "../text-blocks/api.ts";
import { useSession } from "../../app/session/session.tsx";
import { ScheduledBar } from "../scheduled-messages/scheduled-bar.tsx";
import { SurveyHold, ThreadSurveyAction } from "../surveys/thread-survey.tsx";
import { CallButton } from "../calls/call-button.tsx";
import { CallMessage } from "../calls/call-message.tsx";
import classes from "./conversations.module.css";

/** An email's card (its frame, its files): fetched with the first email a thread shows. */
const EmailMessage = lazyPart("email-message", () => import("../email/email-message.tsx").then((m) => m.EmailMessage));
/** The composer's email mode: fetched when a person first switches to it. */
const EmailComposer = lazyPart("email-composer", () => import("../email/email-composer.tsx").then((m) => m.EmailComposer));

const STATUS_ICONS: Record<MessageStatus, ReactNode> = {
  sending: <IconClock size={13} />,
  sent: <IconCheck size={13} />,
  delivered: <IconChecks size={13} />,
  failed: <IconAlertCircle size={13} />,
};

function StatusTick({ status }: { status: MessageStatus }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: `message.status.${status}` });
  return (
    <Tooltip label={label} withArrow>
      <span role="img" aria-label={label} data-status={status} style={{ display: "inline-flex" }}>
        {STATUS_ICONS[status]}
      </span>
    </Tooltip>
  );
}

function MessageBubble({ message }: { message: Message }) {
  const intl = useIntl();
  const { timeZone } = useDates();
  const alerts = useAlerts();
  const retry = useRetryMessage();
  const outbound = message.direction === "outbound";
  return (
    <div className={classes.bubbleRow} data-direction={message.direction} data-message-status={message.status}>
      <div className={classes.bubbleColumn}>
        <div
          className={classes.bubble}
          data-direction={message.direction}
          data-status={message.status}
          aria-label={intl.formatMessage({ id: outbound ? "message.outbound" : "message.inbound" })}
        >
          {message.media.length ? <MessageMedia media={message.media} /> : null}
          {/* An email shows as itself; a message of files only has no text line at all. */}
          {message.email ? (
            <Suspense fallback={<Skeleton h={72} w={360} radius="md" />}>
              <EmailMessage email={message.email} />
            </Suspense>
          ) : message.body ? (
            message.body
          ) : null}
          <div className={classes.meta}>
            <span>{messageTime(intl, message.createdAt, timeZone)}</span>
            {outbound ? <StatusTick status={message.status} /> : null}
          </div>
        </div>
        {message.status === "failed" ? (
          <Group justify="flex-end" gap={6} mt={4}>
            {message.failureReason ? (
              <Text size="xs" c="red.8">
                {message.failureReason}
              </Text>
            ) : null}
            <Button
              size="compact-xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={13} />}
              loading={retry.isPending}
              onClick={() => {
                retry.mutate(message, { onError: (error) => alerts.error("error.message-send-failed", error) });
              }}
            >
              <FormattedMessage id="message.retry" />
            </Button>
          </Group>
        ) : null}
      </div>
    </div>
  );
}

function Messages({ threadId }: { threadId: string }) {
  const intl = useIntl();
  const messages = useMessages(threadId);
  // `/conversations?sid=…&call=…` (spec part 1 §2): the thread opens on that call's message.
  const [params] = useSearchParams();
  const shownCall = params.get("call");
  const list = (messages.data?.pages.flatMap((p) => p.messages) ?? []).slice().reverse();
  const newest = list[list.length - 1]?.id ?? null;

  const box = useFollowNewest<HTMLDivElement>(newest);

  const loadOlder = (): void => {
    const el = box.current;
    if (!el || !messages.hasNextPage || messages.isFetchingNextPage) {
      return;
    }
    const fromBottom = el.scrollHeight - el.scrollTop;
    void messages.fetchNextPage().then(() => {
      // Keep the reader's place once older messages are added above.
      requestAnimationFrame(() => {
        el.scrollTop = el.scrollHeight - fromBottom;
      });
    });
  };

  return (
    <div
      ref={box}
      className={classes.messages}
      role="log"
      aria-live="polite"
      aria-busy={messages.isPending}
      aria-label={intl.formatMessage({ id: "conversations.messages-label" })}
      // Reachable from the keyboard to scroll a thread whose messages have nothing to focus (texts, plain emails).
      tabIndex={0}
      onScroll={(e) => {
        if (e.currentTarget.scrollTop < 40) {
          loadOlder();
        }
      }}
    >
      {messages.isPending ? (
        <Stack gap="sm">
          <Skeleton height={40} width="45%" radius="lg" />
          <Skeleton height={40} width="35%" radius="lg" ml="auto" />
          <Skeleton height={56} width="50%" radius="lg" />
          <Skeleton height={40} width="30%" radius="lg" ml="auto" />
        </Stack>
      ) : messages.isError ? (
        <Text c="red.8" size="sm" ta="center">
          <FormattedMessage id="conversations.load-failed" />
        </Text>
      ) : (
        <>
          {messages.hasNextPage ? (
            <Group justify="center">
              <Button variant="subtle" size="xs" loading={messages.isFetchingNextPage} onClick={loadOlder}>
                <FormattedMessage id="conversations.load-older" />
              </Button>
            </Group>
          ) : null}
          {list.length === 0 ? (
            <Text c="dimmed" size="sm" ta="center" mt="xl">
              <FormattedMessage id="conversations.no-messages" />
            </Text>
          ) : null}
          {list.map((m) =>
            m.call ? (
              <div key={m.id} className={classes.bubbleRow} data-direction={m.direction}>
                <CallMessage message={m} highlighted={m.call.callId === shownCall} time={messageTime(intl, m.createdAt)} />
              </div>
            ) : (
              <MessageBubble key={m.id} message={m} />
            ),
          )}
        </>
      )}
    </div>
  );
}

function Composer({ threadId, contactPhone }: { threadId: string; contactPhone: string }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const send = useSendMessage(threadId);
  const attachments = useAttachments();
  const [text, setText] = useState("");
  const quick = useQuickMessages({ text, setText, contactPhone, attachments: attachments.items.length });
  const empty = text.trim().length === 0 && attachments.items.length === 0;
  // Send pressed while a file is still uploading: the text leaves once the uploads are done,
  // not at all if one fails (its problem shows) or a file is taken away meanwhile.
  const sendWhenReady = useRef(false);

  const submit = (): void => {
    if (empty || send.isPending || quick.blocked) {
      return;
    }
    // The signature is appended here: a text sent before it is known would go out unsigned.
    if (attachments.busy || !quick.ready) {
      sendWhenReady.current = true;
      return;
    }
    // Null while a dynamic field has no value: the picker says which, nothing is sent.
    const body = quick.prepare(text);
    if (body === null) {
      return;
    }
    send.mutate(
      { body, mediaIds: attachments.mediaIds, ...(quick.document ? { textBlockId: quick.document.id } : {}) },
      {
        onSuccess: () => {
          setText("");
          attachments.clear();
          quick.clearDocument();
        },
        onError: (error) => alerts.error("error.message-send-failed", error),
      },
    );
  };

  // Each finished upload (and the signature's arrival) renders again: the last one lets the
  // waiting text go.
  useEffect(() => {
    if (!sendWhenReady.current || attachments.busy || !quick.ready) {
      return;
    }
    sendWhenReady.current = false;
    if (!attachments.problem) {
      submit();
    }
  });

  return (
    <form
      className={classes.composer}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <AttachmentButton onPick={attachments.pick} disabled={send.isPending} />
      {quick.button}
      <Box style={{ flex: 1 }} miw={0}>
        <AttachmentChips
          items={attachments.items}
          problem={attachments.problem}
          onRemove={(key) => {
            sendWhenReady.current = false;
            attachments.remove(key);
          }}
        />
        {quick.panel}
        <Textarea
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          aria-label={intl.formatMessage({ id: "composer.label" })}
          placeholder={intl.formatMessage({ id: "composer.placeholder" })}
          onChange={(e) => {
            setText(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (quick.onKeyDown(e)) {
              return;
            }
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
      </Box>
      <Button
        type="submit"
        disabled={empty || quick.blocked}
        loading={send.isPending || attachments.busy}
        leftSection={<IconSend size={16} />}
      >
        <FormattedMessage id="composer.send" />
      </Button>
    </form>
  );
}

/**
 * Text or email (issue 14 §3): email is offered when the team's mailbox is connected and valid and
 * the contact has an address (read only then: a contact read is audited).
 */
function ComposerArea({ threadId, contactPhone }: { threadId: string; contactPhone: string }) {
  const intl = useIntl();
  const team = useSession().userGroup;
  const mailbox = team?.emailProvider && team.valid && team.email ? { provider: team.emailProvider, inboxEmail: team.email } : null;
  const contact = useContactByPhone(mailbox ? contactPhone : null);
  const contactEmail = contact.data?.email ?? null;
  const [mode, setMode] = useState<"text" | "email">("text");
  const email = mailbox && contactEmail && mode === "email" ? { ...mailbox, contactEmail } : null;
  return (
    <>
      {mailbox && contactEmail ? (
        <Group px="md" pt={6} gap="xs">
          <Text size="xs" c="dimmed" id={`mode-${threadId}`}>
            <FormattedMessage id="composer.mode" />
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby={`mode-${threadId}`}
            value={mode}
            onChange={(v) => setMode(v === "email" ? "email" : "text")}
            data={[
              { value: "text", label: intl.formatMessage({ id: "composer.mode.text" }) },
              { value: "email", label: intl.formatMessage({ id: "composer.mode.email" }) },
            ]}
          />
        </Group>
      ) : null}
      {email ? (
        <Suspense fallback={<Skeleton h={140} />}>
          <EmailComposer threadId={threadId} contactPhone={contactPhone} {...email} />
        </Suspense>
      ) : (
        <Composer threadId={threadId} contactPhone={contactPhone} />
      )}
    </>
  );
}

function ThreadHeader({ thread, onDeleted }: { thread: Thread; onDeleted: () => void }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateThread();
  const remove = useDeleteThread();
  const [confirming, setConfirming] = useState(false);
  const name = threadName(thread);
  const pinned = thread.attributes.pinned;
  const archived = thread.state === "inactive";

  const pinLabel = intl.formatMessage({ id: pinned ? "conversations.unpin" : "conversations.pin" });
  const archiveLabel = intl.formatMessage({ id: archived ? "conversations.unarchive" : "conversations.archive" });
  const deleteLabel = intl.formatMessage({ id: "conversations.delete" });

  return (
    <div className={classes.threadHead}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ContactAvatar name={thread.contact?.fullName ?? null} phone={thread.contactPhone} sentiment={thread.sentiment} />
        <Box miw={0}>
          <Text fw={650} truncate="end" data-testid="thread-title">
            {name}
          </Text>
          <ThreadContactLink thread={thread} />
          {archived ? (
            <Badge size="xs" variant="light" color="gray">
              <FormattedMessage id="conversations.archived-badge" />
            </Badge>
          ) : null}
        </Box>
      </Group>
      <Group gap={4} wrap="nowrap">
        <CallButton phoneNumber={thread.contactPhone} contactId={thread.contact?.id ?? null} />
        <ThreadSurveyAction threadId={thread.id} name={name} />
        <Tooltip label={pinLabel} withArrow>
          <ActionIcon
            variant={pinned ? "light" : "subtle"}
            color={pinned ? "relais" : "gray"}
            size="lg"
            aria-label={pinLabel}
            loading={update.isPending && update.variables.attributes !== undefined}
            onClick={() => {
              update.mutate({ id: thread.id, attributes: { pinned: !pinned } }, { onError: (error) => alerts.apiError(error) });
            }}
          >
            {pinned ? <IconPinnedOff size={19} /> : <IconPin size={19} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={archiveLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={archiveLabel}
            loading={update.isPending && update.variables.state !== undefined}
            onClick={() => {
              update.mutate(
                { id: thread.id, state: archived ? "active" : "inactive" },
                {
                  onSuccess: () => alerts.success(archived ? "conversations.unarchived" : "conversations.archived"),
                  onError: (error) => alerts.apiError(error),
                },
              );
            }}
          >
            {archived ? <IconArchiveOff size={19} /> : <IconArchive size={19} />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label={deleteLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={deleteLabel}
            onClick={() => {
              setConfirming(true);
            }}
          >
            <IconTrash size={19} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={<FormattedMessage id="conversations.delete-title" />}
        message={<FormattedMessage id="conversations.delete-confirm" values={{ phone: name }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(thread.id);
            onDeleted();
            alerts.success("conversations.deleted", undefined, { keepOnNavigation: true });
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </div>
  );
}

/** Right pane: the open thread, its messages (latest 15, older on demand) and the composer. */
export function ThreadView({ threadId, onDeleted }: { threadId: string; onDeleted: () => void }) {
  const thread = useThread(threadId);

  if (thread.isPending) {
    return (
      <div className={classes.threadPane}>
        <div className={classes.threadHead}>
          <Group gap="sm">
            <Skeleton circle height={40} />
            <Skeleton height={16} width={160} />
          </Group>
        </div>
        <Box p="lg">
          <Stack gap="sm">
            <Skeleton height={40} width="45%" radius="lg" />
            <Skeleton height={40} width="35%" radius="lg" ml="auto" />
          </Stack>
        </Box>
      </div>
    );
  }
  if (thread.isError) {
    const gone = isApiError(thread.error) && (thread.error.status === 404 || thread.error.status === 400);
    return (
      <div className={classes.threadPane}>
        <EmptyState
          icon={<IconMessageOff />}
          title={<FormattedMessage id={gone ? "conversations.thread-not-found" : "conversations.load-failed"} />}
        />
      </div>
    );
  }
  return (
    <div className={classes.threadPane} data-testid="open-thread">
      <ThreadHeader thread={thread.data} onDeleted={onDeleted} />
      <Messages threadId={threadId} />
      {/* Keyed: another thread starts with an empty text and no attachment. */}
      <ScheduledBar key={`scheduled-${threadId}`} contactPhone={thread.data.contactPhone} teamId={thread.data.teamId} />
      <SurveyHold key={`survey-${threadId}`} threadId={threadId}>
        <ComposerArea key={threadId} threadId={threadId} contactPhone={thread.data.contactPhone} />
      </SurveyHold>
    </div>
  );
}

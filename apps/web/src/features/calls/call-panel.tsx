import { useEffect, useState, type ReactNode } from "react";
import { ActionIcon, Badge, Button, CloseButton, Group, Loader, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconDialpad, IconPhone, IconPhoneOff, IconPhoneX, IconPictureInPictureOn } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { formatPhoneForDisplay, type CallOffer, type CallView } from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";
import { ContactAvatar } from "../../ui/contact-avatar.tsx";
import { useCallActions, useCallUi } from "./call-actions.ts";
import { Dialpad } from "./dialpad.tsx";
import { HeldBadge, HoldButton } from "./hold-button.tsx";
import { MuteButton } from "./headset-ui.tsx";
import { ParkButton } from "./park-button.tsx";
import { TransferButton, TransferringNote } from "./transfer-button.tsx";
import { callDuration, ownCallTitle, secondsSince } from "./format.ts";
import { CallWindowFrame } from "./call-window-frame.tsx";
import { detachCallWindow, useCallWindow } from "./call-window.ts";
import { phone, type OfferNotice } from "./phone.ts";
import { ownCall, usePhone } from "./use-phone.ts";
import classes from "./calls.module.css";
import { useNow } from "../../ui/use-now.ts";

/** How long the panel keeps a notice ("taken by …") or an ended call before it closes by itself. */
const NOTICE_MS = 8_000;

function CallCard({ title, side, children, testId }: { title: string; side?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Paper className={classes.card} shadow="xl" radius="lg" p="md" withBorder role="group" aria-label={title} data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Text component="h2" fw={700} size="sm" c="relais.8" className={classes.cardTitle}>
          {title}
        </Text>
        {side}
      </Group>
      {children}
    </Paper>
  );
}

/** Avatar with initials (a number shows a person), the name, and the number when it is not the name. */
function Caller({ name, phone, number, extra }: { name: string; phone: string; number: string | null; extra?: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" mb="md">
      <ContactAvatar name={name} phone={phone} sentiment={null} size={46} />
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text fw={650} truncate="end" data-testid="call-caller">
          {name}
        </Text>
        {number && number !== name ? (
          <Text size="sm" c="dimmed">
            {number}
          </Text>
        ) : null}
        {extra}
      </Stack>
    </Group>
  );
}

/** Spec §2 'for team' (with its tooltip) and 'from team' labels. */
function TeamLabels({ forTeam, forLabel, fromLabel }: { forTeam: boolean; forLabel: string; fromLabel: string | null }) {
  const intl = useIntl();
  return (
    <Group gap={4} wrap="nowrap">
      {fromLabel ? (
        <Badge size="sm" variant="light" color="gray">
          <FormattedMessage id="calls.from-team" values={{ team: fromLabel }} />
        </Badge>
      ) : null}
      {forTeam ? (
        <Tooltip label={intl.formatMessage({ id: "calls.for-team.tooltip" }, { team: forLabel })} multiline w={260} withArrow>
          <Badge size="sm" variant="light" color="orange" tabIndex={0} data-testid="call-for-team">
            <FormattedMessage id="calls.for-team" values={{ team: forLabel }} />
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/** An incoming call ringing here: answer, decline (this person only) or ignore (every offer). */
function OfferCard({ offer }: { offer: CallOffer }) {
  const intl = useIntl();
  const { userGroup } = useSession();
  const actions = useCallActions();
  const busy = useCallUi().busy[offer.callId] === true;
  const title = intl.formatMessage({ id: offer.transfer ? "calls.title.transferred" : "calls.title.incoming" });
  return (
    <CallCard
      title={title}
      testId="call-offer"
      side={<TeamLabels forTeam={offer.forGroupId !== userGroup?.id} forLabel={offer.forGroupLabel} fromLabel={offer.fromGroupLabel} />}
    >
      <Caller name={offer.callerName} phone={offer.phoneNumber} number={formatPhoneForDisplay(offer.phoneNumber)} />
      <Group gap="xs" grow>
        <Button
          color="teal"
          leftSection={<IconPhone size={18} />}
          loading={busy}
          onClick={() => {
            void actions.answer(offer);
          }}
        >
          <FormattedMessage id="calls.accept" />
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconPhoneX size={18} />}
          disabled={busy}
          onClick={() => {
            void actions.decline(offer, false);
          }}
        >
          <FormattedMessage id="calls.decline" />
        </Button>
      </Group>
      <Tooltip label={intl.formatMessage({ id: "calls.ignore.tooltip" })} withArrow>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          fullWidth
          mt={6}
          disabled={busy}
          onClick={() => {
            void actions.decline(offer, true);
          }}
        >
          <FormattedMessage id="calls.ignore" />
        </Button>
      </Tooltip>
    </CallCard>
  );
}

const END_TEXT = {
  completed: "calls.ended.completed",
  "no-answer": "calls.ended.missed",
  canceled: "calls.ended.missed",
  busy: "calls.ended.busy",
  failed: "calls.ended.failed",
} as const;

/** Detaches the in-call panel into the draggable call window (spec part 1 §2). */
function DetachButton() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: "calls.window.detach" });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        data-call-window="detach"
        onClick={() => {
          detachCallWindow();
        }}
      >
        <IconPictureInPictureOn size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

/** The call this tab carries: who, how long, the dialpad, hang up; then how it ended. */
function OwnCallCard({ call, skewMs }: { call: CallView; skewMs: number }) {
  const intl = useIntl();
  const actions = useCallActions();
  const busy = useCallUi().busy[call.id] === true;
  const [dialpad, setDialpad] = useState(false);
  const [pressed, setPressed] = useState("");
  const ended = call.state === "ended";
  const now = useNow(!ended);
  const title = ownCallTitle(call, skewMs, now);
  const live = call.answeredAt !== null && !ended;
  const elapsed = call.answeredAt
    ? secondsSince(call.answeredAt, skewMs, ended && call.endedAt ? Date.parse(call.endedAt) - skewMs : now)
    : 0;

  useEffect(() => {
    if (!ended) return undefined;
    const timer = window.setTimeout(() => {
      phone.setOwnCall(null);
    }, NOTICE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [ended]);

  const dialLabel = intl.formatMessage({ id: dialpad ? "calls.dialpad.hide" : "calls.dialpad.show" });
  const { detached } = useCallWindow();
  return (
    <CallCard
      title={intl.formatMessage({ id: title.id }, { duration: title.duration ?? "" })}
      testId="call-own"
      side={
        ended ? (
          <CloseButton
            aria-label={intl.formatMessage({ id: "calls.close" })}
            onClick={() => {
              phone.setOwnCall(null);
            }}
          />
        ) : (
          <Group gap={4} wrap="nowrap">
            <TeamLabels forTeam={false} forLabel={call.forGroupLabel} fromLabel={call.fromGroupLabel} />
            {detached ? null : <DetachButton />}
          </Group>
        )
      }
    >
      <Caller
        name={call.contactName ?? call.formattedNumber}
        phone={call.remoteNumber}
        number={call.formattedNumber}
        extra={
          <Group gap={6} mt={2} wrap="nowrap">
            {!ended && !live ? <Loader size={12} /> : null}
            <Text size="sm" ff="monospace" aria-label={intl.formatMessage({ id: "calls.timer" })} data-testid="call-timer">
              {callDuration(elapsed)}
            </Text>
            {call.held && !ended ? <HeldBadge /> : null}
          </Group>
        }
      />
      {ended ? (
        <Stack gap="xs">
          <Text size="sm" role="status">
            <FormattedMessage id={END_TEXT[call.endStatus ?? "completed"]} />
          </Text>
          {call.threadId ? (
            <Button
              component={Link}
              to={`/conversations?sid=${call.threadId}&call=${call.id}`}
              variant="light"
              size="compact-sm"
              onClick={() => {
                phone.setOwnCall(null);
              }}
            >
              <FormattedMessage id="calls.open-thread" />
            </Button>
          ) : null}
        </Stack>
      ) : (
        <>
          <TransferringNote call={call} />
          {dialpad ? (
            <Stack gap={8} mb="sm">
              <Text
                className={classes.pressed}
                aria-label={intl.formatMessage({ id: "calls.dialpad.pressed" })}
                role="status"
                data-testid="call-digits"
              >
                {pressed || "\u00a0"}
              </Text>
              <Dialpad
                disabled={!live}
                onKey={(key) => {
                  setPressed((p) => p + key);
                  void actions.digits(call.id, key);
                }}
              />
            </Stack>
          ) : null}
          <Group gap={4} wrap="nowrap">
            <Tooltip label={dialLabel} withArrow>
              <ActionIcon
                size={36}
                variant={dialpad ? "filled" : "light"}
                aria-label={dialLabel}
                aria-pressed={dialpad}
                onClick={() => {
                  setDialpad((d) => !d);
                }}
              >
                <IconDialpad size={20} />
              </ActionIcon>
            </Tooltip>
            <MuteButton call={call} />
            <HoldButton call={call} />
            <ParkButton call={call} />
            <TransferButton call={call} />
            {/* Disabled while held (spec §4), through data-disabled so its tooltip still says why. */}
            <Tooltip label={intl.formatMessage({ id: "calls.hang-up.held" })} disabled={!call.held} withArrow>
              <Button
                color="red"
                // Six controls share the row with it: tighter padding keeps "Raccrocher" whole.
                px={8}
                style={{ flex: 1 }}
                styles={{ section: { marginInlineEnd: 6 } }}
                leftSection={<IconPhoneOff size={18} />}
                loading={busy}
                data-disabled={call.held || undefined}
                aria-disabled={call.held || undefined}
                onClick={(event) => {
                  if (call.held) {
                    event.preventDefault();
                    return;
                  }
                  setPressed("");
                  void actions.hangup(call.id);
                }}
              >
                <FormattedMessage id="calls.hang-up" />
              </Button>
            </Tooltip>
          </Group>
        </>
      )}
    </CallCard>
  );
}

/** An offer that stopped ringing while shown: someone else took it, or the caller hung up. */
function NoticeCard({ notice, takenBy: owner }: { notice: OfferNotice; takenBy: string | null }) {
  const intl = useIntl();
  const callId = notice.offer.callId;
  // Who took it stays said even once the call moves on (parked, picked by someone else).
  const [takenBy, setTakenBy] = useState(owner);
  if (owner && !takenBy) setTakenBy(owner);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      phone.dismissNotice(callId);
    }, NOTICE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [callId]);
  const text =
    notice.reason === "taken" && takenBy
      ? intl.formatMessage({ id: "calls.taken-by" }, { name: takenBy })
      : intl.formatMessage({ id: "calls.ended.missed" });
  return (
    <CallCard
      title={intl.formatMessage({ id: "calls.title.incoming" })}
      testId="call-notice"
      side={
        <CloseButton
          aria-label={intl.formatMessage({ id: "calls.close" })}
          onClick={() => {
            phone.dismissNotice(callId);
          }}
        />
      }
    >
      <Caller name={notice.offer.callerName} phone={notice.offer.phoneNumber} number={formatPhoneForDisplay(notice.offer.phoneNumber)} />
      <Text size="sm" role="status" data-testid="call-notice-text">
        {text}
      </Text>
    </CallCard>
  );
}

/**
 * The in-call panel of spec part 1 §2: the call this tab carries, the offers ringing, the notices;
 * docked at the bottom right, or detached into the draggable call window.
 */
export function CallPanel() {
  const state = usePhone();
  const intl = useIntl();
  const own = ownCall(state);
  const notices = state.notices.filter((n) => n.offer.callId !== state.ownCallId);
  if (!own && state.offers.length === 0 && notices.length === 0) return null;
  return (
    <CallWindowFrame label={intl.formatMessage({ id: "calls.panel.label" })}>
      {own ? <OwnCallCard key={own.id} call={own} skewMs={state.skewMs} /> : null}
      {state.offers
        .filter((o) => o.callId !== state.ownCallId)
        .map((offer) => (
          <OfferCard key={offer.callId} offer={offer} />
        ))}
      {notices.map((notice) => (
        <NoticeCard key={notice.offer.callId} notice={notice} takenBy={state.calls[notice.offer.callId]?.ownerName ?? null} />
      ))}
    </CallWindowFrame>
  );
}

import { useEffect, useState, useSyncExternalStore } from "react";
import { ActionIcon, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconHeadset, IconMicrophone, IconMicrophoneOff } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { CallView } from "@relais/shared";
import { useCallActions } from "./call-actions.ts";
import { headset, type HeadsetState } from "./headset.ts";
import { phone } from "./phone.ts";
import { usePhone } from "./use-phone.ts";

/** The tab's headset (supported, name, mute), re-rendering on each change. */
export function useHeadset(): HeadsetState {
  return useSyncExternalStore(headset.subscribe, headset.getSnapshot);
}

/**
 * Wires the headset to the tab's phone (mounted once with the call screens): a headset granted on
 * an earlier visit is taken back, off-hook answers the call ringing here, on-hook hangs up the
 * call this tab carries (not while it is held: its hang-up is disabled then, spec §4), and each
 * new call starts unmuted.
 */
export function useHeadsetWiring(): void {
  const actions = useCallActions();
  const { ownCallId } = usePhone();

  useEffect(() => {
    void headset.restore().catch(() => undefined);
  }, []);

  useEffect(() => {
    headset.setTarget({
      answer: () => {
        const state = phone.state;
        const own = state.ownCallId ? state.calls[state.ownCallId] : undefined;
        if (own && own.state !== "ended") return;
        const offer = state.offers.find((o) => o.callId !== state.ownCallId);
        if (offer) void actions.answer(offer);
      },
      hangup: () => {
        const state = phone.state;
        const own = state.ownCallId ? state.calls[state.ownCallId] : undefined;
        if (own && own.state !== "ended" && !own.held) void actions.hangup(own.id);
      },
    });
    return () => {
      headset.setTarget(null);
    };
  }, [actions]);

  useEffect(() => {
    headset.resetMute();
  }, [ownCallId]);
}

/** Mute / unmute of the in-call panel: this tab's microphone stops reaching the caller (the call is not held). */
export function MuteButton({ call }: { call: CallView }) {
  const intl = useIntl();
  const { muted } = useHeadset();
  const label = intl.formatMessage({ id: muted ? "calls.unmute" : "calls.mute" });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size={36}
        variant={muted ? "filled" : "light"}
        color={muted ? "red" : undefined}
        aria-label={label}
        aria-pressed={muted}
        disabled={call.answeredAt === null}
        data-testid="call-mute"
        onClick={() => {
          headset.setMuted(!muted);
        }}
      >
        {muted ? <IconMicrophoneOff size={20} /> : <IconMicrophone size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The browser phone's headset setting: "Connect a headset" (the browser asks which, filtered on
 * the spec's vendor and the telephony page), then its name and "Disconnect". Nothing where the
 * browser has no WebHID.
 */
export function HeadsetSetting() {
  const intl = useIntl();
  const { supported, name } = useHeadset();
  const [failed, setFailed] = useState(false);
  if (!supported) return null;
  if (name) {
    return (
      <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="headset">
        <Group gap={6} wrap="nowrap" miw={0}>
          <IconHeadset size={16} aria-hidden />
          <Text size="sm" truncate="end" aria-label={intl.formatMessage({ id: "calls.headset.connected" }, { name })}>
            {name}
          </Text>
        </Group>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          onClick={() => {
            void headset.disconnect();
          }}
        >
          <FormattedMessage id="calls.headset.disconnect" />
        </Button>
      </Group>
    );
  }
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconHeadset size={16} />}
        onClick={() => {
          setFailed(false);
          // The person may close the browser's chooser: that is no failure.
          headset.connect().catch(() => {
            setFailed(true);
          });
        }}
      >
        <FormattedMessage id="calls.headset.connect" />
      </Button>
      {failed ? (
        <Text size="xs" c="red.8" role="alert">
          <FormattedMessage id="calls.headset.failed" />
        </Text>
      ) : null}
    </>
  );
}

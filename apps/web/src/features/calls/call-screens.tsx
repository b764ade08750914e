import { Suspense, useEffect, useRef, useState } from "react";
import { ActionIcon, Box, Button, Popover, Stack, Text, Tooltip } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { IconMicrophone, IconPhone, IconPhoneOff, IconPhonePlus, IconVolume } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { lazyPart } from "../../app/lazy/lazy-screen.tsx";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { CallsIntl } from "./calls-intl.tsx";
import { callMedia, currentMedia, openMicGuide, reportMediaProblems, useCallUi } from "./call-actions.ts";
import { CallPanel } from "./call-panel.tsx";
import { HeadsetSetting, useHeadsetWiring } from "./headset-ui.tsx";
import { openMicrophone } from "./media.ts";
import { phone } from "./phone.ts";
import { QueueButton } from "./queue-button.tsx";
import { askNotificationsOnce, startRinging } from "./ringing.ts";
import { audioUnlocked, unlockAudio } from "./sounds.ts";
import { onCall, usePhone } from "./use-phone.ts";
import classes from "./calls.module.css";

const MicrophoneGuide = lazyPart("calls-dialogs", () => import("./mic-guide.tsx").then((m) => m.MicrophoneGuide));
const NewCallDialog = lazyPart("calls-dialogs", () => import("./new-call-dialog.tsx").then((m) => m.NewCallDialog));

/** Rings while an offer waits here and this tab carries no call; stops at once otherwise. */
function useRinging(): void {
  const state = usePhone();
  const intl = useIntl();
  const first = state.offers[0];
  const ringing = first !== undefined && !onCall(state);
  const caller = first?.callerName ?? "";
  useEffect(() => {
    if (!ringing) return undefined;
    return startRinging({
      title: intl.formatMessage({ id: "calls.tab-title" }, { caller }),
      notificationTitle: intl.formatMessage({ id: "calls.notification.title" }),
      notificationBody: intl.formatMessage({ id: "calls.notification.body" }, { caller }),
    });
  }, [ringing, caller, intl]);
}

/** The call's audio follows the server's word: an ended call lets the microphone go. */
function useMediaFollowsCalls(): void {
  const state = usePhone();
  const queryClient = useQueryClient();
  const alerts = useAlerts();
  const own = state.ownCallId ? state.calls[state.ownCallId] : undefined;
  const endedId = own?.state === "ended" ? own.id : null;
  const carried = useRef<string | null>(null);

  useEffect(() => {
    reportMediaProblems((code) => alerts.error(code));
    phone.handleSignals((callId, signal) => {
      void callMedia(queryClient).then((m) => {
        m.signal(callId, signal);
      });
    });
    return () => {
      phone.handleSignals(null);
    };
  }, [alerts, queryClient]);

  useEffect(() => {
    if (state.ownCallId) carried.current = state.ownCallId;
  }, [state.ownCallId]);

  useEffect(() => {
    const gone = endedId ?? (state.ownCallId === null ? carried.current : null);
    if (!gone) return;
    carried.current = null;
    void currentMedia()?.then((m) => {
      m.release(gone);
    });
  }, [endedId, state.ownCallId]);
}

/** The call screens of the shell: the panel, the ringing, the call's audio, the microphone guide. */
export function CallScreens() {
  return (
    <CallsIntl>
      <CallScreensInside />
    </CallsIntl>
  );
}

function CallScreensInside() {
  const { micGuide } = useCallUi();
  const [guideLoaded, setGuideLoaded] = useState(false);
  useRinging();
  useMediaFollowsCalls();
  useHeadsetWiring();
  // Any click in the page lets the ring play (autoplay policy); the "ready" control says so too.
  useEffect(() => {
    const unlock = (): void => {
      void unlockAudio().catch(() => undefined);
    };
    document.addEventListener("pointerdown", unlock, { once: true });
    return () => {
      document.removeEventListener("pointerdown", unlock);
    };
  }, []);
  // Loaded with its first opening, then kept (it closes with its transition).
  if (micGuide && !guideLoaded) setGuideLoaded(true);
  return (
    <>
      <CallPanel />
      {guideLoaded ? (
        <Suspense fallback={null}>
          <MicrophoneGuide />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The top bar's "ready for calls" control (VOICE.md §6, decision 0021): whether this person is
 * offered calls and, if not, why (the server's answer to the heartbeat); a click unlocks the
 * ring's sound, asks for the microphone and, once, for desktop notifications. Beside it, the
 * dialpad for a new call.
 */
export function ReadyForCalls() {
  return (
    <CallsIntl>
      <ReadyInside />
    </CallsIntl>
  );
}

function ReadyInside() {
  const intl = useIntl();
  const state = usePhone();
  const { state: realtime } = useRealtime();
  const [opened, setOpened] = useState(false);
  const [dialing, setDialing] = useState(false);
  const [dialLoaded, setDialLoaded] = useState(false);
  const [soundOn, setSoundOn] = useState(audioUnlocked);
  const reasons = [...(state.presence?.reasons ?? [])];
  const connected = realtime === "connected";
  const offered = connected && state.presence?.offered === true;
  const micMissing = state.microphone === "denied" || state.microphone === "none";
  const label = intl.formatMessage({ id: offered ? "calls.ready.on" : "calls.ready.off" });
  const newCall = intl.formatMessage({ id: "calls.new" });

  const unlock = async (): Promise<void> => {
    await unlockAudio().catch(() => undefined);
    setSoundOn(audioUnlocked());
    askNotificationsOnce();
    if (state.microphone === "prompt") {
      await openMicrophone().then(
        (stream) => {
          for (const track of stream.getTracks()) track.stop();
        },
        () => undefined,
      );
    }
  };

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} withArrow shadow="md">
        <Popover.Target>
          <Button
            size="sm"
            variant="light"
            color={offered ? "teal" : "gray"}
            leftSection={offered ? <IconPhone size={16} /> : <IconPhoneOff size={16} />}
            classNames={{ section: classes.readySection }}
            aria-label={label}
            data-offered={offered}
            onClick={() => {
              setOpened((o) => !o);
              void unlock();
            }}
          >
            <span className={classes.readyLabel}>{label}</span>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            {offered ? (
              <Text size="sm">
                <FormattedMessage id="calls.ready.offered" />
              </Text>
            ) : (
              <Box>
                <Text size="sm" fw={600}>
                  <FormattedMessage id="calls.ready.why" />
                </Text>
                <Box component="ul" m={0} mt={4} pl="lg" fz="sm" data-testid="not-offered-reasons">
                  {connected ? null : (
                    <li>
                      <FormattedMessage id="calls.ready.reason.not-connected" />
                    </li>
                  )}
                  {reasons.map((reason) => (
                    <li key={reason}>
                      <FormattedMessage id={`calls.ready.reason.${reason}`} />
                    </li>
                  ))}
                </Box>
              </Box>
            )}
            {soundOn ? (
              <Text size="sm" c="teal.9">
                <FormattedMessage id="calls.ready.unlocked" />
              </Text>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="calls.ready.unlock-hint" />
                </Text>
                <Button size="xs" variant="light" leftSection={<IconVolume size={16} />} onClick={() => void unlock()}>
                  <FormattedMessage id="calls.ready.unlock" />
                </Button>
              </>
            )}
            {micMissing ? (
              <Button
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconMicrophone size={16} />}
                onClick={() => {
                  setOpened(false);
                  openMicGuide(state.microphone === "none" ? "none" : "denied");
                }}
              >
                <FormattedMessage id="calls.ready.mic-guide" />
              </Button>
            ) : null}
            <HeadsetSetting />
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <QueueButton />
      <Tooltip label={newCall} withArrow>
        <ActionIcon
          size="lg"
          variant="light"
          aria-label={newCall}
          onClick={() => {
            setDialLoaded(true);
            setDialing(true);
          }}
        >
          <IconPhonePlus size={19} />
        </ActionIcon>
      </Tooltip>
      {dialLoaded ? (
        <Suspense fallback={null}>
          <NewCallDialog
            opened={dialing}
            onClose={() => {
              setDialing(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

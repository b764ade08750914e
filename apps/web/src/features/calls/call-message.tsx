import { useEffect, useRef } from "react";
import { Text, ThemeIcon } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconPhoneIncoming, IconPhoneOutgoing, IconPhoneX } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { type Message, type MessageCall, type MessageId } from "@relais/shared";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { api } from "../../api/index.ts";
import { CallsIntl } from "./calls-intl.tsx";
import { callDuration } from "./format.ts";
import classes from "./calls.module.css";

/** How a call in a thread ended, in the words of spec part 1 §4 (an unanswered inbound call is missed). */
function statusKey(call: MessageCall): MessageId {
  if (call.state !== "ended") return "calls.message.status.live";
  switch (call.endStatus) {
    case "completed":
      return "calls.message.status.completed";
    case "busy":
      return "calls.message.status.busy";
    case "failed":
      return "calls.message.status.failed";
    case "no-answer":
    case "canceled":
      return call.direction === "inbound"
        ? "calls.message.status.missed"
        : call.endStatus === "no-answer"
          ? "calls.message.status.no-answer"
          : "calls.message.status.canceled";
    case null:
      return "calls.message.status.completed";
  }
}

/** The voicemail's audio, fetched once with the session (the route is for the call's team only), played from a local URL. */
function VoicemailPlayer({ callId }: { callId: string }) {
  const intl = useIntl();
  const blob = useQuery({
    queryKey: ["calls", "voicemail", callId],
    queryFn: ({ signal }) => api.call(voiceEndpoints.voicemail, { params: { id: callId } }, { signal }),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
  const player = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = player.current;
    if (!audio || !blob.data) return undefined;
    const url = URL.createObjectURL(blob.data);
    audio.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob.data]);
  if (blob.isError) {
    return (
      <Text size="xs" c="red" role="alert">
        <FormattedMessage id="calls.message.voicemail-failed" />
      </Text>
    );
  }
  if (!blob.data) {
    return (
      <Text size="xs" c="dimmed">
        <FormattedMessage id="calls.message.voicemail-loading" />
      </Text>
    );
  }
  return (
    <audio
      ref={player}
      controls
      preload="metadata"
      className={classes.voicemailPlayer}
      aria-label={intl.formatMessage({ id: "calls.message.voicemail-player" })}
      data-testid="voicemail-audio"
    />
  );
}

function CallMessageInside({
  message,
  call,
  highlighted,
  time,
}: {
  message: Message;
  call: MessageCall;
  highlighted: boolean;
  time: string;
}) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const missed = call.state === "ended" && call.answeredAt === null;
  const Icon = missed ? IconPhoneX : call.direction === "inbound" ? IconPhoneIncoming : IconPhoneOutgoing;
  useEffect(() => {
    if (highlighted) box.current?.scrollIntoView({ block: "center" });
  }, [highlighted]);
  const title = intl.formatMessage({ id: call.direction === "inbound" ? "calls.message.inbound" : "calls.message.outbound" });
  return (
    <div
      ref={box}
      className={classes.callMessage}
      data-direction={message.direction}
      data-call-id={call.callId}
      data-end-status={call.endStatus ?? ""}
      data-highlight={highlighted}
      aria-label={title}
      role="group"
    >
      <ThemeIcon variant="light" color={missed ? "red" : "relais"} radius="xl" size={34}>
        <Icon size={18} />
      </ThemeIcon>
      <div>
        <Text size="sm" fw={650}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" data-testid="call-message-status">
          <FormattedMessage id={statusKey(call)} />
          {call.durationSeconds !== null ? (
            <>
              {" · "}
              <FormattedMessage id="calls.message.duration" values={{ duration: callDuration(call.durationSeconds) }} />
            </>
          ) : null}
          {` · ${time}`}
        </Text>
        {call.callbackRequested ? (
          <Text size="xs" fw={600} data-testid="call-message-callback">
            <FormattedMessage id="calls.message.callback" />
          </Text>
        ) : null}
        {call.voicemail ? (
          <>
            <Text size="xs" fw={600} data-testid="call-message-voicemail">
              <FormattedMessage id="calls.message.voicemail" values={{ duration: callDuration(call.voicemail.durationSeconds) }} />
            </Text>
            <VoicemailPlayer callId={call.callId} />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** A call shown in its thread (spec part 1 §3, message `call`): direction, how it ended, how long. */
export function CallMessage({ message, highlighted, time }: { message: Message; highlighted: boolean; time: string }) {
  if (!message.call) return null;
  return (
    <CallsIntl>
      <CallMessageInside message={message} call={message.call} highlighted={highlighted} time={time} />
    </CallsIntl>
  );
}

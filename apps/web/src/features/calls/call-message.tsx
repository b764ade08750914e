import { useEffect, useRef } from "react";
import { Text, ThemeIcon } from "@mantine/core";
import { IconPhoneIncoming, IconPhoneOutgoing, IconPhoneX } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Message, MessageCall, MessageId } from "@relais/shared";
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

import { useState } from "react";
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconPhone, IconPhoneCall, IconPhoneOff } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import type { MessageId } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSession } from "../../app/session/session.tsx";
import { useCanCallOut } from "./api.ts";
import { openMicGuide, useCallActions, useCallUi } from "./call-actions.ts";
import { CallsIntl } from "./calls-intl.tsx";
import { onCall, usePhone } from "./use-phone.ts";

/** The tooltip states of spec part 1 §2. */
type ButtonState = "call" | "answer" | "in-progress" | "no-microphone" | "disabled" | "forbidden";

const LABELS: Record<ButtonState, MessageId> = {
  call: "calls.button.call",
  answer: "calls.button.answer",
  "in-progress": "calls.button.in-progress",
  "no-microphone": "calls.button.no-microphone",
  disabled: "calls.button.disabled",
  forbidden: "calls.button.forbidden",
};

interface Props {
  /** The contact's number, E.164. */
  phoneNumber: string;
  contactId?: string | null;
}

function CallButtonInside({ phoneNumber, contactId }: Props) {
  const intl = useIntl();
  const state = usePhone();
  const ui = useCallUi();
  const actions = useCallActions();
  const alerts = useAlerts();
  const canCallOut = useCanCallOut();
  const { organization } = useSession();
  const [placing, setPlacing] = useState(false);
  const offer = state.offers.find((o) => o.phoneNumber === phoneNumber);

  let mode: ButtonState = "call";
  if (offer && !onCall(state)) mode = "answer";
  else if (onCall(state)) mode = "in-progress";
  else if (!organization.options.twilio.webCallsEnabled) mode = "disabled";
  else if (!canCallOut || ui.forbidden) mode = "forbidden";
  else if (state.microphone === "denied" || state.microphone === "none") mode = "no-microphone";

  const label = intl.formatMessage({ id: LABELS[mode] });
  const disabled = mode === "in-progress" || mode === "disabled" || mode === "forbidden";
  const Icon = mode === "answer" ? IconPhoneCall : disabled ? IconPhoneOff : IconPhone;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={mode === "answer" ? "filled" : "subtle"}
        color={mode === "answer" ? "teal" : mode === "no-microphone" ? "orange" : "relais"}
        size="lg"
        aria-label={label}
        data-call-state={mode}
        data-disabled={disabled || undefined}
        loading={placing}
        onClick={() => {
          if (disabled) return;
          if (mode === "no-microphone") {
            openMicGuide(state.microphone === "none" ? "none" : "denied");
          } else if (offer) {
            void actions.answer(offer);
          } else {
            setPlacing(true);
            void actions
              .call(phoneNumber, contactId ?? undefined)
              .catch((error: unknown) => alerts.apiError(error))
              .finally(() => {
                setPlacing(false);
              });
          }
        }}
      >
        <Icon size={19} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The call button of a conversation and of a contact (spec part 1 §2, §5): calls the number,
 * answers it when it rings here, and otherwise says why it cannot (a call in progress, no
 * microphone — a click opens the guide —, web calls off, or the plan without outgoing calls).
 * Disabled states stay focusable so their tooltip can be read.
 */
export function CallButton(props: Props) {
  return (
    <CallsIntl>
      <CallButtonInside {...props} />
    </CallsIntl>
  );
}

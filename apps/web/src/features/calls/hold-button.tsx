import { useEffect, useState } from "react";
import { ActionIcon, Badge, Tooltip } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { type CallView } from "@relais/shared";
import { voiceEndpoints } from "@relais/shared/endpoints/voice";
import { api } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { currentMedia } from "./call-actions.ts";
import { headset } from "./headset.ts";
import { useHeadset } from "./headset-ui.tsx";
import { phone } from "./phone.ts";

/** Tells this tab's audio whether the call is held (the microphone stays out while it is). */
function holdMedia(callId: string, held: boolean): void {
  void currentMedia()?.then((m) => {
    m.hold(callId, held);
  });
}

/**
 * Hold / resume of the in-call panel (spec part 1 §2, §4): the server holds the caller (they hear
 * hold music) and this tab's microphone is cut meanwhile. The button is disabled while its
 * request runs. The microphone follows the server's `held` (VOICE.md §6), except that a hold
 * cuts it at the click, before the server answered: what is said next is not for the caller.
 */
export function HoldButton({ call }: { call: CallView }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const [pending, setPending] = useState(false);
  const held = call.held;
  // A muted microphone (panel or headset) stays out when the call is resumed.
  const { muted } = useHeadset();

  useEffect(() => {
    holdMedia(call.id, held || muted);
  }, [call.id, held, muted]);

  const canHold = call.state === "active" && call.answeredAt !== null && !call.emergency;
  const label = intl.formatMessage({ id: held ? "calls.resume" : "calls.hold" });
  const toggle = async (): Promise<void> => {
    setPending(true);
    // A headset hang-up in the next 2 s is ignored (spec §4).
    headset.noteCommand();
    if (!held) holdMedia(call.id, true);
    try {
      phone.upsertCall(await api.call(held ? voiceEndpoints.resume : voiceEndpoints.hold, { body: { callId: call.id } }));
    } catch (error) {
      // The server's `held` stands: the microphone goes back to it.
      holdMedia(call.id, (phone.state.calls[call.id]?.held ?? held) || headset.getSnapshot().muted);
      alerts.apiError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        size={36}
        variant={held ? "filled" : "light"}
        color={held ? "orange" : undefined}
        aria-label={label}
        aria-pressed={held}
        loading={pending}
        // While a transfer rings its target the caller stays held: resuming waits for it to come back (issue 13 §2).
        disabled={call.state === "transferring" || (!canHold && !held)}
        data-testid="call-hold"
        onClick={() => {
          void toggle();
        }}
      >
        {held ? <IconPlayerPlay size={20} /> : <IconPlayerPause size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** "On hold", beside the call's timer while the caller hears hold music. */
export function HeldBadge() {
  return (
    <Badge size="sm" variant="light" color="orange" role="status" data-testid="call-held">
      <FormattedMessage id="calls.held" />
    </Badge>
  );
}

import { ActionIcon, Tooltip } from "@mantine/core";
import { IconParking } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import type { CallView } from "@relais/shared";
import { useCallActions, useCallUi } from "./call-actions.ts";

/**
 * Spec §2 "send to queue (park)", enabled only once the call is accepted (§4): the caller waits
 * in the queue with a park number, hearing park music, until someone picks the call up. Never for
 * an emergency call (it has no room to wait in).
 */
export function ParkButton({ call }: { call: CallView }) {
  const intl = useIntl();
  const actions = useCallActions();
  const busy = useCallUi().busy[call.id] === true;
  if (call.emergency) return null;
  const accepted = call.state === "active" && call.answeredAt !== null;
  const label = intl.formatMessage({ id: "calls.park" });
  return (
    <Tooltip label={accepted ? label : intl.formatMessage({ id: "calls.park.not-accepted" })} withArrow>
      <ActionIcon
        size={36}
        variant="light"
        aria-label={label}
        disabled={!accepted || busy}
        data-testid="call-park"
        onClick={() => {
          void actions.park(call.id);
        }}
      >
        <IconParking size={20} />
      </ActionIcon>
    </Tooltip>
  );
}

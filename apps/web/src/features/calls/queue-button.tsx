import { Suspense, useEffect, useState } from "react";
import { ActionIcon, Indicator, Tooltip } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconListDetails } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import { lazyPart } from "../../app/lazy/lazy-screen.tsx";
import { useRealtime } from "../../app/realtime/realtime.tsx";
import { useRereadOnReady } from "../../app/realtime/use-reread-on-ready.ts";
import { isEvent } from "../../app/realtime/typed-events.ts";
import { QUEUE_KEY, queueQuery } from "./api.ts";
import { isNewArrival, removeQueued, upsertQueued, waitingCount, type QueueCache } from "./queue-model.ts";
import { announceQueuedCall } from "./ringing.ts";
import { useOrganization } from "../organizations/api.ts";

const QueueDrawer = lazyPart("calls-dialogs", () => import("./queue-view.tsx").then((m) => m.QueueDrawer));

/**
 * Keeps the queue's cache current from the `queue.*` events (VOICE.md §6: no polling), and tells
 * of each caller who starts waiting when the organisation turned its queue notification on.
 */
function useQueueLive(): void {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  const { options, callQueueEnabled } = useOrganization().data;
  const notify = callQueueEnabled && options.voiceQueue.enabled && options.voiceQueue.notification;
  useRereadOnReady(QUEUE_KEY);
  useEffect(
    () =>
      subscribe((event) => {
        if (event.type !== "queue.updated" && event.type !== "queue.removed") return;
        const patch = (change: (view: QueueCache) => QueueCache) => {
          queryClient.setQueryData<QueueCache>(QUEUE_KEY, (view) => (view ? change(view) : view));
        };
        // isEvent checks the payload's shape (a newer server may send another one): else read again.
        if (isEvent(event, "queue.updated")) {
          const entry = event.payload;
          if (notify && isNewArrival(queryClient.getQueryData<QueueCache>(QUEUE_KEY), entry)) {
            announceQueuedCall({
              title: intl.formatMessage({ id: "calls.queue.notification.title" }),
              body: intl.formatMessage({ id: "calls.queue.notification.body" }, { caller: entry.callerName, team: entry.teamLabel }),
            });
          }
          patch((view) => upsertQueued(view, entry, Date.now()));
        } else if (isEvent(event, "queue.removed")) {
          patch((view) => removeQueued(view, event.payload.id));
        } else {
          void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
        }
      }),
    [subscribe, queryClient, notify, intl],
  );
}

/**
 * The top bar's call queue button (issue 13 §1): how many callers wait (queued, ringing, parked)
 * and, opened, the queue view with its timers and the pick button.
 */
export function QueueButton() {
  const intl = useIntl();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const queue = useQuery(queueQuery());
  useQueueLive();
  const count = waitingCount(queue.data);
  const label =
    count > 0 ? intl.formatMessage({ id: "calls.queue.open.count" }, { count }) : intl.formatMessage({ id: "calls.queue.open" });
  return (
    <>
      <Tooltip label={label} withArrow>
        <Indicator label={count} size={16} disabled={count === 0} color="orange" offset={4}>
          <ActionIcon
            size="lg"
            variant="light"
            aria-label={label}
            aria-haspopup="dialog"
            data-testid="queue-open"
            onClick={() => {
              setLoaded(true);
              setOpened(true);
            }}
          >
            <IconListDetails size={19} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      {loaded ? (
        <Suspense fallback={null}>
          <QueueDrawer
            opened={opened}
            onClose={() => {
              setOpened(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

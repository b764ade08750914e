import { Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { FormattedMessage } from "react-intl";
import { IconMessages } from "@tabler/icons-react";
import type { ThreadState } from "@relais/shared";
import { usePendingNotifications } from "../../app/shell/pending-notifications.tsx";
import { lazyPart } from "../../app/lazy/lazy-screen.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { FullPageLoader } from "../../ui/loaders.tsx";
import { ThreadList } from "./thread-list.tsx";
import { setOpenThread } from "./open-thread.ts";
import classes from "./conversations.module.css";

// The open conversation and the new-conversation dialog load when first needed, not with the
// list (decision 0016): a person signing in sees the list before any thread is open.
const ThreadView = lazyPart("thread-view", () => import("./thread-view.tsx").then((m) => m.ThreadView));
const NewConversationDialog = lazyPart("new-conversation", () =>
  import("./new-conversation-dialog.tsx").then((m) => m.NewConversationDialog),
);

/** /conversations (spec part 1 §2): the thread list on the left, the open thread (`?sid=`) on the right. */
export function ConversationsPage() {
  const [params, setParams] = useSearchParams();
  const sid = params.get("sid");
  const [tab, setTab] = useState<ThreadState>("active");
  const [creating, setCreating] = useState(false);
  // Mounted from its first opening on, so that it closes with its transition as before.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const { setPending } = usePendingNotifications();

  useEffect(() => {
    setOpenThread(sid);
    // Opening a conversation reads what was waiting: the drawer's red dot goes out.
    if (sid) {
      setPending(false);
    }
    return () => {
      setOpenThread(null);
    };
  }, [sid, setPending]);

  const open = (id: string | null): void => {
    const next = new URLSearchParams(params);
    if (id) {
      next.set("sid", id);
    } else {
      next.delete("sid");
    }
    setParams(next);
  };

  return (
    <div className={classes.page}>
      <ThreadList
        tab={tab}
        onTab={setTab}
        openId={sid}
        onOpen={open}
        onNew={() => {
          setDialogLoaded(true);
          setCreating(true);
        }}
      />
      {sid ? (
        <Suspense
          fallback={
            <div className={classes.threadPane}>
              <FullPageLoader />
            </div>
          }
        >
          <ThreadView
            key={sid}
            threadId={sid}
            onDeleted={() => {
              open(null);
            }}
          />
        </Suspense>
      ) : (
        <div className={classes.threadPane} style={{ justifyContent: "center" }}>
          <EmptyState
            icon={<IconMessages />}
            title={<FormattedMessage id="conversations.none-selected.title" />}
            description={<FormattedMessage id="conversations.none-selected.hint" />}
          />
        </div>
      )}
      {dialogLoaded ? (
        <Suspense fallback={null}>
          <NewConversationDialog
            opened={creating}
            onClose={() => {
              setCreating(false);
            }}
            onCreated={(thread) => {
              setCreating(false);
              setTab("active");
              open(thread.id);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

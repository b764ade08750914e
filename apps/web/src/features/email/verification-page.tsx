import { useEffect } from "react";
import { Anchor, Center, Paper, Stack } from "@mantine/core";
import { IconCircleCheck, IconShieldX } from "@tabler/icons-react";
import { FormattedMessage } from "react-intl";
import { Link, useParams, useSearchParams } from "react-router";
import { EmptyState } from "../../ui/empty-state.tsx";
import { EmailMessages } from "./email-messages.tsx";
import { EMAIL_CHANNEL, failureKey, type ConnectionOutcome } from "./channel.ts";

/** How long the page stays up before closing itself: time for its word to leave. */
const CLOSE_AFTER_MS = 400;

/**
 * /verification/success and /verification/error/{provider}?reason= (spec part 1 §2): where the
 * provider's popup ends. It tells the Configuration page that opened it (BroadcastChannel of this
 * origin) and closes; opened some other way, it stays and says what happened.
 */
export function VerificationPage({ outcome }: { outcome: "success" | "error" }) {
  return (
    <EmailMessages>
      <Verification outcome={outcome} />
    </EmailMessages>
  );
}

function Verification({ outcome }: { outcome: "success" | "error" }) {
  const { provider = "" } = useParams();
  const [params] = useSearchParams();
  const reason = params.get("reason") ?? "";

  useEffect(() => {
    const word: ConnectionOutcome = outcome === "success" ? { kind: "connected" } : { kind: "failed", provider, reason };
    if (typeof BroadcastChannel !== "undefined") {
      const channel = new BroadcastChannel(EMAIL_CHANNEL);
      channel.postMessage(word);
      channel.close();
    }
    // Only a window a script opened may close itself; the popup is one, a bookmarked page is not.
    const timer = window.setTimeout(() => {
      window.close();
    }, CLOSE_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [outcome, provider, reason]);

  return (
    <Center mih="100%" p="xl">
      <Paper withBorder p="xl" radius="lg" w={560} shadow="sm">
        <Stack gap="md" align="center" data-testid="verification" data-outcome={outcome}>
          <EmptyState
            icon={outcome === "success" ? <IconCircleCheck /> : <IconShieldX />}
            title={<FormattedMessage id={outcome === "success" ? "screen.verification-success" : "screen.verification-error"} />}
            description={
              <Stack gap={4} align="center">
                {outcome === "error" ? (
                  <span>
                    <FormattedMessage id={failureKey(reason)} />
                  </span>
                ) : null}
                <span>
                  <FormattedMessage id="email.verification.close" />
                </span>
              </Stack>
            }
          />
          <Anchor component={Link} to="/configuration?configTab=2&tab=1" size="sm">
            <FormattedMessage id="email.verification.back" />
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

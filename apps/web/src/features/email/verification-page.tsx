import { useEffect } from "react";
import { Anchor, Center, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconShieldX } from "@tabler/icons-react";
import { FormattedMessage } from "react-intl";
import { Link, useParams, useSearchParams } from "react-router";
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

  const success = outcome === "success";
  return (
    <Center mih="100%" p="xl">
      <Paper withBorder p="xl" radius="lg" w={560} maw="100%" shadow="sm">
        <Stack gap="md" align="center" ta="center" data-testid="verification" data-outcome={outcome}>
          <ThemeIcon size={64} radius="xl" variant="light" color={success ? "teal" : "red"}>
            {success ? <IconCircleCheck size={36} /> : <IconShieldX size={36} />}
          </ThemeIcon>
          <Title order={1} fz={22}>
            <FormattedMessage id={success ? "screen.verification-success" : "screen.verification-error"} />
          </Title>
          {success ? null : (
            <Text>
              <FormattedMessage id={failureKey(reason)} />
            </Text>
          )}
          <Text c="dimmed" size="sm">
            <FormattedMessage id="email.verification.close" />
          </Text>
          <Anchor component={Link} to="/configuration?configTab=2&tab=1" size="sm">
            <FormattedMessage id="email.verification.back" />
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

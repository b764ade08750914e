import { useSyncExternalStore, type ReactNode } from "react";
import { Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconDeviceDesktop } from "@tabler/icons-react";
import { FormattedMessage } from "react-intl";
import { useLocation } from "react-router";
import { MIN_SCREEN_WIDTH } from "@relais/shared";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => {
    window.removeEventListener("resize", onChange);
  };
}

function isTooNarrow(): boolean {
  return window.innerWidth < MIN_SCREEN_WIDTH;
}

/** The email provider's popup ends here, in a window of 800 × 600 by design (spec part 2 §9). */
const POPUP_PAGES = "/verification/";

/** Desktop only (spec part 1 §1): below 1024 px a full-screen notice replaces the whole app. */
export function ScreenSizeGuard({ children }: { children: ReactNode }) {
  const tooNarrow = useSyncExternalStore(subscribe, isTooNarrow, () => false);
  const { pathname } = useLocation();
  if (!tooNarrow || pathname.startsWith(POPUP_PAGES)) {
    return children;
  }
  return (
    <Center h="100%" p="xl" bg="gray.0" role="alert">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconDeviceDesktop size={40} />
        </ThemeIcon>
        <Title order={1} fz={22}>
          <FormattedMessage id="error.unsupported-device" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="unsupported.hint" />
        </Text>
      </Stack>
    </Center>
  );
}

import type { ReactNode } from "react";
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import { FormattedMessage } from "react-intl";
import { Link, useLocation, useSearchParams } from "react-router";
import { useUiLocale } from "../../app/i18n/i18n-provider.tsx";
import classes from "./auth.module.css";

/** "English" on a French page and "Français" on an English one: same page, other `?lang=`. */
export function LanguageSwitch() {
  const locale = useUiLocale();
  const [params] = useSearchParams();
  const location = useLocation();
  const next = new URLSearchParams(params);
  next.set("lang", locale === "fr-CA" ? "en" : "fr");
  return (
    <Anchor
      component={Link}
      to={{ pathname: location.pathname, search: `?${next.toString()}` }}
      size="sm"
      c="dimmed"
      lang={locale === "fr-CA" ? "en" : "fr"}
    >
      <Group gap={6} wrap="nowrap">
        <IconWorld size={16} aria-hidden />
        <FormattedMessage id="auth.switch-language" />
      </Group>
    </Anchor>
  );
}

/** The `?lang=` of the current page, to carry onto the next public page. */
export function useLangSearch(): string {
  const [params] = useSearchParams();
  const lang = params.get("lang");
  return lang ? `?lang=${encodeURIComponent(lang)}` : "";
}

/** The centred card of the public pages: brand, title, then the form. */
export function AuthCard({ title, subtitle, children }: { title: ReactNode; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box className={classes.backdrop}>
      <Center mih="100%" p="xl">
        <Stack gap="lg" w={420}>
          <Group justify="space-between">
            <Group gap="sm">
              <Box className={classes.mark} aria-hidden>
                R
              </Box>
              <Text fw={700} fz={22} c="relais.9">
                <FormattedMessage id="app.name" />
              </Text>
            </Group>
            <LanguageSwitch />
          </Group>
          <Paper withBorder shadow="md" p={32} radius="lg">
            <Stack gap="lg">
              <Box>
                <Title order={1} fz={24}>
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm" mt={6}>
                    {subtitle}
                  </Text>
                ) : null}
              </Box>
              {children}
            </Stack>
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            <FormattedMessage id="auth.tagline" />
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

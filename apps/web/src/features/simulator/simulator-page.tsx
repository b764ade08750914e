import { useState } from "react";
import { Avatar, Box, Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { IconDeviceMobileOff, IconPlugConnectedX } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, resolveLocale } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { FullPageLoader } from "../../ui/loaders.tsx";
import { LanguageSwitch } from "../auth/auth-card.tsx";
import { avatarInitials } from "../messaging/format.ts";
import { useClinicNumbers, useSandboxSettings } from "./api.ts";
import { NetworkSettings } from "./network-settings.tsx";
import { PhoneComposer } from "./phone-composer.tsx";
import { PhoneCall } from "./phone-call.tsx";
import { PhoneConversation } from "./phone-conversation.tsx";
import { PhoneSetup } from "./phone-setup.tsx";
import { SimulatorModes } from "./simulator-modes.tsx";
import { readRemembered, remember } from "./remembered.ts";
import classes from "./simulator.module.css";

/** Top of the phone's screen: who the phone is, then the clinic it is texting. */
function PhoneHeader({ phone, clinic }: { phone: string | null; clinic: string | null }) {
  const intl = useIntl();
  const numbers = useClinicNumbers(clinic !== null);
  const known = numbers.data?.find((n) => n.number === clinic);
  const name = known ? known.organizationName[resolveLocale(intl.locale)] : clinic ? formatPhoneForDisplay(clinic) : "";
  return (
    <>
      <div className={classes.statusBar}>
        <span data-testid="phone-me">
          {phone ? <FormattedMessage id="simulator.me" values={{ number: formatPhoneForDisplay(phone) }} /> : null}
        </span>
        {phone && clinic ? (
          <span className={classes.live}>
            <FormattedMessage id="simulator.live" />
          </span>
        ) : null}
      </div>
      {clinic ? (
        <div className={classes.contact}>
          <Avatar radius="xl" color="relais" size={40} aria-hidden>
            {avatarInitials(name)}
          </Avatar>
          <Text fw={650} size="sm" lh={1.2}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {known ? `${known.teamLabel} · ` : ""}
            {formatPhoneForDisplay(clinic)}
          </Text>
        </div>
      ) : null}
    </>
  );
}

/** The phone itself: its thread with the clinic and its composer, or what is missing to start. */
function Phone({ phone, clinic }: { phone: string | null; clinic: string | null }) {
  const intl = useIntl();
  return (
    <section className={classes.phone} aria-label={intl.formatMessage({ id: "simulator.phone-label" })}>
      <div className={classes.screen}>
        <PhoneHeader phone={phone} clinic={clinic} />
        {phone && clinic ? (
          <>
            <PhoneCall phone={phone} clinic={clinic} />
            <PhoneConversation phone={phone} clinic={clinic} />
            <PhoneComposer phone={phone} clinic={clinic} />
          </>
        ) : (
          <Center flex={1} p="md">
            <EmptyState
              size="sm"
              icon={<IconDeviceMobileOff />}
              title={<FormattedMessage id="simulator.start.title" />}
              description={<FormattedMessage id="simulator.start.hint" />}
            />
          </Center>
        )}
      </div>
    </section>
  );
}

function Workspace() {
  const settings = useSandboxSettings();
  const [phone, setPhone] = useState(() => readRemembered("phone"));
  const [clinic, setClinic] = useState(() => readRemembered("clinic"));

  return (
    <div className={classes.workspace}>
      <Phone phone={phone} clinic={clinic} />
      <div className={classes.side}>
        <PhoneSetup
          phone={phone}
          clinic={clinic}
          onPhone={(next) => {
            remember("phone", next);
            setPhone(next);
          }}
          onClinic={(next) => {
            remember("clinic", next);
            setClinic(next);
          }}
        />
        {settings.data ? <NetworkSettings current={settings.data} /> : null}
      </div>
    </div>
  );
}

/**
 * /simulator (DESIGN §6): a public page, outside the staff shell, where a person acts as a
 * contact's phone on the sandbox network. The settings read tells whether that network exists:
 * the server answers 404 when it runs without it (production, or Twilio configured).
 */
export function SimulatorPage() {
  const settings = useSandboxSettings();
  let body;
  if (settings.isPending) {
    body = <FullPageLoader />;
  } else if (settings.isError) {
    const unavailable = isApiError(settings.error) && settings.error.status === 404;
    body = (
      <Center py={80}>
        <EmptyState
          size="lg"
          icon={unavailable ? <IconDeviceMobileOff /> : <IconPlugConnectedX />}
          title={<FormattedMessage id={unavailable ? "simulator.unavailable.title" : "simulator.load-failed"} />}
          description={unavailable ? <FormattedMessage id="simulator.unavailable.hint" /> : undefined}
          actions={
            unavailable ? undefined : (
              <Button variant="light" onClick={() => void settings.refetch()}>
                <FormattedMessage id="simulator.retry" />
              </Button>
            )
          }
        />
      </Center>
    );
  } else {
    body = <SimulatorModes phone={<Workspace />} />;
  }

  return (
    <Box className={classes.backdrop}>
      <Stack gap={0}>
        <Group justify="space-between" px={32} py={20}>
          <div>
            <Title order={1} fz={24}>
              <FormattedMessage id="simulator.title" />
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="simulator.subtitle" />
            </Text>
          </div>
          <LanguageSwitch />
        </Group>
        {body}
      </Stack>
    </Box>
  );
}

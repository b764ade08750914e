import { useState } from "react";
import { Button, Center, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconDeviceLandlinePhone } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PhoneCall } from "./phone-call.tsx";
import { isDeskAddress, readRemembered, remember } from "./remembered.ts";
import classes from "./simulator.module.css";

/**
 * The simulator as a desk phone (issue 13 §4, decision 0041): it listens on the sandbox network
 * as a desk phone's SIP address, rings when a call is offered to the person holding that phone,
 * and answers or hangs up like one; answering is that person's claim on the call.
 */
export function DeskPhoneSide() {
  const intl = useIntl();
  const [address, setAddress] = useState(() => readRemembered("desk"));
  const [typed, setTyped] = useState(address ?? "");
  const [invalid, setInvalid] = useState(false);

  return (
    <div className={classes.workspace}>
      <Paper
        withBorder
        radius="lg"
        p="md"
        w={380}
        component="section"
        aria-label={intl.formatMessage({ id: "simulator.desk.label" })}
        data-testid="desk-phone-device"
      >
        {address ? (
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconDeviceLandlinePhone size={18} aria-hidden style={{ flex: "none" }} />
              <Text fw={650} size="sm" style={{ wordBreak: "break-all" }} data-testid="desk-phone-address">
                {address}
              </Text>
            </Group>
            <PhoneCall key={address} phone={address} clinic={null} />
          </Stack>
        ) : (
          <Center p="md">
            <EmptyState size="sm" icon={<IconDeviceLandlinePhone />} title={<FormattedMessage id="simulator.desk.address" />} />
          </Center>
        )}
      </Paper>
      <div className={classes.side}>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz={16} mb="sm">
            <FormattedMessage id="simulator.mode.desk" />
          </Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const value = typed.trim();
              const ok = isDeskAddress(value);
              setInvalid(!ok);
              if (ok) {
                remember("desk", value);
                setAddress(value);
              }
            }}
          >
            <TextInput
              label={<FormattedMessage id="simulator.desk.address" />}
              description={<FormattedMessage id="simulator.desk.hint" />}
              placeholder="sip:desk_…@…"
              value={typed}
              error={invalid ? intl.formatMessage({ id: "simulator.desk.invalid" }) : null}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                setInvalid(false);
              }}
              rightSectionWidth={96}
              rightSection={
                <Button type="submit" size="compact-sm" variant="light">
                  <FormattedMessage id="simulator.desk.use" />
                </Button>
              }
            />
          </form>
        </Paper>
      </div>
    </div>
  );
}

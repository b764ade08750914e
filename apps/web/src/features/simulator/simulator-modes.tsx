import type { ReactNode } from "react";
import { Tabs } from "@mantine/core";
import { IconDeviceLandlinePhone, IconDeviceMobile, IconMail } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useSearchParams } from "react-router";
import { DeskPhoneSide } from "./desk-phone-side.tsx";
import { EmailSide } from "./email-side.tsx";
import classes from "./simulator.module.css";

type Mode = "phone" | "email" | "desk";

/**
 * The simulator's sides: the phone (texts, calls), email, and a desk phone (decision 0041). The side is in the address
 * (`?mode=email`), so a link or a reload lands on it and the language switch keeps it.
 */
export function SimulatorModes({ phone }: { phone: ReactNode }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const asked = params.get("mode");
  const mode: Mode = asked === "email" || asked === "desk" ? asked : "phone";
  return (
    <Tabs
      value={mode}
      keepMounted={false}
      onChange={(value) => {
        const next = new URLSearchParams(params);
        if (value === "email" || value === "desk") {
          next.set("mode", value);
        } else {
          next.delete("mode");
        }
        setParams(next, { replace: true });
      }}
    >
      <div className={classes.modes}>
        <Tabs.List aria-label={intl.formatMessage({ id: "simulator.mode.label" })}>
          <Tabs.Tab value="phone" leftSection={<IconDeviceMobile size={16} aria-hidden />}>
            <FormattedMessage id="simulator.mode.phone" />
          </Tabs.Tab>
          <Tabs.Tab value="email" leftSection={<IconMail size={16} aria-hidden />}>
            <FormattedMessage id="simulator.mode.email" />
          </Tabs.Tab>
          <Tabs.Tab value="desk" leftSection={<IconDeviceLandlinePhone size={16} aria-hidden />}>
            <FormattedMessage id="simulator.mode.desk" />
          </Tabs.Tab>
        </Tabs.List>
      </div>
      {/* The phone stays mounted on the email side: a call in progress goes on. */}
      <Tabs.Panel value="phone" keepMounted>
        {phone}
      </Tabs.Panel>
      <Tabs.Panel value="email">
        <EmailSide />
      </Tabs.Panel>
      <Tabs.Panel value="desk">
        <DeskPhoneSide />
      </Tabs.Panel>
    </Tabs>
  );
}

import { useState } from "react";
import { Button, Group, Paper, Select, Stack, TextInput, Title } from "@mantine/core";
import { IconDeviceMobile } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, resolveLocale, typedPhoneToE164, type SandboxNumber } from "@relais/shared";
import { formatError } from "../../app/i18n/messages.ts";
import { useClinicNumbers } from "./api.ts";

/** The clinic numbers grouped by organisation (in the page's language), each as "Réception · (514) 555-0101". */
function numberOptions(intl: ReturnType<typeof useIntl>, numbers: SandboxNumber[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const n of numbers) {
    const organization = n.organizationName[resolveLocale(intl.locale)];
    const label = intl.formatMessage({ id: "simulator.clinic-option" }, { team: n.teamLabel, number: formatPhoneForDisplay(n.number) });
    groups.set(organization, [...(groups.get(organization) ?? []), { value: n.number, label }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The number the person plays: typed in any format, kept once the shared phone rules accept it. */
function MyNumber({ phone, onChange }: { phone: string | null; onChange: (phone: string) => void }) {
  const intl = useIntl();
  const [typed, setTyped] = useState(phone ? formatPhoneForDisplay(phone) : "");
  const [invalid, setInvalid] = useState(false);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const e164 = typedPhoneToE164(typed);
        setInvalid(e164 === null);
        if (e164) {
          onChange(e164);
          setTyped(formatPhoneForDisplay(e164));
        }
      }}
    >
      <TextInput
        label={<FormattedMessage id="simulator.my-number" />}
        description={<FormattedMessage id="simulator.my-number.hint" />}
        inputMode="tel"
        autoComplete="tel"
        value={typed}
        error={invalid ? intl.formatMessage({ id: "error.phone-invalid" }) : null}
        onChange={(e) => {
          setTyped(e.currentTarget.value);
          setInvalid(false);
        }}
        rightSectionWidth={96}
        rightSection={
          <Button type="submit" size="compact-sm" variant="light">
            <FormattedMessage id="simulator.my-number.use" />
          </Button>
        }
      />
    </form>
  );
}

/** The clinic numbers of every organisation, as the sandbox lists them. */
function ClinicNumber({ clinic, onChange }: { clinic: string | null; onChange: (clinic: string) => void }) {
  const intl = useIntl();
  const numbers = useClinicNumbers(true);
  const list = numbers.data ?? [];
  let error: string | null = null;
  if (numbers.isError) {
    error = formatError(intl, numbers.error);
  } else if (numbers.isSuccess && list.length === 0) {
    error = intl.formatMessage({ id: "simulator.no-numbers" });
  }
  return (
    <Select
      label={<FormattedMessage id="simulator.clinic-number" />}
      placeholder={intl.formatMessage({ id: "simulator.clinic-number.placeholder" })}
      data={numberOptions(intl, list)}
      value={clinic}
      onChange={(value) => {
        if (value) {
          onChange(value);
        }
      }}
      allowDeselect={false}
      searchable
      nothingFoundMessage={intl.formatMessage({ id: "common.no-results" })}
      disabled={numbers.isPending}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Side panel: who the person plays and which clinic number they text. */
export function PhoneSetup(props: {
  phone: string | null;
  clinic: string | null;
  onPhone: (phone: string) => void;
  onClinic: (clinic: string) => void;
}) {
  return (
    <Paper withBorder p="lg" radius="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconDeviceMobile size={20} aria-hidden />
          <Title order={2} fz={17}>
            <FormattedMessage id="simulator.setup.title" />
          </Title>
        </Group>
        <MyNumber phone={props.phone} onChange={props.onPhone} />
        <ClinicNumber clinic={props.clinic} onChange={props.onClinic} />
      </Stack>
    </Paper>
  );
}

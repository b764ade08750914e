import { NativeSelect } from "@mantine/core";
import { useIntl } from "react-intl";
import { PROFILE_LOCALES, type MessageId, type ProfileLocale } from "@relais/shared";
import { LOCALE_LABELS } from "./labels.ts";

function isProfileLocale(value: string): value is ProfileLocale {
  return (PROFILE_LOCALES as readonly string[]).includes(value);
}

/** The language a person works in (profile locales of spec part 1 §1), as a labelled select. */
export function LocaleSelect({
  label,
  value,
  onChange,
}: {
  label: MessageId;
  value: ProfileLocale;
  onChange: (locale: ProfileLocale) => void;
}) {
  const intl = useIntl();
  return (
    <NativeSelect
      label={intl.formatMessage({ id: label })}
      data={PROFILE_LOCALES.map((l) => ({ value: l, label: intl.formatMessage({ id: LOCALE_LABELS[l] }) }))}
      value={value}
      onChange={(e) => {
        const next = e.currentTarget.value;
        if (isProfileLocale(next)) {
          onChange(next);
        }
      }}
    />
  );
}

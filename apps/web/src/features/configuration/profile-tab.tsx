import { useState, type SyntheticEvent } from "react";
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { changePasswordRequest, updateProfileRequest, type Profile, type ProfileLocale } from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { SwitchField } from "../../ui/switch-field.tsx";
import { Section } from "../../ui/page.tsx";
import { serverFieldErrors, useFieldError, validate, type FieldErrors } from "../../ui/forms.ts";
import { PasswordRules } from "../auth/password-rules.tsx";
import { LocaleSelect } from "./locale-select.tsx";
import { useChangePassword, useUpdateProfile } from "./api.ts";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";

/** My profile: name, language, call and sound preferences, and my password. */
export function ProfileTab() {
  const { profile } = useSession();
  return (
    <Stack gap="lg">
      <ProfileForm key={JSON.stringify([profile.name, profile.locale, profile.settings])} profile={profile} />
      <PasswordForm />
    </Stack>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile.name);
  const [locale, setLocale] = useState<ProfileLocale>(profile.locale);
  const [allowIncomingCalls, setAllowIncomingCalls] = useState(profile.settings.allowIncomingCalls);
  const [audioNotifications, setAudioNotifications] = useState(profile.settings.audioNotifications);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const fieldError = useFieldError(errors);

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const result = validate(updateProfileRequest, {
      name,
      locale,
      settings: { allowIncomingCalls, audioNotifications },
    });
    setErrors(result.errors);
    if (!result.data) {
      return;
    }
    // The alert is written after the profile (and so perhaps the language) changed.
    saveKeyedForm(update.mutateAsync, result.data, { alerts, saved: "config.profile.saved", setErrors });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Section title={<FormattedMessage id="config.profile.title" />}>
        <Stack gap="md">
          <SimpleGrid cols={3}>
            <TextInput
              label={intl.formatMessage({ id: "config.users.name" })}
              required
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
              }}
              error={fieldError("name")}
            />
            <TextInput label={intl.formatMessage({ id: "config.users.email" })} value={profile.email} readOnly disabled />
            <LocaleSelect label="config.profile.locale" value={locale} onChange={setLocale} />
          </SimpleGrid>
          <SwitchField
            label={intl.formatMessage({ id: "config.profile.incoming-calls" })}
            description={intl.formatMessage({ id: "config.profile.incoming-calls-hint" })}
            checked={allowIncomingCalls}
            onChange={(e) => {
              setAllowIncomingCalls(e.currentTarget.checked);
            }}
          />
          <SwitchField
            label={intl.formatMessage({ id: "config.profile.audio" })}
            description={intl.formatMessage({ id: "config.profile.audio-hint" })}
            checked={audioNotifications}
            onChange={(e) => {
              setAudioNotifications(e.currentTarget.checked);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              <FormattedMessage id="common.save" />
            </Button>
          </Group>
        </Stack>
      </Section>
    </form>
  );
}

function PasswordForm() {
  const intl = useIntl();
  const alerts = useAlerts();
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const fieldError = useFieldError(errors);
  const toggle = { "aria-label": intl.formatMessage({ id: "auth.toggle-password" }) };

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const result = validate(changePasswordRequest, { currentPassword, password, confirmation });
    setErrors(result.errors);
    if (!result.data) {
      return;
    }
    change.mutate(result.data, {
      onSuccess: () => {
        setCurrentPassword("");
        setPassword("");
        setConfirmation("");
        alerts.success("config.profile.password-changed");
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setErrors(fields);
        alerts.apiError(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Section
        title={<FormattedMessage id="config.profile.password" />}
        description={<FormattedMessage id="config.profile.password-hint" />}
      >
        <Stack gap="md" maw={460}>
          <PasswordInput
            label={intl.formatMessage({ id: "config.profile.current-password" })}
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => {
              setCurrentPassword(e.currentTarget.value);
            }}
            error={fieldError("currentPassword")}
            visibilityToggleButtonProps={toggle}
          />
          <PasswordInput
            label={intl.formatMessage({ id: "auth.new-password" })}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
            }}
            error={errors?.password ? intl.formatMessage({ id: "auth.reset.follow-rules" }) : undefined}
            visibilityToggleButtonProps={toggle}
          />
          <PasswordRules password={password} />
          <PasswordInput
            label={intl.formatMessage({ id: "auth.confirm-password" })}
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(e) => {
              setConfirmation(e.currentTarget.value);
            }}
            error={fieldError("confirmation")}
            visibilityToggleButtonProps={toggle}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              <FormattedMessage id="config.profile.change-password" />
            </Button>
          </Group>
        </Stack>
      </Section>
    </form>
  );
}

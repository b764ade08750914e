import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { FormattedMessage, useIntl } from "react-intl";
import { changePasswordRequest, updateProfileRequest, type Profile } from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { SwitchField } from "../../ui/switch-field.tsx";
import { Section } from "../../ui/page.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { PasswordRules } from "../auth/password-rules.tsx";
import { LocaleSelect } from "./locale-select.tsx";
import { useChangePassword, useUpdateProfile } from "./api.ts";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";
import { DeskPhoneSection } from "../sips/desk-phone-section.tsx";

/** My profile: name, language, call and sound preferences, and my password. */
export function ProfileTab() {
  const { profile } = useSession();
  return (
    <Stack gap="lg">
      <ProfileForm key={JSON.stringify([profile.name, profile.locale, profile.settings])} profile={profile} />
      <DeskPhoneSection />
      <PasswordForm />
    </Stack>
  );
}

function ProfileForm({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateProfile();
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: updateProfileRequest,
    initialValues: {
      name: profile.name,
      locale: profile.locale,
      // The settings a person changes here; the profile holds others the request does not take.
      settings: { allowIncomingCalls: profile.settings.allowIncomingCalls, audioNotifications: profile.settings.audioNotifications },
    },
  });
  const save = submit((request) => {
    // The alert is written after the profile (and so perhaps the language) changed.
    saveKeyedForm(update.mutateAsync, request, { alerts, saved: "config.profile.saved", showServerErrors });
  });

  return (
    <form onSubmit={save} noValidate>
      <Section title={<FormattedMessage id="config.profile.title" />}>
        <Stack gap="md">
          <SimpleGrid cols={3}>
            <TextInput label={intl.formatMessage({ id: "config.users.name" })} required {...form.getInputProps("name")} />
            <TextInput label={intl.formatMessage({ id: "config.users.email" })} value={profile.email} readOnly disabled />
            <LocaleSelect
              label="config.profile.locale"
              value={form.getValues().locale}
              onChange={(locale) => {
                form.setFieldValue("locale", locale);
              }}
            />
          </SimpleGrid>
          <SwitchField
            label={intl.formatMessage({ id: "config.profile.incoming-calls" })}
            description={intl.formatMessage({ id: "config.profile.incoming-calls-hint" })}
            {...form.getInputProps("settings.allowIncomingCalls", { type: "checkbox" })}
          />
          <SwitchField
            label={intl.formatMessage({ id: "config.profile.audio" })}
            description={intl.formatMessage({ id: "config.profile.audio-hint" })}
            {...form.getInputProps("settings.audioNotifications", { type: "checkbox" })}
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
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: changePasswordRequest,
    initialValues: { currentPassword: "", password: "", confirmation: "" },
  });
  const toggle = { "aria-label": intl.formatMessage({ id: "auth.toggle-password" }) };

  const save = submit((request) => {
    change.mutate(request, {
      onSuccess: () => {
        form.reset();
        alerts.success("config.profile.password-changed");
      },
      onError: (error) => {
        showServerErrors(error);
        alerts.apiError(error);
      },
    });
  });

  return (
    <form onSubmit={save} noValidate>
      <Section
        title={<FormattedMessage id="config.profile.password" />}
        description={<FormattedMessage id="config.profile.password-hint" />}
      >
        <Stack gap="md" maw={460}>
          <PasswordInput
            label={intl.formatMessage({ id: "config.profile.current-password" })}
            autoComplete="current-password"
            required
            {...form.getInputProps("currentPassword")}
            visibilityToggleButtonProps={toggle}
          />
          <PasswordInput
            label={intl.formatMessage({ id: "auth.new-password" })}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
            error={form.errors["password"] ? intl.formatMessage({ id: "auth.reset.follow-rules" }) : undefined}
            visibilityToggleButtonProps={toggle}
          />
          <PasswordRules password={form.getValues().password} />
          <PasswordInput
            label={intl.formatMessage({ id: "auth.confirm-password" })}
            autoComplete="new-password"
            required
            {...form.getInputProps("confirmation")}
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

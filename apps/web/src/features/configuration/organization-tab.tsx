import { useState, type SyntheticEvent } from "react";
import { ActionIcon, Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconInfoCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, toE164, updateOrganizationRequest, type Organization, type WeekSchedule } from "@relais/shared";
import { usePolicy } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { SwitchField } from "../../ui/switch-field.tsx";
import { Section } from "../../ui/page.tsx";
import { nullIfBlank, serverFieldErrors, useFieldError, validate, type FieldErrors } from "../../ui/forms.ts";
import { ScheduleEditor } from "./schedule-editor.tsx";
import { useOrganization, useUpdateOrganization } from "./api.ts";
import { SurveySettingsSection } from "../surveys/survey-settings-section.tsx";
import { SaveBar } from "../../ui/save-bar.tsx";
import classes from "./configuration.module.css";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";

interface OrgForm {
  nameFr: string;
  nameEn: string;
  url: string;
  address: string;
  email: string;
  phone: string;
  week: WeekSchedule;
  vacationOn: boolean;
  vacationStart: string;
  vacationEnd: string;
  disallowLoginOutsideWorkHours: boolean;
  disallowUserLoginOutsideOffice: boolean;
  officeNetworks: string[];
  webCallsEnabled: boolean;
}

function toForm(org: Organization): OrgForm {
  return {
    nameFr: org.name["fr-CA"],
    nameEn: org.name["en-CA"],
    url: org.url ?? "",
    address: org.address ?? "",
    email: org.email ?? "",
    phone: org.phone ? formatPhoneForDisplay(org.phone) : "",
    week: org.schedule.week,
    vacationOn: org.schedule.vacation !== null,
    vacationStart: org.schedule.vacation?.start ?? "",
    vacationEnd: org.schedule.vacation?.end ?? "",
    disallowLoginOutsideWorkHours: org.options.auth.disallowLoginOutsideWorkHours,
    disallowUserLoginOutsideOffice: org.options.auth.disallowUserLoginOutsideOffice,
    officeNetworks: org.officeNetworks,
    webCallsEnabled: org.options.twilio.webCallsEnabled,
  };
}

/** Organisation tab: administrators edit, everyone else reads. */
export function OrganizationTab() {
  // Seeded with the session's organisation, then refreshed from the server: never empty.
  const { data: org } = useOrganization();
  const policy = usePolicy();
  // A saved (or otherwise changed) organisation starts a fresh form from the server's values.
  return (
    <Stack gap="lg">
      <OrganizationForm key={JSON.stringify(org)} org={org} canEdit={policy.manageOrganization} />
      <SurveySettingsSection />
    </Stack>
  );
}

function OrganizationForm({ org, canEdit }: { org: Organization; canEdit: boolean }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateOrganization();
  const [form, setForm] = useState<OrgForm>(() => toForm(org));
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const fieldError = useFieldError(errors);
  const readOnly = !canEdit;

  const set = <K extends keyof OrgForm>(key: K, value: OrgForm[K]): void => {
    setForm((f) => ({ ...f, [key]: value }));
  };
  const text = (key: "nameFr" | "nameEn" | "url" | "address" | "email" | "phone") => ({
    value: form[key],
    readOnly,
    onChange: (e: { currentTarget: { value: string } }) => {
      set(key, e.currentTarget.value);
    },
  });

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const phone = nullIfBlank(form.phone);
    const phoneE164 = phone ? toE164(phone) : null;
    const body = {
      name: { "fr-CA": form.nameFr, "en-CA": form.nameEn },
      url: nullIfBlank(form.url),
      address: nullIfBlank(form.address),
      email: nullIfBlank(form.email),
      phone: phoneE164 ?? phone,
      schedule: {
        week: form.week,
        vacation: form.vacationOn ? { start: form.vacationStart, end: form.vacationEnd } : null,
      },
      officeNetworks: form.officeNetworks.map((n) => n.trim()),
      options: {
        twilio: { webCallsEnabled: form.webCallsEnabled },
        auth: {
          disallowLoginOutsideWorkHours: form.disallowLoginOutsideWorkHours,
          disallowUserLoginOutsideOffice: form.disallowUserLoginOutsideOffice,
        },
      },
    };
    const result = validate(updateOrganizationRequest, body);
    const problems: FieldErrors = { ...(result.errors ?? {}) };
    if (phone && !phoneE164) {
      problems.phone = { key: "error.phone-invalid" };
    }
    setErrors(Object.keys(problems).length ? problems : null);
    if (!result.data || Object.keys(problems).length) {
      return;
    }
    saveKeyedForm(update.mutateAsync, result.data, {
      alerts,
      saved: "config.saved",
      showServerErrors: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {readOnly ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            <FormattedMessage id="config.org.read-only" />
          </Alert>
        ) : null}

        <Section title={<FormattedMessage id="config.org.identity" />}>
          <Stack gap="md">
            <SimpleGrid cols={2}>
              <TextInput
                label={intl.formatMessage({ id: "config.org.name-fr" })}
                required
                {...text("nameFr")}
                error={fieldError("name.fr-CA")}
              />
              <TextInput
                label={intl.formatMessage({ id: "config.org.name-en" })}
                required
                {...text("nameEn")}
                error={fieldError("name.en-CA")}
              />
            </SimpleGrid>
            <SimpleGrid cols={3}>
              <TextInput
                label={intl.formatMessage({ id: "config.org.url" })}
                placeholder="https://"
                type="url"
                {...text("url")}
                error={fieldError("url")}
              />
              <TextInput
                label={intl.formatMessage({ id: "config.org.email" })}
                type="email"
                {...text("email")}
                error={fieldError("email")}
              />
              <TextInput label={intl.formatMessage({ id: "config.org.phone" })} type="tel" {...text("phone")} error={fieldError("phone")} />
            </SimpleGrid>
            <TextInput label={intl.formatMessage({ id: "config.org.address" })} {...text("address")} error={fieldError("address")} />
          </Stack>
        </Section>

        <Section title={<FormattedMessage id="config.org.schedule" />} description={<FormattedMessage id="config.org.schedule-hint" />}>
          <Stack gap="md">
            <ScheduleEditor
              value={form.week}
              readOnly={readOnly}
              onChange={(week) => {
                set("week", week);
              }}
            />
            <SwitchField
              label={intl.formatMessage({ id: "config.org.vacation" })}
              description={intl.formatMessage({ id: "config.org.vacation-hint" })}
              checked={form.vacationOn}
              disabled={readOnly}
              onChange={(e) => {
                set("vacationOn", e.currentTarget.checked);
              }}
            />
            {form.vacationOn ? (
              <Group gap="md" align="flex-start">
                <TextInput
                  type="date"
                  w={200}
                  label={intl.formatMessage({ id: "config.org.vacation-start" })}
                  value={form.vacationStart}
                  readOnly={readOnly}
                  onChange={(e) => {
                    set("vacationStart", e.currentTarget.value);
                  }}
                  error={fieldError("schedule.vacation.start")}
                />
                <TextInput
                  type="date"
                  w={200}
                  label={intl.formatMessage({ id: "config.org.vacation-end" })}
                  value={form.vacationEnd}
                  readOnly={readOnly}
                  onChange={(e) => {
                    set("vacationEnd", e.currentTarget.value);
                  }}
                  error={fieldError("schedule.vacation.end")}
                />
              </Group>
            ) : null}
          </Stack>
        </Section>

        <Section title={<FormattedMessage id="config.org.security" />} description={<FormattedMessage id="config.org.security-hint" />}>
          <Stack gap="md">
            <SwitchField
              label={intl.formatMessage({ id: "config.org.outside-hours" })}
              description={intl.formatMessage({ id: "config.org.outside-hours-hint" })}
              checked={form.disallowLoginOutsideWorkHours}
              disabled={readOnly}
              onChange={(e) => {
                set("disallowLoginOutsideWorkHours", e.currentTarget.checked);
              }}
            />
            <SwitchField
              label={intl.formatMessage({ id: "config.org.outside-office" })}
              description={intl.formatMessage({ id: "config.org.outside-office-hint" })}
              checked={form.disallowUserLoginOutsideOffice}
              disabled={readOnly}
              onChange={(e) => {
                set("disallowUserLoginOutsideOffice", e.currentTarget.checked);
              }}
            />
            <OfficeNetworks
              networks={form.officeNetworks}
              readOnly={readOnly}
              fieldError={fieldError}
              onChange={(networks) => {
                set("officeNetworks", networks);
              }}
            />
          </Stack>
        </Section>

        <Section title={<FormattedMessage id="config.org.calls" />}>
          <SwitchField
            label={intl.formatMessage({ id: "config.org.web-calls" })}
            description={intl.formatMessage({ id: "config.org.web-calls-hint" })}
            checked={form.webCallsEnabled}
            disabled={readOnly}
            onChange={(e) => {
              set("webCallsEnabled", e.currentTarget.checked);
            }}
          />
        </Section>

        {canEdit ? (
          <SaveBar
            className={classes.saveBar}
            hasErrors={errors !== null}
            pending={update.isPending}
            label={<FormattedMessage id="common.save" />}
          />
        ) : null}
      </Stack>
    </form>
  );
}

function OfficeNetworks({
  networks,
  readOnly,
  fieldError,
  onChange,
}: {
  networks: string[];
  readOnly: boolean;
  fieldError: (path: string) => string | undefined;
  onChange: (networks: string[]) => void;
}) {
  const intl = useIntl();
  return (
    <Stack gap={8}>
      <div>
        <Text size="sm" fw={600}>
          <FormattedMessage id="config.org.networks" />
        </Text>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="config.org.networks-hint" />
        </Text>
      </div>
      {networks.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="config.org.networks-empty" />
        </Text>
      ) : null}
      {networks.map((network, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            w={280}
            aria-label={intl.formatMessage({ id: "config.org.network-n" }, { n: index + 1 })}
            placeholder="203.0.113.0/24"
            value={network}
            readOnly={readOnly}
            onChange={(e) => {
              const value = e.currentTarget.value;
              onChange(networks.map((n, i) => (i === index ? value : n)));
            }}
            error={fieldError(`officeNetworks.${String(index)}`)}
          />
          {readOnly ? null : (
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={4}
              aria-label={intl.formatMessage({ id: "config.org.remove-network" }, { n: index + 1 })}
              onClick={() => {
                onChange(networks.filter((_, i) => i !== index));
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {readOnly ? null : (
        <Button
          variant="light"
          size="compact-sm"
          w="fit-content"
          leftSection={<IconPlus size={14} />}
          onClick={() => {
            onChange([...networks, ""]);
          }}
        >
          <FormattedMessage id="config.org.add-network" />
        </Button>
      )}
    </Stack>
  );
}

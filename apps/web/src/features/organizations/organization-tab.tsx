import type { ReactNode } from "react";
import { ActionIcon, Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconInfoCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatPhoneForDisplay, toE164, updateOrganizationRequest, type Organization, type WeekSchedule } from "@relais/shared";
import { usePolicy } from "../../app/session/session.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { SwitchField } from "../../ui/switch-field.tsx";
import { Section } from "../../ui/page.tsx";
import { nullIfBlank, phoneOrNull } from "../../ui/forms.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { ScheduleEditor } from "./schedule-editor.tsx";
import { useOrganization, useUpdateOrganization } from "./api.ts";
import { SurveySettingsSection } from "../surveys/survey-settings-section.tsx";
import { SaveBar } from "../../ui/save-bar.tsx";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";

type OrgForm = {
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
  queueEnabled: boolean;
  queueNotification: boolean;
};

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
    queueEnabled: org.options.voiceQueue.enabled,
    queueNotification: org.options.voiceQueue.notification,
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
  const readOnly = !canEdit;
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: updateOrganizationRequest,
    initialValues: toForm(org),
    toRequest: (values: OrgForm) => ({
      name: { "fr-CA": values.nameFr, "en-CA": values.nameEn },
      url: nullIfBlank(values.url),
      address: nullIfBlank(values.address),
      email: nullIfBlank(values.email),
      phone: phoneOrNull(values.phone),
      schedule: {
        week: values.week,
        vacation: values.vacationOn ? { start: values.vacationStart, end: values.vacationEnd } : null,
      },
      officeNetworks: values.officeNetworks.map((n) => n.trim()),
      options: {
        twilio: { webCallsEnabled: values.webCallsEnabled },
        // The queue is the plan's (callQueueEnabled): without it, its switches are not sent.
        ...(org.callQueueEnabled ? { voiceQueue: { enabled: values.queueEnabled, notification: values.queueNotification } } : {}),
        auth: {
          disallowLoginOutsideWorkHours: values.disallowLoginOutsideWorkHours,
          disallowUserLoginOutsideOffice: values.disallowUserLoginOutsideOffice,
        },
      },
    }),
    // The contract takes any text as the office's number; the form asks for a real one.
    check: ({ phone }) => {
      const typed = nullIfBlank(phone);
      return typed && !toE164(typed) ? { phone: { key: "error.phone-invalid" } } : null;
    },
  });
  const values = form.getValues();
  const text = (key: "nameFr" | "nameEn" | "url" | "address" | "email" | "phone") => ({ readOnly, ...form.getInputProps(key) });

  const save = submit((request) => {
    saveKeyedForm(update.mutateAsync, request, { alerts, saved: "config.saved", showServerErrors });
  });

  return (
    <form onSubmit={save} noValidate>
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
                error={form.errors["name.fr-CA"]}
              />
              <TextInput
                label={intl.formatMessage({ id: "config.org.name-en" })}
                required
                {...text("nameEn")}
                error={form.errors["name.en-CA"]}
              />
            </SimpleGrid>
            <SimpleGrid cols={3}>
              <TextInput
                label={intl.formatMessage({ id: "config.org.url" })}
                placeholder="https://"
                type="url"
                {...text("url")}
                error={form.errors["url"]}
              />
              <TextInput
                label={intl.formatMessage({ id: "config.org.email" })}
                type="email"
                {...text("email")}
                error={form.errors["email"]}
              />
              <TextInput label={intl.formatMessage({ id: "config.org.phone" })} type="tel" {...text("phone")} />
            </SimpleGrid>
            <TextInput label={intl.formatMessage({ id: "config.org.address" })} {...text("address")} error={form.errors["address"]} />
          </Stack>
        </Section>

        <Section title={<FormattedMessage id="config.org.schedule" />} description={<FormattedMessage id="config.org.schedule-hint" />}>
          <Stack gap="md">
            <ScheduleEditor
              value={values.week}
              readOnly={readOnly}
              onChange={(week) => {
                form.setFieldValue("week", week);
              }}
            />
            <SwitchField
              label={intl.formatMessage({ id: "config.org.vacation" })}
              description={intl.formatMessage({ id: "config.org.vacation-hint" })}
              disabled={readOnly}
              {...form.getInputProps("vacationOn", { type: "checkbox" })}
            />
            {values.vacationOn ? (
              <Group gap="md" align="flex-start">
                <TextInput
                  type="date"
                  w={200}
                  label={intl.formatMessage({ id: "config.org.vacation-start" })}
                  readOnly={readOnly}
                  {...form.getInputProps("vacationStart")}
                  error={form.errors["schedule.vacation.start"]}
                />
                <TextInput
                  type="date"
                  w={200}
                  label={intl.formatMessage({ id: "config.org.vacation-end" })}
                  readOnly={readOnly}
                  {...form.getInputProps("vacationEnd")}
                  error={form.errors["schedule.vacation.end"]}
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
              disabled={readOnly}
              {...form.getInputProps("disallowLoginOutsideWorkHours", { type: "checkbox" })}
            />
            <SwitchField
              label={intl.formatMessage({ id: "config.org.outside-office" })}
              description={intl.formatMessage({ id: "config.org.outside-office-hint" })}
              disabled={readOnly}
              {...form.getInputProps("disallowUserLoginOutsideOffice", { type: "checkbox" })}
            />
            <OfficeNetworks
              networks={values.officeNetworks}
              readOnly={readOnly}
              fieldError={(path) => form.errors[path]}
              onChange={(networks) => {
                form.setFieldValue("officeNetworks", networks);
              }}
            />
          </Stack>
        </Section>

        <Section title={<FormattedMessage id="config.org.calls" />}>
          <Stack gap="md">
            <SwitchField
              label={intl.formatMessage({ id: "config.org.web-calls" })}
              description={intl.formatMessage({ id: "config.org.web-calls-hint" })}
              disabled={readOnly}
              {...form.getInputProps("webCallsEnabled", { type: "checkbox" })}
            />
            {org.callQueueEnabled ? (
              <>
                <SwitchField
                  label={intl.formatMessage({ id: "config.org.queue" })}
                  description={intl.formatMessage({ id: "config.org.queue-hint" })}
                  disabled={readOnly}
                  {...form.getInputProps("queueEnabled", { type: "checkbox" })}
                />
                <SwitchField
                  label={intl.formatMessage({ id: "config.org.queue-notification" })}
                  description={intl.formatMessage({ id: "config.org.queue-notification-hint" })}
                  disabled={readOnly || !values.queueEnabled}
                  {...form.getInputProps("queueNotification", { type: "checkbox" })}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed" data-testid="queue-not-in-plan">
                <FormattedMessage id="config.org.queue-not-in-plan" />
              </Text>
            )}
          </Stack>
        </Section>

        {canEdit ? (
          <SaveBar
            sticky
            hasErrors={Object.keys(form.errors).length > 0}
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
  fieldError: (path: string) => ReactNode;
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

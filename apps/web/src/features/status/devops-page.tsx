import { useState } from "react";
import {
  Box,
  Button,
  Grid,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { IconTool } from "@tabler/icons-react";
import dayjs from "dayjs";
import { FormattedMessage, useIntl } from "react-intl";
import {
  OPERATIONAL_STATUS,
  STATUS_VALUES,
  updateMaintenanceStatusRequest,
  type Locale,
  type MaintenanceStatus,
  type MessageId,
} from "@relais/shared";
import { SwitchField } from "../../ui/switch-field.tsx";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useUiLocale } from "../../app/i18n/i18n-provider.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { PageContainer, PageHeader, Section } from "../../ui/page.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useMaintenanceStatus, useUpdateMaintenance } from "./api.ts";
import { MaintenanceBannerView, MaintenanceOverlayCard } from "./maintenance-display.tsx";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";

type Status = MaintenanceStatus["status"];

const STATUS_LABELS: Record<Status, MessageId> = {
  operational: "maintenance.status.operational",
  under_maintenance: "maintenance.status.under_maintenance",
  degraded_performance: "maintenance.status.degraded_performance",
  partial_outage: "maintenance.status.partial_outage",
  major_outage: "maintenance.status.major_outage",
};

/** /devops (devops only): the maintenance status every browser polls, with a live preview. */
export function DevopsPage() {
  const status = useMaintenanceStatus();
  return (
    <PageContainer wide>
      <PageHeader title={<FormattedMessage id="devops.title" />} description={<FormattedMessage id="devops.subtitle" />} />
      {status.isPending ? (
        <SkeletonRows rows={6} />
      ) : (
        <MaintenanceForm key={JSON.stringify(status.data ?? OPERATIONAL_STATUS)} initial={status.data ?? OPERATIONAL_STATUS} />
      )}
    </PageContainer>
  );
}

function MaintenanceForm({ initial }: { initial: MaintenanceStatus }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const uiLocale = useUiLocale();
  const update = useUpdateMaintenance();
  const { form, submit, showServerErrors } = useSchemaForm({ schema: updateMaintenanceStatusRequest, initialValues: initial });
  const [previewLocale, setPreviewLocale] = useState<Locale>(uiLocale);
  const values = form.getValues();

  const save = submit((request) => {
    saveKeyedForm(update.mutateAsync, request, { alerts, saved: "devops.saved", showServerErrors });
  });

  const nextWindowLocal = values.nextWindow ? dayjs(values.nextWindow).format("YYYY-MM-DDTHH:mm") : "";

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <form onSubmit={save} noValidate>
          <Section title={<FormattedMessage id="devops.maintenance" />}>
            <Stack gap="md">
              <NativeSelect
                label={intl.formatMessage({ id: "devops.status" })}
                data={STATUS_VALUES.map((s) => ({ value: s, label: intl.formatMessage({ id: STATUS_LABELS[s] }) }))}
                {...form.getInputProps("status")}
              />
              <SwitchField
                label={intl.formatMessage({ id: "devops.enabled" })}
                description={intl.formatMessage({ id: "devops.enabled-hint" })}
                {...form.getInputProps("enabled", { type: "checkbox" })}
              />
              <Switch label={intl.formatMessage({ id: "devops.banner" })} {...form.getInputProps("banner", { type: "checkbox" })} />
              <Textarea
                label={intl.formatMessage({ id: "devops.banner-text-fr" })}
                autosize
                minRows={2}
                {...form.getInputProps("bannerText.fr-CA")}
              />
              <Textarea
                label={intl.formatMessage({ id: "devops.banner-text-en" })}
                autosize
                minRows={2}
                {...form.getInputProps("bannerText.en-CA")}
              />
              <SwitchField
                label={intl.formatMessage({ id: "devops.overlay" })}
                description={intl.formatMessage({ id: "devops.overlay-hint" })}
                {...form.getInputProps("overlay", { type: "checkbox" })}
              />
              <Switch
                label={intl.formatMessage({ id: "devops.dismissable" })}
                {...form.getInputProps("dismissable", { type: "checkbox" })}
              />
              <Group grow align="flex-start">
                <TextInput
                  type="datetime-local"
                  label={intl.formatMessage({ id: "devops.next-window" })}
                  value={nextWindowLocal}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    form.setFieldValue("nextWindow", value ? dayjs(value).toISOString() : null);
                  }}
                  error={form.errors["nextWindow"]}
                />
                <NumberInput
                  label={intl.formatMessage({ id: "devops.duration" })}
                  min={0}
                  max={7 * 24 * 60}
                  allowDecimal={false}
                  value={values.durationMinutes ?? ""}
                  onChange={(value) => {
                    form.setFieldValue("durationMinutes", typeof value === "number" ? value : null);
                  }}
                  error={form.errors["durationMinutes"]}
                />
              </Group>
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending}>
                  <FormattedMessage id="devops.publish" />
                </Button>
              </Group>
            </Stack>
          </Section>
        </form>
      </Grid.Col>

      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Section
          title={<FormattedMessage id="devops.preview" />}
          actions={
            <SegmentedControl
              size="xs"
              aria-label={intl.formatMessage({ id: "devops.preview-language" })}
              value={previewLocale}
              onChange={(value) => {
                setPreviewLocale(value === "en-CA" ? "en-CA" : "fr-CA");
              }}
              data={[
                { value: "fr-CA", label: "FR" },
                { value: "en-CA", label: "EN" },
              ]}
            />
          }
        >
          <Stack gap="md" data-testid="maintenance-preview">
            {!values.enabled ? (
              <EmptyState
                size="sm"
                icon={<IconTool />}
                title={<FormattedMessage id="devops.preview-off" />}
                description={<FormattedMessage id="devops.preview-off-hint" />}
              />
            ) : (
              <>
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  <FormattedMessage id="devops.banner" />
                </Text>
                {values.banner ? (
                  <Box style={{ borderRadius: 8, overflow: "hidden" }}>
                    <MaintenanceBannerView status={values} locale={previewLocale} preview />
                  </Box>
                ) : (
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="devops.preview-no-banner" />
                  </Text>
                )}
                <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                  <FormattedMessage id="devops.overlay" />
                </Text>
                {values.overlay ? (
                  <Paper bg="#0b2a30" p="lg" radius="md">
                    <Group justify="center">
                      <MaintenanceOverlayCard status={values} locale={previewLocale} />
                    </Group>
                  </Paper>
                ) : (
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="devops.preview-no-overlay" />
                  </Text>
                )}
              </>
            )}
          </Stack>
        </Section>
      </Grid.Col>
    </Grid>
  );
}

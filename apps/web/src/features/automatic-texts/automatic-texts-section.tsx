import { Alert, Anchor, Box, Group, NativeSelect, Stack, Text, Textarea } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  AUTOMATIC_REPLY_PERIOD_CHOICES,
  AUTOMATIC_TEXT_MAX,
  updateAutomaticTextsRequest,
  type AutomaticTexts,
  type MessageId,
} from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { Section } from "../../ui/page.tsx";
import { QuerySection } from "../../ui/query-section.tsx";
import { SaveBar } from "../../ui/save-bar.tsx";
import { SwitchField } from "../../ui/switch-field.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useAutomaticTexts, useUpdateAutomaticTexts } from "./automatic-texts-api.ts";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";

/** The texts of one kind: the catalogue keys of its switch, help line, text box and suggestion. */
const KINDS = {
  outsideHours: {
    label: "config.auto.outside-hours",
    hint: "config.auto.outside-hours-hint",
    text: "config.auto.outside-hours-text",
    suggestion: "config.auto.outside-hours-suggestion",
  },
  missedCall: {
    label: "config.auto.missed-call",
    hint: "config.auto.missed-call-hint",
    text: "config.auto.missed-call-text",
    suggestion: "config.auto.missed-call-suggestion",
  },
} as const satisfies Record<string, Record<string, MessageId>>;

type Kind = keyof typeof KINDS;

/**
 * "Textes automatiques" of the team screen: the outside-hours and missed-call texts and the
 * period between two automatic texts to one contact. Administrators edit; others read.
 */
export function AutomaticTextsSection({ teamId }: { teamId: string }) {
  const texts = useAutomaticTexts(teamId);
  return (
    <QuerySection title={<FormattedMessage id="config.auto.title" />} query={texts}>
      {/* A save re-keys the form, which then starts again from what the server stored. */}
      {(saved) => <AutomaticTextsForm key={JSON.stringify(saved)} saved={saved} />}
    </QuerySection>
  );
}

function AutomaticTextsForm({ saved }: { saved: AutomaticTexts }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateAutomaticTexts(saved.teamId);
  const readOnly = !saved.abilities.update;
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: updateAutomaticTextsRequest,
    initialValues: { outsideHours: saved.outsideHours, missedCall: saved.missedCall, periodHours: saved.periodHours },
  });
  const values = form.getValues();

  // A period set through the API outside the usual choices stays selectable.
  const periods = [...new Set<number>([...AUTOMATIC_REPLY_PERIOD_CHOICES, saved.periodHours])].sort((a, b) => a - b);

  const save = submit((request) => {
    saveKeyedForm(update.mutateAsync, request, { alerts, saved: "config.auto.saved", showServerErrors });
  });

  const kindFields = (kind: Kind) => {
    const keys = KINDS[kind];
    const value = values[kind];
    return (
      <Stack gap="xs">
        <SwitchField
          label={intl.formatMessage({ id: keys.label })}
          description={intl.formatMessage({ id: keys.hint })}
          disabled={readOnly}
          {...form.getInputProps(`${kind}.enabled`, { type: "checkbox" })}
        />
        <Box pl={50}>
          <Textarea
            label={intl.formatMessage({ id: keys.text })}
            readOnly={readOnly}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps(`${kind}.text`)}
          />
          <Group justify="space-between" mt={4}>
            {readOnly || value.text.trim() !== "" ? (
              <span />
            ) : (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => {
                  form.setFieldValue(`${kind}.text`, intl.formatMessage({ id: keys.suggestion }));
                }}
              >
                <FormattedMessage id="config.auto.use-suggestion" />
              </Anchor>
            )}
            <Text size="xs" c={value.text.trim().length > AUTOMATIC_TEXT_MAX ? "red" : "dimmed"}>
              <FormattedMessage id="config.auto.length" values={{ count: value.text.trim().length, max: AUTOMATIC_TEXT_MAX }} />
            </Text>
          </Group>
        </Box>
      </Stack>
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Section title={<FormattedMessage id="config.auto.title" />} description={<FormattedMessage id="config.auto.intro" />}>
        <Stack gap="lg">
          {readOnly ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              <FormattedMessage id="config.auto.read-only" />
            </Alert>
          ) : null}
          {kindFields("outsideHours")}
          {kindFields("missedCall")}
          <NativeSelect
            styles={{ wrapper: { maxWidth: 320 } }}
            label={intl.formatMessage({ id: "config.auto.period" })}
            description={intl.formatMessage({ id: "config.auto.period-hint" })}
            data={periods.map((hours) => ({
              value: String(hours),
              label: intl.formatMessage({ id: "config.auto.period-option" }, { hours }),
            }))}
            value={String(values.periodHours)}
            disabled={readOnly}
            onChange={(e) => {
              form.setFieldValue("periodHours", Number(e.currentTarget.value));
            }}
            error={form.errors["periodHours"]}
          />
          {readOnly ? null : (
            <SaveBar
              hasErrors={Object.keys(form.errors).length > 0}
              pending={update.isPending}
              label={<FormattedMessage id="config.auto.save" />}
            />
          )}
        </Stack>
      </Section>
    </form>
  );
}

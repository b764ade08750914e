import { ActionIcon, Alert, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconInfoCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  SURVEY_FIELDS,
  SURVEY_MAX_QUESTIONS,
  SURVEY_QUESTION_KINDS,
  tokenOf,
  updateSurveySettingsRequest,
  type SurveySettings,
} from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { Section } from "../../ui/page.tsx";
import { QuerySection } from "../../ui/query-section.tsx";
import { SaveBar } from "../../ui/save-bar.tsx";
import { SwitchField } from "../../ui/switch-field.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { useSurveySettings, useUpdateSurveySettings } from "./api.ts";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";

const KIND_LABELS = { score: "survey.settings.kind-score", text: "survey.settings.kind-text" } as const;

/** "Sondage de satisfaction" of the organisation tab: administrators write it, everyone reads it. */
export function SurveySettingsSection() {
  const settings = useSurveySettings();
  return (
    <QuerySection title={<FormattedMessage id="survey.settings.title" />} query={settings}>
      {/* A save re-keys the form, which then starts again from what the server stored. */}
      {(saved) => <SurveySettingsForm key={JSON.stringify(saved)} saved={saved} />}
    </QuerySection>
  );
}

function SurveySettingsForm({ saved }: { saved: SurveySettings }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateSurveySettings();
  const readOnly = !saved.abilities.update;
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: updateSurveySettingsRequest,
    initialValues: { enabled: saved.enabled, title: saved.title, questions: saved.questions, thanks: saved.thanks, retry: saved.retry },
  });
  const values = form.getValues();

  const save = submit((request) => {
    saveKeyedForm(update.mutateAsync, request, { alerts, saved: "survey.settings.saved", showServerErrors });
  });

  const fields = SURVEY_FIELDS.map((f) => tokenOf(f)).join(", ");

  return (
    <form onSubmit={save} noValidate aria-label={intl.formatMessage({ id: "survey.settings.title" })}>
      <Section title={<FormattedMessage id="survey.settings.title" />} description={<FormattedMessage id="survey.settings.intro" />}>
        <Stack gap="md">
          {readOnly ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              <FormattedMessage id="survey.settings.read-only" />
            </Alert>
          ) : null}
          <SwitchField
            label={intl.formatMessage({ id: "survey.settings.enabled" })}
            description={intl.formatMessage({ id: "survey.settings.enabled-hint" })}
            disabled={readOnly}
            {...form.getInputProps("enabled", { type: "checkbox" })}
          />
          <TextInput
            label={intl.formatMessage({ id: "survey.settings.survey-title" })}
            readOnly={readOnly}
            maw={480}
            {...form.getInputProps("title")}
          />
          {values.questions.map((question, index) => (
            <Paper key={index} withBorder radius="md" p="sm">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Stack gap="xs" style={{ flex: 1 }}>
                  <Textarea
                    label={intl.formatMessage({ id: "survey.settings.question" }, { n: index + 1 })}
                    readOnly={readOnly}
                    autosize
                    minRows={2}
                    maxRows={5}
                    {...form.getInputProps(`questions.${String(index)}.text`)}
                  />
                  <NativeSelect
                    label={intl.formatMessage({ id: "survey.settings.kind" })}
                    maw={280}
                    disabled={readOnly}
                    data={SURVEY_QUESTION_KINDS.map((kind) => ({ value: kind, label: intl.formatMessage({ id: KIND_LABELS[kind] }) }))}
                    {...form.getInputProps(`questions.${String(index)}.kind`)}
                  />
                </Stack>
                {readOnly || values.questions.length <= 1 ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={26}
                    aria-label={intl.formatMessage({ id: "survey.settings.remove-question" }, { n: index + 1 })}
                    onClick={() => {
                      form.removeListItem("questions", index);
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          {form.errors["questions"] ? (
            <Text size="sm" c="red" role="alert">
              {form.errors["questions"]}
            </Text>
          ) : null}
          {readOnly || values.questions.length >= SURVEY_MAX_QUESTIONS ? null : (
            <Button
              variant="light"
              size="compact-sm"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => {
                form.insertListItem("questions", { kind: "text", text: "" });
              }}
            >
              <FormattedMessage id="survey.settings.add-question" />
            </Button>
          )}
          <Textarea
            label={intl.formatMessage({ id: "survey.settings.thanks" })}
            readOnly={readOnly}
            autosize
            minRows={2}
            {...form.getInputProps("thanks")}
          />
          <Textarea
            label={intl.formatMessage({ id: "survey.settings.retry" })}
            readOnly={readOnly}
            autosize
            minRows={2}
            {...form.getInputProps("retry")}
          />
          <Text size="xs" c="dimmed">
            <FormattedMessage id="survey.settings.fields-hint" values={{ fields }} />
          </Text>
          {readOnly ? null : (
            <SaveBar
              hasErrors={Object.keys(form.errors).length > 0}
              pending={update.isPending}
              label={<FormattedMessage id="survey.settings.save" />}
            />
          )}
        </Stack>
      </Section>
    </form>
  );
}

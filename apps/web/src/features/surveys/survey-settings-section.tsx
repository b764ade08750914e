import { useState, type SyntheticEvent } from "react";
import { ActionIcon, Alert, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconInfoCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  SURVEY_FIELDS,
  SURVEY_MAX_QUESTIONS,
  SURVEY_QUESTION_KINDS,
  tokenOf,
  updateSurveySettingsRequest,
  type SurveyQuestion,
  type SurveySettings,
} from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { Section } from "../../ui/page.tsx";
import { QuerySection } from "../../ui/query-section.tsx";
import { SaveBar } from "../../ui/save-bar.tsx";
import { SwitchField } from "../../ui/switch-field.tsx";
import { serverFieldErrors, useFieldError, validate, type FieldErrors } from "../../ui/forms.ts";
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
  const [form, setForm] = useState({
    enabled: saved.enabled,
    title: saved.title,
    questions: saved.questions,
    thanks: saved.thanks,
    retry: saved.retry,
  });
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const fieldError = useFieldError(errors);

  const setQuestion = (index: number, patch: Partial<SurveyQuestion>): void => {
    setForm((f) => ({ ...f, questions: f.questions.map((q, i) => (i === index ? { ...q, ...patch } : q)) }));
  };

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const result = validate(updateSurveySettingsRequest, form);
    setErrors(result.errors);
    if (!result.data) {
      return;
    }
    saveKeyedForm(update.mutateAsync, result.data, {
      alerts,
      saved: "survey.settings.saved",
      showServerErrors: (error) => setErrors(serverFieldErrors(error)),
    });
  };

  const fields = SURVEY_FIELDS.map((f) => tokenOf(f)).join(", ");

  return (
    <form onSubmit={submit} noValidate aria-label={intl.formatMessage({ id: "survey.settings.title" })}>
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
            checked={form.enabled}
            disabled={readOnly}
            onChange={(e) => {
              const enabled = e.currentTarget.checked;
              setForm((f) => ({ ...f, enabled }));
            }}
          />
          <TextInput
            label={intl.formatMessage({ id: "survey.settings.survey-title" })}
            value={form.title}
            readOnly={readOnly}
            maw={480}
            onChange={(e) => {
              const title = e.currentTarget.value;
              setForm((f) => ({ ...f, title }));
            }}
            error={fieldError("title")}
          />
          {form.questions.map((question, index) => (
            <Paper key={index} withBorder radius="md" p="sm">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Stack gap="xs" style={{ flex: 1 }}>
                  <Textarea
                    label={intl.formatMessage({ id: "survey.settings.question" }, { n: index + 1 })}
                    value={question.text}
                    readOnly={readOnly}
                    autosize
                    minRows={2}
                    maxRows={5}
                    onChange={(e) => {
                      setQuestion(index, { text: e.currentTarget.value });
                    }}
                    error={fieldError(`questions.${String(index)}.text`)}
                  />
                  <NativeSelect
                    label={intl.formatMessage({ id: "survey.settings.kind" })}
                    maw={280}
                    disabled={readOnly}
                    data={SURVEY_QUESTION_KINDS.map((kind) => ({ value: kind, label: intl.formatMessage({ id: KIND_LABELS[kind] }) }))}
                    value={question.kind}
                    onChange={(e) => {
                      setQuestion(index, { kind: e.currentTarget.value === "text" ? "text" : "score" });
                    }}
                  />
                </Stack>
                {readOnly || form.questions.length <= 1 ? null : (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={26}
                    aria-label={intl.formatMessage({ id: "survey.settings.remove-question" }, { n: index + 1 })}
                    onClick={() => {
                      setForm((f) => ({ ...f, questions: f.questions.filter((_, i) => i !== index) }));
                    }}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          {fieldError("questions") ? (
            <Text size="sm" c="red" role="alert">
              {fieldError("questions")}
            </Text>
          ) : null}
          {readOnly || form.questions.length >= SURVEY_MAX_QUESTIONS ? null : (
            <Button
              variant="light"
              size="compact-sm"
              w="fit-content"
              leftSection={<IconPlus size={14} />}
              onClick={() => {
                setForm((f) => ({ ...f, questions: [...f.questions, { kind: "text", text: "" }] }));
              }}
            >
              <FormattedMessage id="survey.settings.add-question" />
            </Button>
          )}
          <Textarea
            label={intl.formatMessage({ id: "survey.settings.thanks" })}
            value={form.thanks}
            readOnly={readOnly}
            autosize
            minRows={2}
            onChange={(e) => {
              const thanks = e.currentTarget.value;
              setForm((f) => ({ ...f, thanks }));
            }}
            error={fieldError("thanks")}
          />
          <Textarea
            label={intl.formatMessage({ id: "survey.settings.retry" })}
            value={form.retry}
            readOnly={readOnly}
            autosize
            minRows={2}
            onChange={(e) => {
              const retry = e.currentTarget.value;
              setForm((f) => ({ ...f, retry }));
            }}
            error={fieldError("retry")}
          />
          <Text size="xs" c="dimmed">
            <FormattedMessage id="survey.settings.fields-hint" values={{ fields }} />
          </Text>
          {readOnly ? null : (
            <SaveBar
              hasErrors={errors !== null && Object.keys(errors).length > 0}
              pending={update.isPending}
              label={<FormattedMessage id="survey.settings.save" />}
            />
          )}
        </Stack>
      </Section>
    </form>
  );
}

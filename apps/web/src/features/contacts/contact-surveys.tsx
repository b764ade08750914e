import { Checkbox, Paper, Stack, Text } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import type { ContactSurvey } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSurveyFollowup, useSurveys } from "./api.ts";
import { PanelSection } from "./panel-section.tsx";
import { useDates } from "../../ui/dates.ts";

function SurveyCard({ survey, contactId }: { survey: ContactSurvey; contactId: string }) {
  const dates = useDates();
  const alerts = useAlerts();
  const followup = useSurveyFollowup(contactId);
  return (
    <Paper withBorder radius="md" p="sm" data-survey={survey.id}>
      <Text size="sm" fw={600}>
        {survey.title}
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {dates.date(survey.createdAt)}
      </Text>
      <Stack gap={4} mb="xs">
        {survey.answers.map((a, i) => (
          <Text key={i} size="sm">
            <Text span c="dimmed" size="sm">
              {a.question}
            </Text>{" "}
            {a.answer}
          </Text>
        ))}
      </Stack>
      <Checkbox
        label={<FormattedMessage id="contacts.surveys.followup" />}
        checked={survey.followupDone}
        disabled={followup.isPending}
        onChange={(e) => {
          followup.mutate({ surveyId: survey.id, followupDone: e.currentTarget.checked }, { onError: (error) => alerts.apiError(error) });
        }}
      />
      {survey.followupDone && survey.followupDoneBy && survey.followupDoneAt ? (
        <Text size="xs" c="dimmed" mt={4}>
          <FormattedMessage
            id="contacts.surveys.followup-by"
            values={{ name: survey.followupDoneBy.name, date: dates.date(survey.followupDoneAt) }}
          />
        </Text>
      ) : null}
    </Paper>
  );
}

/** The satisfaction surveys the contact answered by text; staff mark their follow-up done. */
export function ContactSurveys({ contactId }: { contactId: string }) {
  const surveys = useSurveys(contactId);
  const list = surveys.data ?? [];
  return (
    <PanelSection title={<FormattedMessage id="contacts.section.surveys" />} testId="contact-surveys">
      <Stack gap="sm">
        {surveys.isSuccess && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="contacts.surveys.empty" />
          </Text>
        ) : null}
        {list.map((s) => (
          <SurveyCard key={s.id} survey={s} contactId={contactId} />
        ))}
      </Stack>
    </PanelSection>
  );
}

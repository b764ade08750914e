import { useState } from "react";
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { IconArrowLeft, IconTrash, IconUsersGroup } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate } from "react-router";
import { formatPhoneForDisplay, updateTeamRequest, type TeamDetail } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { isApiError } from "../../api/index.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { Section } from "../../ui/page.tsx";
import { nullIfBlank, phoneOrNull } from "../../ui/forms.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { ScheduleEditor } from "../organizations/schedule-editor.tsx";
import { useOrganization } from "../organizations/api.ts";
import { SwitchField } from "../../ui/switch-field.tsx";
import { useDeleteTeam, useTeam, useUpdateTeam } from "./api.ts";
import { MembersSection } from "./team-members.tsx";
import { AutomaticTextsSection } from "../automatic-texts/automatic-texts-section.tsx";
import { SaveBar } from "../../ui/save-bar.tsx";
import { saveKeyedForm } from "../../ui/save-keyed-form.ts";

const TEAMS_PATH = "/configuration?configTab=1";

/** One team: its details and schedule, its members, and deleting it; each as the abilities allow. */
export function TeamDetailView({ id }: { id: string }) {
  const team = useTeam(id);
  const back = (
    <Anchor component={Link} to={TEAMS_PATH} size="sm" w="fit-content">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        <FormattedMessage id="config.team.back" />
      </Group>
    </Anchor>
  );

  if (team.isPending) {
    return (
      <Stack gap="md">
        {back}
        <SkeletonRows rows={6} />
      </Stack>
    );
  }
  if (team.isError) {
    const notFound = isApiError(team.error) && team.error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <Paper withBorder radius="lg" p="xl">
          <EmptyState
            icon={<IconUsersGroup />}
            title={<FormattedMessage id={notFound ? "config.team.not-found" : "config.load-failed"} />}
            description={<FormattedMessage id={notFound ? "config.team.not-found-hint" : "config.load-failed-hint"} />}
          />
        </Paper>
      </Stack>
    );
  }

  const detail = team.data;
  return (
    <Stack gap="lg">
      {back}
      <Group gap="sm" align="center">
        <Title order={3} fz={22}>
          {detail.label}
        </Title>
        {detail.main ? (
          <Badge variant="light" color="gray">
            <FormattedMessage id="config.teams.main" />
          </Badge>
        ) : null}
        {detail.isMember ? (
          <Badge variant="light">
            <FormattedMessage id="config.teams.member" />
          </Badge>
        ) : null}
      </Group>
      <TeamInfoForm
        key={JSON.stringify([detail.label, detail.email, detail.phoneNumber, detail.schedule, detail.settings])}
        team={detail}
      />
      <AutomaticTextsSection teamId={detail.id} />
      <MembersSection team={detail} />
      {detail.abilities.delete ? <DeleteTeamSection team={detail} /> : null}
    </Stack>
  );
}

function TeamInfoForm({ team }: { team: TeamDetail }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateTeam(team.id);
  const canEdit = team.abilities.update;
  const queueInPlan = useOrganization().data.callQueueEnabled;
  const { form, submit, showServerErrors } = useSchemaForm({
    schema: updateTeamRequest,
    initialValues: {
      label: team.label,
      email: team.email ?? "",
      phone: team.phoneNumber ? formatPhoneForDisplay(team.phoneNumber) : "",
      week: team.schedule.week,
      queue: team.settings.voiceQueue,
    },
    toRequest: (values) => ({
      label: values.label,
      email: nullIfBlank(values.email),
      phoneNumber: phoneOrNull(values.phone),
      schedule: { week: values.week },
      // Only a plan with the call queue has the team's switch (spec part 1 §3 team settings).
      ...(queueInPlan ? { settings: { voiceQueue: values.queue } } : {}),
    }),
  });

  const save = submit((request) => {
    saveKeyedForm(update.mutateAsync, request, { alerts, saved: "config.saved", showServerErrors });
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="lg">
        <Section title={<FormattedMessage id="config.team.details" />}>
          <SimpleGrid cols={3}>
            <TextInput
              label={intl.formatMessage({ id: "config.team.label" })}
              required
              readOnly={!canEdit}
              {...form.getInputProps("label")}
            />
            <TextInput
              label={intl.formatMessage({ id: "config.team.email" })}
              type="email"
              readOnly={!canEdit}
              {...form.getInputProps("email")}
            />
            <TextInput
              label={intl.formatMessage({ id: "config.team.phone" })}
              type="tel"
              readOnly={!canEdit}
              {...form.getInputProps("phone")}
              error={form.errors["phoneNumber"]}
            />
          </SimpleGrid>
        </Section>
        <Section title={<FormattedMessage id="config.team.schedule" />} description={<FormattedMessage id="config.team.schedule-hint" />}>
          <ScheduleEditor
            value={form.getValues().week}
            onChange={(week) => {
              form.setFieldValue("week", week);
            }}
            readOnly={!canEdit}
          />
        </Section>
        {queueInPlan ? (
          <Section title={<FormattedMessage id="config.team.calls" />}>
            <SwitchField
              label={intl.formatMessage({ id: "config.team.queue" })}
              description={intl.formatMessage({ id: "config.team.queue-hint" })}
              disabled={!canEdit}
              {...form.getInputProps("queue", { type: "checkbox" })}
            />
          </Section>
        ) : null}
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

function DeleteTeamSection({ team }: { team: TeamDetail }) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const remove = useDeleteTeam();
  const [confirming, setConfirming] = useState(false);
  return (
    <Section
      title={<FormattedMessage id="config.team.danger" />}
      description={<FormattedMessage id="config.team.delete-hint" />}
      actions={
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => {
            setConfirming(true);
          }}
        >
          <FormattedMessage id="config.team.delete" />
        </Button>
      }
    >
      <ConfirmDialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
        }}
        title={<FormattedMessage id="config.team.delete-title" />}
        message={<FormattedMessage id="config.team.delete-confirm" values={{ label: team.label }} />}
        confirmLabel={<FormattedMessage id="config.team.delete" />}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(team.id);
            alerts.success("config.team.deleted", { label: team.label }, { keepOnNavigation: true });
            void navigate(TEAMS_PATH);
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </Section>
  );
}

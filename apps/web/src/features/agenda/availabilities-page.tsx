import { useState } from "react";
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconCalendarOff, IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate, useParams } from "react-router";
import { availabilitiesRequest, type MemberAvailabilities } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { useSession } from "../../app/session/session.tsx";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageContainer, PageHeader, Section } from "../../ui/page.tsx";
import { useAvailabilities, useMembers, useSaveAvailabilities } from "./api.ts";
import { availabilitiesState } from "./availabilities-title.ts";
import classes from "./agenda.module.css";

/** Monday first, Sunday last, as the week reads in Quebec. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** /members/{id?}/availabilities: a member's weekly slots (their own when no id is given). */
export function AvailabilitiesPage() {
  const { id } = useParams();
  const { profile } = useSession();
  const navigate = useNavigate();
  const intl = useIntl();
  const memberId = id ?? profile.id;
  const week = useAvailabilities(memberId);
  const members = useMembers();
  const state = availabilitiesState(week);

  return (
    <PageContainer>
      <PageHeader
        title={
          state.kind === "found" ? (
            <FormattedMessage id="availabilities.title" values={{ name: state.name }} />
          ) : (
            <FormattedMessage id="availabilities.title-generic" />
          )
        }
        actions={
          <Select
            w={260}
            aria-label={intl.formatMessage({ id: "availabilities.member" })}
            data={(members.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            value={memberId}
            onChange={(v) => {
              if (v) void navigate(`/members/${v}/availabilities`);
            }}
            searchable
            allowDeselect={false}
          />
        }
      />
      {week.data ? <WeekEditor key={`${memberId}-${week.dataUpdatedAt}`} week={week.data} /> : null}
      {state.kind === "not-found" || state.kind === "failed" ? (
        <Paper withBorder radius="lg" p="xl">
          <EmptyState
            icon={<IconCalendarOff />}
            title={<FormattedMessage id={state.kind === "not-found" ? "availabilities.not-found" : "availabilities.load-failed"} />}
          />
        </Paper>
      ) : null}
    </PageContainer>
  );
}

function WeekEditor({ week }: { week: MemberAvailabilities }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const save = useSaveAvailabilities(week.memberId);
  const { form, submit, showServerErrors } = useSchemaForm({ schema: availabilitiesRequest, initialValues: { slots: week.slots } });
  const [problem, setProblem] = useState<unknown>(null);
  const { slots } = form.getValues();

  const send = submit((request) => {
    setProblem(null);
    save.mutate(request, {
      onSuccess: () => alerts.success("availabilities.saved"),
      onError: (error) => {
        showServerErrors(error);
        setProblem(error);
      },
    });
  });

  // The boxes in error are marked red; the first problem is said once, under the week.
  const firstError = Object.values(form.errors)[0];

  return (
    <Section
      title={<FormattedMessage id="screen.availabilities" />}
      description={week.canEdit ? undefined : <FormattedMessage id="availabilities.read-only" />}
    >
      <form
        noValidate
        onSubmit={(event) => {
          setProblem(null);
          send(event);
        }}
      >
        <Stack gap={0}>
          {WEEK_ORDER.map((day) => (
            <div key={day} className={classes.dayRow} data-day={day}>
              <Text fw={600} size="sm" mt={8}>
                <FormattedMessage id={`day.${day}`} />
              </Text>
              <Stack gap={6}>
                {slots.every((s) => s.day !== day) ? (
                  <Text c="dimmed" size="sm" mt={8}>
                    <FormattedMessage id="availabilities.none" />
                  </Text>
                ) : null}
                {slots.map((s, index) =>
                  s.day === day ? (
                    <Group key={index} gap="xs" align="flex-start">
                      <TextInput
                        type="time"
                        aria-label={intl.formatMessage({ id: "availabilities.start" })}
                        {...form.getInputProps(`slots.${index}.start`)}
                        error={form.errors[`slots.${index}.start`] ? " " : undefined}
                        disabled={!week.canEdit}
                        w={130}
                        name={`slot-${day}-start`}
                      />
                      <TextInput
                        type="time"
                        aria-label={intl.formatMessage({ id: "availabilities.end" })}
                        {...form.getInputProps(`slots.${index}.end`)}
                        error={form.errors[`slots.${index}.end`] ? " " : undefined}
                        disabled={!week.canEdit}
                        w={130}
                        name={`slot-${day}-end`}
                      />
                      {week.canEdit ? (
                        <Button
                          variant="subtle"
                          color="red"
                          px="xs"
                          aria-label={intl.formatMessage({ id: "availabilities.remove" })}
                          onClick={() => {
                            form.removeListItem("slots", index);
                          }}
                        >
                          <IconTrash size={16} />
                        </Button>
                      ) : null}
                    </Group>
                  ) : null,
                )}
                {week.canEdit ? (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    w="fit-content"
                    leftSection={<IconPlus size={14} />}
                    onClick={() => {
                      form.insertListItem("slots", { day, start: "09:00", end: "12:00" });
                    }}
                    data-testid={`add-slot-${day}`}
                  >
                    <FormattedMessage id="availabilities.add" />
                  </Button>
                ) : null}
              </Stack>
            </div>
          ))}
          {problem || firstError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" mt="md">
              {firstError ?? formatError(intl, problem)}
            </Alert>
          ) : null}
          {week.canEdit ? (
            <Group justify="flex-end" mt="md">
              <Button type="submit" loading={save.isPending}>
                <FormattedMessage id="availabilities.save" />
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Section>
  );
}

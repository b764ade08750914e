import { useEffect, useState, type ReactNode } from "react";
import { ActionIcon, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconMoodSmile, IconPlayerStop } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { SurveyRun } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useSurveyAction, useThreadSurvey } from "./api.ts";
import { surveyKeys } from "./keys.ts";
import classes from "./surveys.module.css";

/** The run still holding the contact's line, if any. */
function runningRun(run: SurveyRun | null | undefined): SurveyRun | null {
  return run?.status === "active" ? run : null;
}

/**
 * Re-reads the survey when its hold ends by time: no text and no event marks that moment, and
 * the composer must not stay locked past it.
 */
function useRefetchAtExpiry(threadId: string, run: SurveyRun | null): void {
  const queryClient = useQueryClient();
  const expiresAt = run?.expiresAt;
  useEffect(() => {
    if (!expiresAt) {
      return undefined;
    }
    const wait = Math.max(0, new Date(expiresAt).getTime() - Date.now()) + 1000;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: surveyKeys.thread(threadId) });
    }, wait);
    return () => {
      clearTimeout(timer);
    };
  }, [expiresAt, queryClient, threadId]);
}

/**
 * The header's "send the satisfaction survey" button: shown when the organisation offers the
 * survey and none runs here; disabled, with the reason, for a number that is not a contact.
 */
export function ThreadSurveyAction({ threadId, name }: { threadId: string; name: string }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const survey = useThreadSurvey(threadId);
  const action = useSurveyAction(threadId);
  const [confirming, setConfirming] = useState(false);
  const startable = survey.data?.startable;
  if (startable !== "yes" && startable !== "no-contact") {
    return null;
  }
  const label = intl.formatMessage({ id: startable === "yes" ? "survey.send" : "survey.unavailable-no-contact" });
  return (
    <>
      <Tooltip label={label} withArrow multiline maw={260}>
        {/* A disabled button gets no pointer events: the wrapper keeps its tooltip. */}
        <span>
          <ActionIcon
            variant="subtle"
            color="violet"
            size="lg"
            aria-label={label}
            disabled={startable !== "yes"}
            loading={action.isPending}
            onClick={() => {
              setConfirming(true);
            }}
          >
            <IconMoodSmile size={19} />
          </ActionIcon>
        </span>
      </Tooltip>
      <ConfirmDialog
        opened={confirming}
        danger={false}
        onClose={() => {
          setConfirming(false);
        }}
        title={<FormattedMessage id="survey.send-title" />}
        message={<FormattedMessage id="survey.send-confirm" values={{ name }} />}
        confirmLabel={<FormattedMessage id="survey.send-action" />}
        onConfirm={async () => {
          try {
            await action.mutateAsync("start");
            alerts.success("survey.sent");
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </>
  );
}

/**
 * Around the composer: while a survey holds the contact's line, a bar says how far it is and
 * until when, with a way to stop it, and every control of the composer is disabled (its draft
 * stays). The server refuses a send anyway; this says why before anyone tries.
 */
export function SurveyHold({ threadId, children }: { threadId: string; children: ReactNode }) {
  const alerts = useAlerts();
  const survey = useThreadSurvey(threadId);
  const action = useSurveyAction(threadId);
  const [confirming, setConfirming] = useState(false);
  const run = runningRun(survey.data?.run);
  useRefetchAtExpiry(threadId, run);
  return (
    <>
      {run ? (
        <div className={classes.bar} role="status" data-testid="survey-hold">
          <div>
            <Text size="sm" fw={600}>
              <FormattedMessage id="survey.running" values={{ answered: run.step, count: run.questionCount }} />
            </Text>
            <Text size="xs" c="dimmed">
              <FormattedMessage id="survey.running-hold" values={{ time: new Date(run.expiresAt) }} />
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              color="violet"
              leftSection={<IconPlayerStop size={14} />}
              loading={action.isPending}
              onClick={() => {
                setConfirming(true);
              }}
            >
              <FormattedMessage id="survey.stop" />
            </Button>
          </Group>
          <ConfirmDialog
            opened={confirming}
            onClose={() => {
              setConfirming(false);
            }}
            title={<FormattedMessage id="survey.stop-title" />}
            message={<FormattedMessage id="survey.stop-confirm" />}
            confirmLabel={<FormattedMessage id="survey.stop" />}
            onConfirm={async () => {
              try {
                await action.mutateAsync("stop");
                alerts.success("survey.stopped");
              } catch (error) {
                alerts.apiError(error);
              }
            }}
          />
        </div>
      ) : null}
      <fieldset className={classes.hold} disabled={run !== null}>
        {children}
      </fieldset>
    </>
  );
}

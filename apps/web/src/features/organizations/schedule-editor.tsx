import { ActionIcon, Box, Button, Group, Stack, Switch, Text, TextInput, type TextInputProps } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { weekSchedule, type DaySchedule, type WeekSchedule } from "@relais/shared";
import { issuesToErrors, useFieldError, type FieldErrors } from "../../ui/forms.ts";
import classes from "./schedule-editor.module.css";

/** Monday first, as an office reads its week; values keep 0 = Sunday (spec part 1 §3). */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_KEYS = ["day.0", "day.1", "day.2", "day.3", "day.4", "day.5", "day.6"] as const;

/**
 * An HH:mm field. Plain text rather than the browser's time input: the latter follows the
 * browser's language (AM/PM in an English browser) while the catalogue and the rules speak HH:mm.
 */
function TimeField(props: TextInputProps) {
  return <TextInput placeholder="HH:mm" maxLength={5} inputMode="numeric" autoComplete="off" spellCheck={false} {...props} />;
}

/** Problems of a week by field path (`1.end`, `2.breaks.0`), from the shared `weekSchedule` schema. */
function scheduleErrors(week: WeekSchedule): FieldErrors | null {
  const result = weekSchedule.safeParse(week);
  return result.success ? null : issuesToErrors(result.error.issues);
}

interface Props {
  value: WeekSchedule;
  onChange: (week: WeekSchedule) => void;
  readOnly?: boolean;
}

/**
 * Week schedule editor: each day open or closed, opening hours and breaks (HH:mm). Every change
 * is checked with the shared schema and each problem is shown under its own field.
 */
export function ScheduleEditor({ value, onChange, readOnly = false }: Props) {
  const intl = useIntl();
  const fieldError = useFieldError(scheduleErrors(value));

  const setDay = (index: number, patch: Partial<DaySchedule>): void => {
    onChange(value.map((day, i) => (i === index ? { ...day, ...patch } : day)));
  };

  return (
    <Stack gap={0} className={classes.schedule}>
      <Group className={classes.scheduleHead} wrap="nowrap" aria-hidden>
        <Text className={classes.dayCol} size="xs" c="dimmed" fw={600}>
          <FormattedMessage id="schedule.day" />
        </Text>
        <Text className={classes.timeCol} size="xs" c="dimmed" fw={600}>
          <FormattedMessage id="schedule.opens" />
        </Text>
        <Text className={classes.timeCol} size="xs" c="dimmed" fw={600}>
          <FormattedMessage id="schedule.closes" />
        </Text>
        <Text size="xs" c="dimmed" fw={600}>
          <FormattedMessage id="schedule.breaks" />
        </Text>
      </Group>
      {DISPLAY_ORDER.map((dayIndex) => {
        const day = value[dayIndex];
        if (!day) {
          return null;
        }
        const dayName = intl.formatMessage({ id: DAY_KEYS[dayIndex] });
        return (
          <Group key={dayIndex} className={classes.scheduleRow} align="flex-start" wrap="nowrap" data-day={dayIndex}>
            <Box className={classes.dayCol} pt={6}>
              <Switch
                label={dayName}
                checked={day.enabled}
                disabled={readOnly}
                onChange={(e) => {
                  setDay(dayIndex, { enabled: e.currentTarget.checked });
                }}
              />
            </Box>
            {day.enabled ? (
              <>
                <TimeField
                  className={classes.timeCol}
                  aria-label={intl.formatMessage({ id: "schedule.opens-on" }, { day: dayName })}
                  value={day.start}
                  readOnly={readOnly}
                  onChange={(e) => {
                    setDay(dayIndex, { start: e.currentTarget.value });
                  }}
                  error={fieldError(`${String(dayIndex)}.start`)}
                />
                <TimeField
                  className={classes.timeCol}
                  aria-label={intl.formatMessage({ id: "schedule.closes-on" }, { day: dayName })}
                  value={day.end}
                  readOnly={readOnly}
                  onChange={(e) => {
                    setDay(dayIndex, { end: e.currentTarget.value });
                  }}
                  error={fieldError(`${String(dayIndex)}.end`)}
                />
                <Stack gap={6} style={{ flex: 1 }}>
                  {day.breaks.map((pause, breakIndex) => {
                    const n = breakIndex + 1;
                    const breakError = fieldError(`${String(dayIndex)}.breaks.${String(breakIndex)}`);
                    const setBreak = (patch: Partial<typeof pause>): void => {
                      setDay(dayIndex, {
                        breaks: day.breaks.map((b, i) => (i === breakIndex ? { ...b, ...patch } : b)),
                      });
                    };
                    return (
                      <Box key={breakIndex}>
                        <Group gap={6} wrap="nowrap" align="flex-start">
                          <TimeField
                            w={112}
                            aria-label={intl.formatMessage({ id: "schedule.break-start" }, { n, day: dayName })}
                            value={pause.start}
                            readOnly={readOnly}
                            onChange={(e) => {
                              setBreak({ start: e.currentTarget.value });
                            }}
                            error={fieldError(`${String(dayIndex)}.breaks.${String(breakIndex)}.start`)}
                          />
                          <Text c="dimmed" pt={6} aria-hidden>
                            –
                          </Text>
                          <TimeField
                            w={112}
                            aria-label={intl.formatMessage({ id: "schedule.break-end" }, { n, day: dayName })}
                            value={pause.end}
                            readOnly={readOnly}
                            onChange={(e) => {
                              setBreak({ end: e.currentTarget.value });
                            }}
                            error={fieldError(`${String(dayIndex)}.breaks.${String(breakIndex)}.end`)}
                          />
                          {readOnly ? null : (
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              mt={4}
                              aria-label={intl.formatMessage({ id: "schedule.remove-break" }, { n, day: dayName })}
                              onClick={() => {
                                setDay(dayIndex, { breaks: day.breaks.filter((_, i) => i !== breakIndex) });
                              }}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          )}
                        </Group>
                        {breakError ? (
                          <Text size="xs" c="red" mt={4} role="alert">
                            {breakError}
                          </Text>
                        ) : null}
                      </Box>
                    );
                  })}
                  {readOnly ? (
                    day.breaks.length === 0 ? (
                      <Text size="sm" c="dimmed" pt={6}>
                        <FormattedMessage id="schedule.no-breaks" />
                      </Text>
                    ) : null
                  ) : (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPlus size={14} />}
                      w="fit-content"
                      mt={day.breaks.length ? 0 : 4}
                      aria-label={intl.formatMessage({ id: "schedule.add-break-on" }, { day: dayName })}
                      onClick={() => {
                        setDay(dayIndex, { breaks: [...day.breaks, { start: "12:00", end: "13:00" }] });
                      }}
                    >
                      <FormattedMessage id="schedule.add-break" />
                    </Button>
                  )}
                </Stack>
              </>
            ) : (
              <Text size="sm" c="dimmed" pt={8}>
                <FormattedMessage id="schedule.closed" />
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

import { useId, useState } from "react";
import { Button, Group, Input, NumberInput, Paper, Slider, Stack, Text, Title } from "@mantine/core";
import { IconAntenna } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { SANDBOX_DELAY_MAX_MS, sandboxSettings, type SandboxSettings } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatKey } from "../../app/i18n/messages.ts";
import { useUpdateSandboxSettings } from "./api.ts";

/** The failure rate is edited in whole percents; the server keeps a share from 0 to 1. */
const toPercent = (rate: number) => Math.round(rate * 100);

/** Delay and failure rate of the simulated network, for every phone (the settings are the server's). */
export function NetworkSettings({ current }: { current: SandboxSettings }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const update = useUpdateSandboxSettings();
  const rateLabelId = useId();
  const titleId = useId();
  const [delay, setDelay] = useState<number | string>(current.deliveryMs);
  const [percent, setPercent] = useState(toPercent(current.failureRate));
  const draft = { deliveryMs: typeof delay === "number" ? delay : Number.NaN, failureRate: percent / 100 };
  const checked = sandboxSettings.safeParse(draft);
  const delayProblem = checked.success ? null : (checked.error.issues.find((i) => i.path[0] === "deliveryMs")?.message ?? null);
  const changed = draft.deliveryMs !== current.deliveryMs || toPercent(current.failureRate) !== percent;

  return (
    <Paper withBorder p="lg" radius="lg">
      <form
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          if (!checked.success) {
            return;
          }
          update.mutate(checked.data, {
            onSuccess: () => alerts.success("simulator.settings.saved"),
            onError: (error) => alerts.apiError(error),
          });
        }}
      >
        <Stack gap="md">
          <div>
            <Group gap="xs">
              <IconAntenna size={20} aria-hidden />
              <Title order={2} fz={17} id={titleId}>
                <FormattedMessage id="simulator.settings.title" />
              </Title>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              <FormattedMessage id="simulator.settings.description" />
            </Text>
          </div>
          <NumberInput
            label={<FormattedMessage id="simulator.settings.delay" />}
            description={<FormattedMessage id="simulator.settings.delay-hint" />}
            min={0}
            max={SANDBOX_DELAY_MAX_MS}
            step={100}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            value={delay}
            onChange={setDelay}
            error={delayProblem ? formatKey(intl, delayProblem) : null}
          />
          <div>
            <Input.Label labelElement="div" id={rateLabelId}>
              <FormattedMessage id="simulator.settings.failure-rate" />
            </Input.Label>
            <Input.Description>
              <FormattedMessage id="simulator.settings.failure-rate-hint" />
            </Input.Description>
            <Slider
              mt="sm"
              mb="lg"
              mx="md"
              min={0}
              max={100}
              step={5}
              value={percent}
              onChange={setPercent}
              label={(v) => intl.formatNumber(v / 100, { style: "percent" })}
              marks={[0, 25, 50, 75, 100].map((v) => ({ value: v, label: intl.formatNumber(v / 100, { style: "percent" }) }))}
              thumbProps={{ "aria-labelledby": rateLabelId }}
            />
          </div>
          <Group justify="flex-end">
            <Button type="submit" disabled={!changed || !checked.success} loading={update.isPending}>
              <FormattedMessage id="common.save" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

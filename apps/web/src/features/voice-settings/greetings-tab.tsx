import { useState } from "react";
import { Alert, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconMicrophone } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { CALL_PERIODS } from "@relais/shared";
import { EmptyState } from "../../ui/empty-state.tsx";
import { SkeletonRows } from "../../ui/loaders.tsx";
import { useAllTeams } from "../teams/api.ts";
import { useGreetings } from "./api.ts";
import { GreetingCard } from "./greeting-card.tsx";

/** The scope select's value for the organisation's default greetings. */
const ORGANIZATION = "organization";

/**
 * Configuration › Voicemail (spec part 2 §3): for a team, or the organisation's defaults, one card
 * per period (OPEN, CLOSE, BREAK, VACATION) with its kind, content, switch and preview.
 */
export function GreetingsTab() {
  const intl = useIntl();
  const teams = useAllTeams();
  const [scope, setScope] = useState<string | null>(null);
  // The main team first, as the caller reaches it most; the organisation's defaults beside it.
  const firstTeam = teams.data?.find((t) => t.main)?.id ?? teams.data?.[0]?.id ?? ORGANIZATION;
  const current = scope ?? firstTeam;
  const teamId = current === ORGANIZATION ? null : current;

  if (teams.isPending) {
    return <SkeletonRows rows={4} />;
  }
  const options = [
    ...(teams.data ?? []).map((t) => ({ value: t.id, label: t.label })),
    { value: ORGANIZATION, label: intl.formatMessage({ id: "config.voicemail.scope-organization" }) },
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div>
          <Text fw={600}>
            <FormattedMessage id="config.voicemail.title" />
          </Text>
          <Text c="dimmed" size="sm" maw={720}>
            <FormattedMessage id="config.voicemail.hint" />
          </Text>
        </div>
        <Select
          label={intl.formatMessage({ id: "config.voicemail.scope" })}
          data={options}
          value={current}
          onChange={(value) => {
            if (value) {
              setScope(value);
            }
          }}
          allowDeselect={false}
          w={280}
          style={{ flexShrink: 0 }}
          data-testid="greetings-scope"
        />
      </Group>
      <GreetingCards key={current} teamId={teamId} />
    </Stack>
  );
}

function GreetingCards({ teamId }: { teamId: string | null }) {
  const greetings = useGreetings(teamId);
  if (greetings.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {CALL_PERIODS.map((p) => (
          <SkeletonRows key={p} rows={3} />
        ))}
      </SimpleGrid>
    );
  }
  if (greetings.isError) {
    return (
      <EmptyState
        icon={<IconMicrophone />}
        title={<FormattedMessage id="config.load-failed" />}
        description={<FormattedMessage id="config.load-failed-hint" />}
      />
    );
  }
  const { abilities } = greetings.data;
  return (
    <Stack gap="md">
      {!abilities.update ? (
        <Alert color="gray" variant="light">
          <FormattedMessage id="config.voicemail.read-only" />
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {CALL_PERIODS.map((period) => (
          <GreetingCard
            key={period}
            teamId={teamId}
            period={period}
            greeting={greetings.data.greetings.find((g) => g.period === period) ?? null}
            canUpdate={abilities.update}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

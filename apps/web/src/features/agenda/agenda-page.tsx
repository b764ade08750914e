import { useMemo, useState } from "react";
import { Alert, Button, Group, Loader, SegmentedControl, Select, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useSearchParams } from "react-router";
import type { Appointment } from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";
import { PageContainer, PageHeader } from "../../ui/page.tsx";
import { useAgenda, useMembers, useTeams } from "./api.ts";
import type { AgendaScope } from "./keys.ts";
import { AppointmentDialog } from "./appointment-dialog.tsx";
import { BookingDialog } from "./booking-dialog.tsx";
import { addDays, daysOf, todayIn, type AgendaView } from "./dates.ts";
import { TimeGrid, type FreeSlot, type GridColumn } from "./time-grid.tsx";
import classes from "./agenda.module.css";
import { useDates } from "../../ui/dates.ts";

/**
 * /agenda (issue 4 §3): a day or a week of one member's or one team's appointments over their
 * availabilities. `?view=day|week&date=YYYY-MM-DD&member=<id>` or `&team=<id>` keep the place.
 */
export function AgendaPage() {
  const intl = useIntl();
  const dates = useDates();
  const { profile, organization } = useSession();
  const [params, setParams] = useSearchParams();
  const view: AgendaView = params.get("view") === "week" ? "week" : "day";
  const date = params.get("date") ?? todayIn(organization.timezone);
  const team = params.get("team");
  const scope: AgendaScope = team ? { kind: "team", id: team } : { kind: "member", id: params.get("member") ?? profile.id };
  const days = daysOf(view, date);
  const from = days[0] ?? date;
  const to = days[days.length - 1] ?? date;
  const agenda = useAgenda(scope, from, to);
  const members = useMembers();
  const teams = useTeams();
  const [slot, setSlot] = useState<FreeSlot | null>(null);
  const [open, setOpen] = useState<Appointment | null>(null);

  const set = (patch: Record<string, string | null>): void => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  const columns = useMemo<GridColumn[]>(
    () => days.flatMap((d) => (agenda.data?.members ?? []).map((member) => ({ date: d, member }))),
    [days, agenda.data],
  );

  const scopeOptions = [
    {
      group: intl.formatMessage({ id: "agenda.scope.member" }),
      items: (members.data ?? []).map((m) => ({ value: `member:${m.id}`, label: m.name })),
    },
    {
      group: intl.formatMessage({ id: "agenda.scope.team" }),
      items: (teams.data ?? []).map((t) => ({ value: `team:${t.id}`, label: t.label })),
    },
  ];
  const step = view === "week" ? 7 : 1;
  const title = view === "week" ? `${dates.date(from, "long")} – ${dates.date(to, "long")}` : dates.date(date, "long");

  return (
    <PageContainer wide>
      <PageHeader
        title={<FormattedMessage id="agenda.title" />}
        description={title}
        actions={
          scope.kind === "member" ? (
            <Button component={Link} to={`/members/${scope.id}/availabilities`} variant="default">
              <FormattedMessage id="agenda.edit-availabilities" />
            </Button>
          ) : null
        }
      />
      <div className={classes.toolbar}>
        <SegmentedControl
          value={view}
          onChange={(v) => {
            set({ view: v });
          }}
          data={[
            { value: "day", label: intl.formatMessage({ id: "agenda.view.day" }) },
            { value: "week", label: intl.formatMessage({ id: "agenda.view.week" }) },
          ]}
          aria-label={intl.formatMessage({ id: "agenda.title" })}
        />
        <Group gap={4}>
          <Button
            variant="default"
            px="xs"
            aria-label={intl.formatMessage({ id: "agenda.previous" })}
            onClick={() => {
              set({ date: addDays(date, -step) });
            }}
          >
            <IconChevronLeft size={18} />
          </Button>
          <Button
            variant="default"
            onClick={() => {
              set({ date: null });
            }}
          >
            <FormattedMessage id="agenda.today" />
          </Button>
          <Button
            variant="default"
            px="xs"
            aria-label={intl.formatMessage({ id: "agenda.next" })}
            onClick={() => {
              set({ date: addDays(date, step) });
            }}
          >
            <IconChevronRight size={18} />
          </Button>
        </Group>
        <Select
          w={260}
          aria-label={intl.formatMessage({ id: "agenda.scope.member" })}
          data={scopeOptions}
          value={`${scope.kind}:${scope.id}`}
          onChange={(v) => {
            const [kind, id] = (v ?? "").split(":");
            if (kind === "team" && id) set({ team: id, member: null });
            else if (id) set({ member: id, team: null });
          }}
          searchable
          allowDeselect={false}
          name="scope"
        />
        {agenda.isFetching ? <Loader size="sm" /> : null}
      </div>
      {agenda.isError ? (
        <Alert color="red" variant="light">
          <FormattedMessage id="agenda.load-failed" />
        </Alert>
      ) : agenda.data ? (
        <>
          {agenda.data.members.every((m) => m.slots.length === 0) ? (
            <Text c="dimmed" size="sm" mb="sm">
              <FormattedMessage id="agenda.no-availability" />
            </Text>
          ) : null}
          <TimeGrid
            columns={columns}
            appointments={agenda.data.appointments}
            showMember={scope.kind === "team"}
            onFree={setSlot}
            onAppointment={setOpen}
          />
        </>
      ) : (
        <Text c="dimmed">
          <FormattedMessage id="agenda.loading" />
        </Text>
      )}
      <BookingDialog
        slot={slot}
        onClose={() => {
          setSlot(null);
        }}
      />
      <AppointmentDialog
        appointment={open}
        members={agenda.data?.members ?? []}
        onClose={() => {
          setOpen(null);
        }}
      />
    </PageContainer>
  );
}

import { useIntl } from "react-intl";
import { minutesOf, timeOfMinutes, weekdayOf, type Appointment, type MemberAvailabilities } from "@relais/shared";
import { freeStarts, gridHours, STEP } from "./dates.ts";
import classes from "./agenda.module.css";
import { useDates } from "../../ui/dates.ts";

/** A quarter hour's height: its free-slot button is a 24 px target at least (WCAG 2.5.8). */
const ROW_HEIGHT = 24;

export type GridColumn = { date: string; member: MemberAvailabilities };
export type FreeSlot = { member: MemberAvailabilities; date: string; start: string };

interface Props {
  columns: GridColumn[];
  appointments: Appointment[];
  /** Show the member's name under each column's date (a team's agenda). */
  showMember: boolean;
  onFree: (slot: FreeSlot) => void;
  onAppointment: (appointment: Appointment) => void;
}

/**
 * A day or week of one member or a team as a CSS grid: a row per 15 minutes, a column per day and
 * member. A member's availabilities are tinted; each free quarter hour in them is a button that
 * books from there; appointments sit on top. The grid scrolls inside its own box, which takes the
 * keyboard focus (arrows scroll it) and is named after the agenda and its days, so a keyboard or
 * screen-reader user can reach every hour even when no slot is free (WCAG 2.1.1).
 */
export function TimeGrid({ columns, appointments, showMember, onFree, onAppointment }: Props) {
  const intl = useIntl();
  const dates = useDates();
  const slotsOf = (c: GridColumn) => c.member.slots.filter((s) => s.day === weekdayOf(c.date));
  const booked = (c: GridColumn) => appointments.filter((a) => a.memberId === c.member.memberId && a.date === c.date);
  const { from, to } = gridHours([...columns.flatMap(slotsOf), ...appointments]);
  const rows = (to - from) / STEP;
  const rowOf = (time: string) => 2 + Math.floor((minutesOf(time) - from) / STEP);
  const spanOf = (start: string, end: string) => Math.max(1, Math.ceil((minutesOf(end) - minutesOf(start)) / STEP));
  const hours = Array.from({ length: (to - from) / 60 }, (_, i) => from + i * 60);
  const dateLabel = (date: string) => dates.date(date, "short");

  const first = columns[0]?.date;
  const last = columns[columns.length - 1]?.date;
  const days = first && last ? (first === last ? dateLabel(first) : `${dateLabel(first)} – ${dateLabel(last)}`) : "";
  const name = [intl.formatMessage({ id: "agenda.title" }), days].filter(Boolean).join(", ");

  return (
    <div className={classes.scroller} role="region" aria-label={name} tabIndex={0}>
      <div
        className={classes.grid}
        style={{
          gridTemplateColumns: `56px repeat(${columns.length}, minmax(130px, 1fr))`,
          gridTemplateRows: `auto repeat(${rows}, ${String(ROW_HEIGHT)}px)`,
        }}
        data-testid="agenda-grid"
      >
        {columns.map((c, i) => (
          <div key={`h-${c.date}-${c.member.memberId}`} className={classes.head} style={{ gridColumn: i + 2, gridRow: 1 }}>
            {dateLabel(c.date)}
            {showMember ? <span className={classes.headSub}>{c.member.name}</span> : null}
          </div>
        ))}
        {hours.map((h) => (
          <div key={`l-${h}`} className={classes.hour} style={{ gridColumn: 1, gridRow: `${2 + (h - from) / STEP} / span 4` }}>
            {timeOfMinutes(h)}
          </div>
        ))}
        {columns.flatMap((c, i) =>
          hours.map((h) => (
            <div
              key={`g-${c.date}-${c.member.memberId}-${h}`}
              className={classes.line}
              style={{ gridColumn: i + 2, gridRow: `${2 + (h - from) / STEP} / span 4` }}
            />
          )),
        )}
        {columns.flatMap((c, i) =>
          slotsOf(c).map((s) => (
            <div
              key={`a-${c.date}-${c.member.memberId}-${s.start}`}
              className={classes.available}
              style={{ gridColumn: i + 2, gridRow: `${rowOf(s.start)} / span ${spanOf(s.start, s.end)}` }}
            />
          )),
        )}
        {columns.flatMap((c, i) =>
          slotsOf(c).flatMap((s) =>
            freeStarts(s, booked(c)).map((start) => (
              <button
                type="button"
                key={`f-${c.date}-${c.member.memberId}-${start}`}
                className={classes.free}
                style={{ gridColumn: i + 2, gridRow: `${rowOf(start)} / span 1` }}
                aria-label={`${intl.formatMessage({ id: "agenda.free-slot" }, { time: start })} — ${c.member.name}, ${dateLabel(c.date)}`}
                data-slot={`${c.date} ${start}`}
                onClick={() => {
                  onFree({ member: c.member, date: c.date, start });
                }}
              >
                {start}
              </button>
            )),
          ),
        )}
        {columns.flatMap((c, i) =>
          booked(c).map((a) => (
            <button
              type="button"
              key={a.id}
              className={classes.appointment}
              style={{ gridColumn: i + 2, gridRow: `${rowOf(a.start)} / span ${spanOf(a.start, a.end)}` }}
              data-testid="appointment"
              onClick={() => {
                onAppointment(a);
              }}
            >
              <span className={classes.appointmentName}>{a.contactName}</span>
              {a.start}–{a.end} · {a.serviceLabel}
            </button>
          )),
        )}
      </div>
    </div>
  );
}

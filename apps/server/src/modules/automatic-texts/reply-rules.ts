import { isOpenAt, type Vacation, type WeekSchedule } from "@relais/shared";

/** When a team's hours leave it closed: its week (with breaks) in the organisation's time zone and vacation. */
export type Office = { week: WeekSchedule; timeZone: string; vacation: Vacation };

/**
 * Is the outside-hours reply due for a text received at `at`? Only when it is enabled with a
 * text and the team is closed then: a disabled day, outside its hours, during a break, or on a
 * day of the organisation's vacation. The once-per-period gate is checked after, in the database.
 */
export function outsideHoursReplyDue(setting: { enabled: boolean; text: string }, office: Office, at: Date): boolean {
  if (!setting.enabled || setting.text.trim() === "") return false;
  return !isOpenAt(office.week, at, office.timeZone, office.vacation);
}

/** Is the missed-call reply due? Whenever it is enabled with a text: a missed call is missed at any hour. */
export function missedCallReplyDue(setting: { enabled: boolean; text: string }): boolean {
  return setting.enabled && setting.text.trim() !== "";
}

import { FormattedMessage } from "react-intl";
import { localClock, type ScheduledMessage } from "@relais/shared";
import { useSession } from "../../app/session/session.tsx";

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * When a scheduled message goes, on the organisation's wall clock: its date and time as entered,
 * or, for a date alone, the opening time it was planned at, said to be the opening (decision 0034).
 */
export function ScheduledWhen({ item }: { item: Pick<ScheduledMessage, "date" | "time" | "scheduledAt"> }) {
  const { organization } = useSession();
  if (item.time) {
    return (
      <>
        {item.date} {item.time}
      </>
    );
  }
  const time = hhmm(localClock(new Date(item.scheduledAt), organization.timezone).minutes);
  return <FormattedMessage id="scheduled.when-opening" values={{ date: item.date, time }} />;
}

import type { MessageId } from "@relais/shared";
import type { AlertsApi } from "../app/alerts/alerts.tsx";

/**
 * Saves a form that the saved value re-keys (unmounts and mounts afresh from what the server
 * stored). With mutateAsync: a plain mutate's callbacks would be dropped with the unmounted form.
 * Saved: the `saved` alert. Refused: the server's field errors under their fields, and its message.
 */
export function saveKeyedForm<T>(
  save: (value: T) => Promise<unknown>,
  value: T,
  report: { alerts: AlertsApi; saved: MessageId; showServerErrors: (error: unknown) => void },
): void {
  void save(value).then(
    () => report.alerts.success(report.saved),
    (error: unknown) => {
      report.showServerErrors(error);
      report.alerts.apiError(error);
    },
  );
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useIntl } from "react-intl";
import { Notification, Stack } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from "@tabler/icons-react";
import { ALERT_HIDE_MS, ALERTS_MAX, type MessageId } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { formatKey, hasMessage, type MessageValues } from "../i18n/messages.ts";
import classes from "./alerts.module.css";

type AlertKind = "error" | "success" | "info" | "warning";

export interface AlertInput {
  kind: AlertKind;
  /** Catalogue key of the text (an error code from the server is one too). */
  message: string;
  values?: MessageValues;
  /** The error behind the alert: its server message is appended after a dash (spec part 1 §8). */
  cause?: unknown;
  /** Hide after 3 s. Success and info alerts are timed unless told otherwise. */
  timed?: boolean;
  /** Survive the next navigation (e.g. "password changed" shown on the page one lands on). */
  keepOnNavigation?: boolean;
}

interface AlertItem extends AlertInput {
  id: number;
  timed: boolean;
  keepOnNavigation: boolean;
}

export interface AlertsApi {
  show: (alert: AlertInput) => number;
  success: (message: MessageId, values?: MessageValues, options?: Partial<AlertInput>) => number;
  info: (message: MessageId, values?: MessageValues, options?: Partial<AlertInput>) => number;
  /** An error alert: `message` is a catalogue key; a thrown error as cause adds its text after a dash. */
  error: (message: MessageId, cause?: unknown, options?: Partial<AlertInput>) => number;
  /** An error alert whose text is the thrown error's own catalogue message (with its params). */
  apiError: (error: unknown, options?: Partial<AlertInput>) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

const AlertsContext = createContext<AlertsApi | null>(null);

const ICONS: Record<AlertKind, ReactNode> = {
  error: <IconX size={18} />,
  success: <IconCheck size={18} />,
  info: <IconInfoCircle size={18} />,
  warning: <IconAlertTriangle size={18} />,
};
const COLORS: Record<AlertKind, string> = { error: "red", success: "teal", info: "blue", warning: "yellow" };

/**
 * Alerts of spec part 1 §8: at most 3 at once (the oldest leaves), timed ones hide after 3 s,
 * all cleared on every navigation.
 */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());
  const location = useLocation();

  const dismiss = useCallback((id: number) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) {
      window.clearTimeout(timer);
      timers.current.delete(id);
    }
    setAlerts((list) => list.filter((a) => a.id !== id));
  }, []);

  const show = useCallback(
    (input: AlertInput) => {
      const id = nextId.current++;
      const item: AlertItem = {
        ...input,
        id,
        timed: input.timed ?? input.kind !== "error",
        keepOnNavigation: input.keepOnNavigation ?? false,
      };
      setAlerts((list) => [...list, item].slice(-ALERTS_MAX));
      if (item.timed) {
        timers.current.set(
          id,
          window.setTimeout(() => {
            dismiss(id);
          }, ALERT_HIDE_MS),
        );
      }
      return id;
    },
    [dismiss],
  );

  const clear = useCallback(() => {
    setAlerts((list) => list.filter((a) => a.keepOnNavigation).map((a) => ({ ...a, keepOnNavigation: false })));
  }, []);

  // Cleared on every navigation (spec part 1 §2), except alerts made for the page one lands on.
  const firstLocation = useRef(true);
  useEffect(() => {
    if (firstLocation.current) {
      firstLocation.current = false;
      return;
    }
    clear();
  }, [location.pathname, location.search, clear]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) {
        window.clearTimeout(timer);
      }
    };
  }, []);

  const value = useMemo<AlertsApi>(
    () => ({
      show,
      dismiss,
      clear,
      success: (message, values, options) => show({ kind: "success", message, values, ...options }),
      info: (message, values, options) => show({ kind: "info", message, values, ...options }),
      error: (message, cause, options) => show({ kind: "error", message, cause, ...options }),
      apiError: (error, options) =>
        show({
          kind: "error",
          message: isApiError(error) ? error.code : "error.unknown",
          values: isApiError(error) ? error.params : undefined,
          ...options,
        }),
    }),
    [show, dismiss, clear],
  );

  return (
    <AlertsContext.Provider value={value}>
      {children}
      <AlertStack alerts={alerts} onClose={dismiss} />
    </AlertsContext.Provider>
  );
}

function AlertStack({ alerts, onClose }: { alerts: AlertItem[]; onClose: (id: number) => void }) {
  const intl = useIntl();
  if (alerts.length === 0) {
    return null;
  }
  return (
    <Stack className={classes.stack} gap="xs" aria-live="polite">
      {alerts.map((alert) => (
        <Notification
          key={alert.id}
          color={COLORS[alert.kind]}
          icon={ICONS[alert.kind]}
          withBorder
          className={classes.alert}
          closeButtonProps={{ "aria-label": intl.formatMessage({ id: "common.close" }) }}
          onClose={() => {
            onClose(alert.id);
          }}
          data-kind={alert.kind}
        >
          {alertText(intl, alert)}
        </Notification>
      ))}
    </Stack>
  );
}

function alertText(intl: ReturnType<typeof useIntl>, alert: AlertItem): string {
  const text = formatKey(intl, alert.message, alert.values);
  const cause = alert.cause;
  if (!isApiError(cause) || cause.code === alert.message) {
    return text;
  }
  const detail = hasMessage(intl, cause.code) && cause.code !== "error.unknown" ? formatKey(intl, cause.code, cause.params) : cause.message;
  return detail && detail !== text ? `${text} — ${detail}` : text;
}

export function useAlerts(): AlertsApi {
  const value = useContext(AlertsContext);
  if (!value) {
    throw new Error("useAlerts outside AlertsProvider");
  }
  return value;
}

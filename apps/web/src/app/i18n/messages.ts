import type { IntlShape } from "react-intl";
import type { MessageId } from "@relais/shared";
import { isApiError } from "../../api/index.ts";

export type MessageValues = Record<string, string | number>;

/**
 * Whether the catalogue shown has `key` (the loaded language's catalogue, not @relais/shared's
 * two-language one, which the browser does not download: decision 0016).
 */
export function hasMessage(intl: IntlShape, key: string): key is MessageId {
  return Object.prototype.hasOwnProperty.call(intl.messages, key);
}

/**
 * Text of a catalogue key that arrives at run time (a server error code, a zod issue message).
 * A key the catalogue does not know falls back to `fallback` rather than showing a raw key.
 */
export function formatKey(intl: IntlShape, key: string, values?: MessageValues, fallback: MessageId = "error.unknown"): string {
  const id: MessageId = hasMessage(intl, key) ? key : fallback;
  return intl.formatMessage({ id }, values);
}

/** The catalogue text of any thrown error: an ApiError's code with its params, else error.unknown. */
export function formatError(intl: IntlShape, error: unknown): string {
  if (isApiError(error)) {
    return formatKey(intl, error.code, error.params);
  }
  return intl.formatMessage({ id: "error.unknown" });
}

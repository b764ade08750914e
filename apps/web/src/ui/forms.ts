import { useCallback } from "react";
import { useIntl } from "react-intl";
import { toE164 } from "@relais/shared";
import { isApiError } from "../api/index.ts";
import { formatKey, type MessageValues } from "../app/i18n/messages.ts";

/** A field's problem: a catalogue key (validation.*, error.*) and its ICU values. */
type FieldMessage = { key: string; values?: MessageValues };
/** Problems by field path, dot-joined (`name.fr-CA`, `schedule.week.1.end`). */
export type FieldErrors = Record<string, FieldMessage>;

/** The part of a zod issue a form needs; zod's own issues satisfy it. */
export type IssueLike = { path: readonly PropertyKey[]; message: string; code?: string; maximum?: unknown };

export type SafeParser<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
};

function pathKey(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join(".");
}

/** Zod issues → field messages. The shared schemas use catalogue keys as issue messages. */
export function issuesToErrors(issues: readonly IssueLike[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = pathKey(issue.path);
    if (key in out) {
      continue;
    }
    const isKey = /^(validation|error)\./.test(issue.message);
    if (issue.code === "too_big" && typeof issue.maximum === "number") {
      out[key] = { key: "validation.max-length", values: { maxLength: issue.maximum } };
    } else {
      out[key] = { key: isKey ? issue.message : "validation.invalid" };
    }
  }
  return out;
}

/** Validate with a shared schema: the parsed value, or the problems by field. */
export function validate<T>(schema: SafeParser<T>, value: unknown): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(value);
  if (result.success) {
    return { data: result.data, errors: null };
  }
  return { data: null, errors: issuesToErrors(result.error.issues) };
}

/**
 * Fields the server refused (`error.fields`), in the same shape as local problems, with the
 * answer's values ("Maximum de {maxLength} caractères." needs its number).
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (isApiError(error)) {
    for (const field of error.fields) {
      out[field.path] = Object.keys(error.params).length ? { key: field.code, values: error.params } : { key: field.code };
    }
  }
  return out;
}

/** Text of a field's problem, or undefined when it has none (Mantine's `error` prop). */
export function useFieldError(errors: FieldErrors | null | undefined): (path: string) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (path: string) => {
      const problem = errors?.[path];
      return problem ? formatKey(intl, problem.key, problem.values, "validation.invalid") : undefined;
    },
    [errors, intl],
  );
}

/** A typed phone number as a request sends it: E.164 when it reads as one, else as typed (the schema then refuses it), null when blank. */
export function phoneOrNull(typed: string): string | null {
  const text = nullIfBlank(typed);
  return text ? (toE164(text) ?? text) : null;
}

/** Empty text → null, for optional fields the contracts declare nullable. */
export function nullIfBlank(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

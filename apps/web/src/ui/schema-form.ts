import type { SyntheticEvent } from "react";
import { useIntl } from "react-intl";
import { useForm, type UseFormReturnType } from "@mantine/form";
import { formatKey } from "../app/i18n/messages.ts";
import { serverFieldErrors, validate, type FieldErrors, type SafeParser } from "./forms.ts";

type FormValues = Record<string, unknown>;

export type SchemaForm<Values extends FormValues, Request> = {
  /** Mantine's form: `form.getInputProps(path)` wires a field's value, change and error. */
  form: UseFormReturnType<Values>;
  /**
   * The form's submit handler: checks the request built from the values with the shared schema,
   * shows each problem under its field, and calls `onValid` only with a request the server's own
   * schema accepts.
   */
  submit: (onValid: (request: Request) => void) => (event?: SyntheticEvent) => void;
  /**
   * Shows the fields a server answer refused (`error.fields`) under those fields; `under`: the
   * form path of the request that was refused, when the form sends more than one.
   */
  showServerErrors: (error: unknown, under?: string) => void;
};

/**
 * A form on a shared contract (issue 10 §4): the values live in Mantine's form, the rules in the
 * zod schema the server validates with, so a form never repeats a rule; problems are catalogue keys
 * shown in the interface's language. `toRequest` builds the request from the values when the form
 * holds them in another shape (a map of memberships sent as a list, a token from the address).
 * Errors are keyed by the request's paths; a field whose path differs reads `form.errors[path]`.
 */
export function useSchemaForm<Values extends FormValues, Request>(options: {
  schema: SafeParser<Request>;
  initialValues: Values;
  toRequest?: (values: Values) => unknown;
  /** Rules of the form alone, checked beside the schema's (the server decides in the end). */
  check?: (values: Values) => FieldErrors | null;
}): SchemaForm<Values, Request> {
  const intl = useIntl();
  const form = useForm<Values>({ mode: "controlled", initialValues: options.initialValues });
  const { schema, toRequest, check } = options;

  const show = (errors: FieldErrors | null): void => {
    const texts: Record<string, string> = {};
    for (const [path, problem] of Object.entries(errors ?? {})) {
      texts[path] = formatKey(intl, problem.key, problem.values, "validation.invalid");
    }
    form.setErrors(texts);
  };

  const submit = (onValid: (request: Request) => void) => (event?: SyntheticEvent) => {
    event?.preventDefault();
    const values = form.getValues();
    const result = validate(schema, toRequest ? toRequest(values) : values);
    const own = check?.(values) ?? null;
    show(result.errors || own ? { ...own, ...result.errors } : null);
    if (result.data !== null && !own) onValid(result.data);
  };

  const showServerErrors = (error: unknown, under?: string): void => {
    const errors = serverFieldErrors(error);
    show(under ? Object.fromEntries(Object.entries(errors).map(([path, problem]) => [`${under}.${path}`, problem])) : errors);
  };

  return { form, submit, showServerErrors };
}

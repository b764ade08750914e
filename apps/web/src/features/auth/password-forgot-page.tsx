import { useState, type SyntheticEvent } from "react";
import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft, IconMailCheck } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { passwordForgotRequest } from "@relais/shared";
import { useUiLocale } from "../../app/i18n/i18n-provider.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { useFieldError, validate, type FieldErrors } from "../../ui/forms.ts";
import { AuthCard, useLangSearch } from "./auth-card.tsx";
import { usePasswordForgot } from "./api.ts";

/** /password-forgot: whatever the address, the same neutral confirmation (no account probing). */
export function PasswordForgotPage() {
  const intl = useIntl();
  const locale = useUiLocale();
  const langSearch = useLangSearch();
  const forgot = usePasswordForgot();
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const fieldError = useFieldError(errors);

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const result = validate(passwordForgotRequest, { email, locale });
    setErrors(result.errors);
    if (result.data) {
      forgot.mutate(result.data);
    }
  };

  const back = (
    <Anchor component={Link} to={`/login${langSearch}`} size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: "middle", marginRight: 4 }} aria-hidden />
      <FormattedMessage id="auth.back-to-login" />
    </Anchor>
  );

  if (forgot.isSuccess) {
    return (
      <AuthCard title={<FormattedMessage id="auth.forgot.title" />}>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} role="status">
          <FormattedMessage id="auth.forgot.sent" />
        </Alert>
        {back}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<FormattedMessage id="auth.forgot.title" />} subtitle={<FormattedMessage id="auth.forgot.subtitle" />}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {forgot.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {formatError(intl, forgot.error)}
            </Alert>
          ) : null}
          <TextInput
            label={intl.formatMessage({ id: "auth.email" })}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
            }}
            error={fieldError("email")}
            autoFocus
          />
          <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
            <FormattedMessage id="auth.forgot.submit" />
          </Button>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}

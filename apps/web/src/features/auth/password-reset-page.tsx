import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, useNavigate, useSearchParams } from "react-router";
import { passwordResetRequest } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";
import { AuthCard, useLangSearch } from "./auth-card.tsx";
import { PasswordRules } from "./password-rules.tsx";
import { usePasswordReset } from "./api.ts";

/** /password-reset?token=…: a new password with its rules shown live, then back to login. */
export function PasswordResetPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const [params] = useSearchParams();
  const langSearch = useLangSearch();
  const reset = usePasswordReset();
  const token = params.get("token") ?? "";
  const { form, submit } = useSchemaForm({
    schema: passwordResetRequest,
    initialValues: { password: "", confirmation: "" },
    toRequest: (values) => ({ ...values, token }),
  });

  const back = (
    <Anchor component={Link} to={`/login${langSearch}`} size="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: "middle", marginRight: 4 }} aria-hidden />
      <FormattedMessage id="auth.back-to-login" />
    </Anchor>
  );

  if (!token) {
    return (
      <AuthCard title={<FormattedMessage id="auth.reset.title" />}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          <FormattedMessage id="error.password-reset-invalid" />
        </Alert>
        <Anchor component={Link} to={`/password-forgot${langSearch}`} size="sm">
          <FormattedMessage id="auth.reset.ask-again" />
        </Anchor>
        {back}
      </AuthCard>
    );
  }

  const save = submit((request) => {
    reset.mutate(request, {
      onSuccess: () => {
        alerts.success("auth.reset.success", undefined, { keepOnNavigation: true, timed: false });
        void navigate(`/login${langSearch}`, { replace: true });
      },
    });
  });

  // The rules list speaks for itself; a single "password" problem line would repeat one rule.
  const passwordError = form.errors["password"] ? intl.formatMessage({ id: "auth.reset.follow-rules" }) : undefined;

  return (
    <AuthCard title={<FormattedMessage id="auth.reset.title" />} subtitle={<FormattedMessage id="auth.reset.subtitle" />}>
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          {form.errors["token"] ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              <FormattedMessage id="error.password-reset-invalid" />
            </Alert>
          ) : null}
          {reset.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {formatError(intl, reset.error)}
            </Alert>
          ) : null}
          <PasswordInput
            label={intl.formatMessage({ id: "auth.new-password" })}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
            error={passwordError}
            aria-describedby="password-rules"
            visibilityToggleButtonProps={{ "aria-label": intl.formatMessage({ id: "auth.toggle-password" }) }}
            autoFocus
          />
          <PasswordRules password={form.getValues().password} id="password-rules" />
          <PasswordInput
            label={intl.formatMessage({ id: "auth.confirm-password" })}
            autoComplete="new-password"
            required
            {...form.getInputProps("confirmation")}
            visibilityToggleButtonProps={{ "aria-label": intl.formatMessage({ id: "auth.toggle-password" }) }}
          />
          <Button type="submit" size="md" fullWidth loading={reset.isPending}>
            <FormattedMessage id="auth.reset.submit" />
          </Button>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}

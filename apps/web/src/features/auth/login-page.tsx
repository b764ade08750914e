import { useState, type SyntheticEvent } from "react";
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { IconAlertCircle, IconClockHour4, IconLogout } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { loginRequest } from "@relais/shared";
import { useSessionContext } from "../../app/session/session.tsx";
import { formatError } from "../../app/i18n/messages.ts";
import { HOME_PATH } from "../../app/paths.ts";
import { FullPageLoader } from "../../ui/loaders.tsx";
import { useFieldError, validate, type FieldErrors } from "../../ui/forms.ts";
import { AuthCard, useLangSearch } from "./auth-card.tsx";
import { useLogin } from "./api.ts";

/** /login (spec part 1 §2): `?lang=en` opens it in English, `?expired=1` says the session ended,
 * `?signed-out=1` that the person signed out in another tab. */
export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const langSearch = useLangSearch();
  const { state, signIn } = useSessionContext();
  const login = useLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const fieldError = useFieldError(errors);

  if (state.status === "loading") {
    return <FullPageLoader />;
  }
  if (state.status === "authenticated" && !login.isPending) {
    return <Navigate to={HOME_PATH} replace />;
  }

  const expired = params.get("expired") === "1";
  const signedOutElsewhere = params.get("signed-out") === "1";

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const result = validate(loginRequest, { username, password });
    setErrors(result.errors);
    if (!result.data) {
      return;
    }
    login.mutate(result.data, {
      onSuccess: (answer) => {
        signIn(answer);
        void navigate(HOME_PATH, { replace: true });
      },
    });
  };

  return (
    <AuthCard title={<FormattedMessage id="auth.login.title" />} subtitle={<FormattedMessage id="auth.login.subtitle" />}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {expired && !login.isError ? (
            <Alert color="orange" variant="light" icon={<IconClockHour4 size={18} />} data-testid="session-expired">
              <FormattedMessage id="error.session-expired" />
            </Alert>
          ) : null}
          {signedOutElsewhere && !expired && !login.isError ? (
            <Alert color="blue" variant="light" icon={<IconLogout size={18} />} data-testid="signed-out-elsewhere">
              <FormattedMessage id="auth.login.signed-out-elsewhere" />
            </Alert>
          ) : null}
          {login.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
              {formatError(intl, login.error)}
            </Alert>
          ) : null}
          <TextInput
            label={intl.formatMessage({ id: "auth.email" })}
            type="email"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => {
              setUsername(e.currentTarget.value);
            }}
            error={fieldError("username")}
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label={intl.formatMessage({ id: "auth.password" })}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
            }}
            error={fieldError("password")}
            visibilityToggleButtonProps={{
              "aria-label": intl.formatMessage({ id: "auth.toggle-password" }),
            }}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={`/password-forgot${langSearch}`} size="sm">
              <FormattedMessage id="auth.login.forgot" />
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={login.isPending}>
            <FormattedMessage id="auth.login.submit" />
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

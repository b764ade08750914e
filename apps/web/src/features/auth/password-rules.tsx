import { List, ThemeIcon } from "@mantine/core";
import { IconCheck, IconPoint } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { passwordProblems, type PasswordProblem } from "@relais/shared";

/** The rules of spec part 1 §5, in the order passwordProblems reports them. */
const RULES: PasswordProblem[] = [
  "validation.password-min-length",
  "validation.password-lowercase",
  "validation.password-uppercase",
  "validation.password-digit",
  "validation.password-special",
];

/** Each password rule with its own message, ticked live as the person types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const intl = useIntl();
  const broken = new Set(passwordProblems(password));
  return (
    <List id={id} size="sm" spacing={6} aria-label={intl.formatMessage({ id: "auth.password-rules" })} aria-live="polite" center>
      {RULES.map((rule) => {
        const ok = !broken.has(rule);
        return (
          <List.Item
            key={rule}
            data-rule={rule}
            data-ok={ok}
            c={ok ? "teal.8" : "dimmed"}
            lh={1.35}
            icon={
              <ThemeIcon size={18} radius="xl" color={ok ? "teal" : "gray"} variant={ok ? "filled" : "light"}>
                {ok ? <IconCheck size={12} /> : <IconPoint size={12} />}
              </ThemeIcon>
            }
          >
            <FormattedMessage id={rule} />
          </List.Item>
        );
      })}
    </List>
  );
}

import type { ReactNode } from "react";
import { Box, Checkbox, Group, NativeSelect, ScrollArea, Text } from "@mantine/core";
import { useIntl } from "react-intl";
import { TEAM_ROLES, type TeamRole } from "@relais/shared";
import { TEAM_ROLE_LABELS } from "../users/labels.ts";
import classes from "./member-picker.module.css";

interface PickableItem {
  id: string;
  label: string;
  hint?: string;
}

interface Props {
  items: PickableItem[];
  /** Chosen items with their team role. */
  value: Record<string, TeamRole>;
  onChange: (value: Record<string, TeamRole>) => void;
  /** Role name used in the accessible label of each role select ("Rôle de {name}"). */
  roleLabel: "config.members.role-of" | "config.users.role-in";
  defaultRole?: TeamRole;
  error?: ReactNode;
}

/**
 * A checklist with a team role per checked line: the members of a new team, or the teams of a
 * new user.
 */
export function MemberPicker({ items, value, onChange, roleLabel, defaultRole = "user", error }: Props) {
  const intl = useIntl();
  const roleOptions = TEAM_ROLES.map((r) => ({ value: r, label: intl.formatMessage({ id: TEAM_ROLE_LABELS[r] }) }));

  return (
    <Box>
      <ScrollArea.Autosize mah={260} className={classes.memberPicker} type="auto">
        {items.map((item) => {
          const role = value[item.id];
          const checked = role !== undefined;
          return (
            <Group key={item.id} justify="space-between" wrap="nowrap" className={classes.memberPickerRow}>
              <Checkbox
                label={item.label}
                description={item.hint}
                checked={checked}
                onChange={(e) => {
                  onChange(
                    e.currentTarget.checked
                      ? { ...value, [item.id]: defaultRole }
                      : Object.fromEntries(Object.entries(value).filter(([id]) => id !== item.id)),
                  );
                }}
              />
              <NativeSelect
                size="xs"
                w={150}
                aria-label={intl.formatMessage({ id: roleLabel }, { name: item.label })}
                data={roleOptions}
                value={role ?? defaultRole}
                disabled={!checked}
                onChange={(e) => {
                  const next = e.currentTarget.value;
                  if (next === "admin" || next === "user") {
                    onChange({ ...value, [item.id]: next });
                  }
                }}
              />
            </Group>
          );
        })}
      </ScrollArea.Autosize>
      {error ? (
        <Text size="xs" c="red" mt={6} role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

import { Box } from "@mantine/core";
import { USER_STATUSES, type UserStatus } from "@relais/shared";

const STATUS_COLORS: Record<UserStatus, string> = {
  online: "var(--mantine-color-teal-6)",
  busy: "var(--mantine-color-orange-6)",
  offline: "var(--mantine-color-gray-5)",
};

/** The coloured dot beside a person's status. */
export function StatusDot({ status }: { status: UserStatus }) {
  return (
    <Box
      component="span"
      w={10}
      h={10}
      style={{ borderRadius: "50%", background: STATUS_COLORS[status], display: "inline-block", flex: "none" }}
      aria-hidden
    />
  );
}

export function isUserStatus(value: string | null): value is UserStatus {
  return value !== null && (USER_STATUSES as readonly string[]).includes(value);
}

import { FormattedMessage } from "react-intl";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useSessionContext } from "../session/session.tsx";

/** Logout asks first (spec part 1 §2); a failed logout still lands on the login screen. */
export function LogoutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { signOut } = useSessionContext();
  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      danger={false}
      title={<FormattedMessage id="dialog.logout.title" />}
      message={<FormattedMessage id="dialog.logout.message" />}
      confirmLabel={<FormattedMessage id="dialog.logout.confirm" />}
      onConfirm={() => signOut("user")}
    />
  );
}

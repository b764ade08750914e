import { Suspense, useState, type ReactNode } from "react";
import { VisuallyHidden } from "@mantine/core";
import { NavLink, useNavigate } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import {
  IconAddressBook,
  IconBooks,
  IconCalendarEvent,
  IconCalendarTime,
  IconHelpCircle,
  IconInfoCircle,
  IconLifebuoy,
  IconLogout,
  IconMessageBolt,
  IconMessages,
  IconSettings,
  IconStethoscope,
  IconTerminal2,
  IconUsersGroup,
} from "@tabler/icons-react";
import { APP_VERSION, type MessageId } from "@relais/shared";
import { useSession } from "../session/session.tsx";
import { usePendingNotifications } from "./pending-notifications.tsx";
import { DrawerDialogs, type DrawerDialog } from "./drawer-dialogs.tsx";
import { cx } from "../../ui/cx.ts";
import { lazyPart } from "../lazy/lazy-screen.tsx";
import classes from "./shell.module.css";

const ICON_SIZE = 22;

/** The help menu, fetched as the drawer shows (shell-controls.tsx); until then its button alone. */
const HelpMenu = lazyPart("shell-controls", () => import("./shell-controls.tsx").then((m) => m.HelpMenu));

interface LinkItem {
  to: string;
  label: MessageId;
  icon: ReactNode;
}

function linkClass({ isActive }: { isActive: boolean }): string {
  return cx(classes.item, isActive && classes.active);
}

function DrawerLink({ item, dot = false }: { item: LinkItem; dot?: boolean }) {
  return (
    <NavLink to={item.to} className={linkClass}>
      <span className={classes.icon}>
        {item.icon}
        {dot ? (
          <span className={classes.dot}>
            <VisuallyHidden>
              <FormattedMessage id="nav.pending" />
            </VisuallyHidden>
          </span>
        ) : null}
      </span>
      <span className={classes.label}>
        <FormattedMessage id={item.label} />
      </span>
    </NavLink>
  );
}

/**
 * Left drawer of spec part 1 §2: collapsed to icons, expanding over the content on hover (or
 * keyboard focus). Top: the work areas; bottom: devops, help, version, logout.
 */
export function NavDrawer() {
  const session = useSession();
  const { pending } = usePendingNotifications();
  const navigate = useNavigate();
  const intl = useIntl();
  const [helpOpen, setHelpOpen] = useState(false);
  const [dialog, setDialog] = useState<DrawerDialog | null>(null);
  const { organization, abilities } = session;

  // Spec part 1 §2's seven work areas, in its order (Consultations only on the allow-list).
  const top: LinkItem[] = [
    { to: "/conversations", label: "nav.conversations", icon: <IconMessages size={ICON_SIZE} /> },
    { to: "/text-bloc", label: "nav.text-bloc", icon: <IconMessageBolt size={ICON_SIZE} /> },
    { to: "/material/2", label: "nav.material", icon: <IconBooks size={ICON_SIZE} /> },
    ...(organization.consultationsEnabled
      ? [{ to: "/consultations", label: "nav.consultations", icon: <IconStethoscope size={ICON_SIZE} /> } as const]
      : []),
    { to: "/contacts", label: "nav.contacts", icon: <IconAddressBook size={ICON_SIZE} /> },
    { to: "/configuration", label: "nav.configuration", icon: <IconSettings size={ICON_SIZE} /> },
    { to: "/faq", label: "nav.faq", icon: <IconHelpCircle size={ICON_SIZE} /> },
  ];
  // What Relais adds to the spec's screens: its own group right below the seven (decision 0027).
  const planning: LinkItem[] = [
    { to: "/agenda", label: "nav.agenda", icon: <IconCalendarEvent size={ICON_SIZE} /> },
    { to: "/scheduled-messages", label: "nav.scheduled-messages", icon: <IconCalendarTime size={ICON_SIZE} /> },
    { to: "/members", label: "nav.members", icon: <IconUsersGroup size={ICON_SIZE} /> },
  ];

  const helpButton = (
    <button type="button" className={classes.item} aria-haspopup="menu">
      <span className={classes.icon}>
        <IconLifebuoy size={ICON_SIZE} />
      </span>
      <span className={classes.label}>
        <FormattedMessage id="nav.help" />
      </span>
    </button>
  );

  const versionText = intl.formatMessage({ id: "nav.version" }, { version: APP_VERSION });

  return (
    <div className={classes.slot}>
      <nav className={classes.drawer} data-pinned={helpOpen ? "true" : "false"} aria-label={intl.formatMessage({ id: "nav.label" })}>
        <div className={classes.brand}>
          <span className={classes.brandMark} aria-hidden>
            R
          </span>
          <span className={cx(classes.label, classes.brandName)}>
            <FormattedMessage id="app.name" />
          </span>
        </div>

        <div className={classes.group}>
          {top.map((item, index) => (
            <DrawerLink key={item.to} item={item} dot={index === 0 && pending} />
          ))}
        </div>
        <div className={classes.divider} role="presentation" />
        <div className={classes.group} data-testid="drawer-planning">
          {planning.map((item) => (
            <DrawerLink key={item.to} item={item} />
          ))}
        </div>

        <div className={classes.spacer} />

        <div className={classes.group}>
          {abilities.maintenance ? (
            <DrawerLink item={{ to: "/devops", label: "nav.devops", icon: <IconTerminal2 size={ICON_SIZE} /> }} />
          ) : null}

          <Suspense fallback={helpButton}>
            <HelpMenu
              target={helpButton}
              opened={helpOpen}
              onChange={setHelpOpen}
              onHelpCenter={() => {
                void navigate("/faq");
              }}
              onReportProblem={() => {
                setDialog("report");
              }}
              onTalkToSupport={() => {
                setDialog("support");
              }}
            />
          </Suspense>

          {organization.franceRegion ? (
            <div className={classes.item} data-static="true">
              <span className={classes.icon}>
                <IconInfoCircle size={ICON_SIZE} />
              </span>
              <span className={cx(classes.label, classes.version)}>{versionText}</span>
            </div>
          ) : (
            <NavLink to="/release-notes" className={linkClass} title={intl.formatMessage({ id: "nav.release-notes" })}>
              <span className={classes.icon}>
                <IconInfoCircle size={ICON_SIZE} />
              </span>
              <span className={cx(classes.label, classes.version)}>{versionText}</span>
            </NavLink>
          )}

          <button
            type="button"
            className={classes.item}
            onClick={() => {
              setDialog("logout");
            }}
          >
            <span className={classes.icon}>
              <IconLogout size={ICON_SIZE} />
            </span>
            <span className={classes.label}>
              <FormattedMessage id="nav.logout" />
            </span>
          </button>
        </div>
      </nav>

      <DrawerDialogs
        open={dialog}
        onClose={() => {
          setDialog(null);
        }}
      />
    </div>
  );
}

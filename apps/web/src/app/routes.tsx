import type { ReactNode } from "react";
import { ComingSoonBare, ComingSoonPage } from "../features/coming-soon/coming-soon-page.tsx";
import { LoginPage } from "../features/auth/login-page.tsx";
import { PasswordForgotPage } from "../features/auth/password-forgot-page.tsx";
import { PasswordResetPage } from "../features/auth/password-reset-page.tsx";
import { ConfigurationPage } from "../features/configuration/configuration-page.tsx";
import { DevopsPage } from "../features/devops/devops-page.tsx";
import { ConversationsPage } from "../features/conversations/conversations-page.tsx";
import { ContactsPage } from "../features/contacts/contacts-page.tsx";
import { AgendaPage } from "../features/agenda/agenda-page.tsx";
import { AvailabilitiesPage } from "../features/agenda/availabilities-page.tsx";
import { ContactImportPage } from "../features/contact-import/contact-import-page.tsx";
import { SimulatorPage } from "../features/simulator/simulator-page.tsx";
import { TemplateEditorPage } from "../features/text-blocks/template-editor-page.tsx";
import { TextBlocksPage } from "../features/text-blocks/text-blocks-page.tsx";
import { ScheduledMessagesPage } from "../features/scheduled-messages/scheduled-messages-page.tsx";

/**
 * Flags of spec part 1 §2: `auth` needs a session (else /login); `nav` shows the left drawer;
 * `menu` shows the top bar. `only` narrows who reaches the screen beyond being signed in.
 */
export interface RouteFlags {
  auth: boolean;
  nav: boolean;
  menu: boolean;
  only?: "devops" | "outside-france";
}

export interface AppRoute extends RouteFlags {
  path: string;
  element: ReactNode;
}

const open = { auth: false, nav: false, menu: false } as const;
const shell = { auth: true, nav: true, menu: true } as const;
const bare = { auth: true, nav: false, menu: false } as const;

/** Every route of spec part 1 §2. Any other path goes to /login (see router.tsx). */
export const ROUTES: AppRoute[] = [
  { path: "/onboarding", ...open, element: <ComingSoonBare area="onboarding" backTo="/login" /> },
  { path: "/login", ...open, element: <LoginPage /> },
  { path: "/password-forgot", ...open, element: <PasswordForgotPage /> },
  { path: "/password-reset", ...open, element: <PasswordResetPage /> },
  { path: "/secure", ...open, element: <ComingSoonBare area="secure" backTo="/login" /> },
  { path: "/send-file", ...open, element: <ComingSoonBare area="send-file" backTo="/login" /> },
  {
    path: "/verification/error/:provider",
    ...open,
    element: <ComingSoonBare area="verification-error" backTo="/login" />,
  },
  { path: "/verification/success", ...open, element: <ComingSoonBare area="verification-success" backTo="/login" /> },
  // The sandbox network's phone (DESIGN §6), no account needed; it says so itself when the sandbox is off.
  { path: "/simulator", ...open, element: <SimulatorPage /> },

  { path: "/devops", ...shell, only: "devops", element: <DevopsPage /> },
  { path: "/configuration", ...shell, element: <ConfigurationPage /> },
  { path: "/personnalisation", ...shell, element: <ComingSoonPage area="personnalisation" /> },
  { path: "/contacts", ...shell, element: <ContactsPage /> },
  { path: "/contacts/import", ...shell, element: <ContactImportPage /> },
  { path: "/members", ...shell, element: <ComingSoonPage area="members" /> },
  { path: "/members/:id?/availabilities", ...shell, element: <AvailabilitiesPage /> },
  { path: "/conversations", ...shell, element: <ConversationsPage /> },
  { path: "/material/:type", ...shell, element: <ComingSoonPage area="material" /> },
  { path: "/text-bloc", ...shell, element: <TextBlocksPage /> },
  { path: "/scheduled-messages", ...shell, element: <ScheduledMessagesPage /> },
  { path: "/text-template/:mode/:id?", ...shell, element: <TemplateEditorPage /> },
  { path: "/release-notes", ...shell, only: "outside-france", element: <ComingSoonPage area="release-notes" /> },
  { path: "/agenda", ...shell, element: <AgendaPage /> },
  { path: "/faq", ...shell, element: <ComingSoonPage area="faq" /> },

  { path: "/consultations/:id?", ...bare, element: <ComingSoonBare area="consultations" backTo="/conversations" /> },
  {
    path: "/content-management/:operation/:type/:id?",
    ...bare,
    element: <ComingSoonBare area="content-management" backTo="/conversations" />,
  },
];

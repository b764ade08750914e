import type { ComponentType, ReactNode } from "react";
import type { CataloguePartName } from "./i18n/catalogue-part.tsx";
import { lazyPart } from "./lazy/lazy-screen.tsx";
import { loadPhoneNumbers } from "./lazy/phone-numbers.ts";

/*
 * Every screen is loaded on demand, by screen group (spec part 1 §2): a group is one chunk, so
 * /login downloads the sign-in pages and nothing of the signed-in screens (decision 0016).
 */
/** A group whose forms validate typed phone numbers: it shows once libphonenumber is there too. */
function withPhoneNumbers<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadPhoneNumbers()]).then(([group]) => group);
}

/** A screen whose texts are a deferred part of the catalogue: the screen and the part's loader come together. */
function withTexts<P extends object>(part: CataloguePartName, load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([load(), import("./i18n/catalogue-part.tsx")]).then(([Screen, { CataloguePart }]) => (props: P) => (
      <CataloguePart part={part}>
        <Screen {...props} />
      </CataloguePart>
    ));
}

const auth = () => import("./screens/auth.ts");
const comingSoon = () => import("./screens/coming-soon.ts");
const contacts = withPhoneNumbers(() => import("./screens/contacts.ts"));
const agenda = withPhoneNumbers(() => import("./screens/agenda.ts"));
const textBlocks = () => import("./screens/text-blocks.ts");

const LoginPage = lazyPart("auth", () => auth().then((m) => m.LoginPage));
const PasswordForgotPage = lazyPart("auth", () => auth().then((m) => m.PasswordForgotPage));
const PasswordResetPage = lazyPart("password-reset", () => import("./screens/password-reset.ts").then((m) => m.PasswordResetPage));
const ComingSoonPage = lazyPart("coming-soon", () => comingSoon().then((m) => m.ComingSoonPage));
const ComingSoonBare = lazyPart("coming-soon", () => comingSoon().then((m) => m.ComingSoonBare));
// The popup's last stop shares the public placeholders' group: one more group would cost every first page a share of chunk overhead.
const VerificationPage = lazyPart("coming-soon", () => comingSoon().then((m) => m.VerificationPage));
const ContactsPage = lazyPart("contacts", () => contacts().then((m) => m.ContactsPage));
const ContactImportPage = lazyPart(
  "contacts",
  withTexts("import", () => contacts().then((m) => m.ContactImportPage)),
);
const AgendaPage = lazyPart("agenda", () => agenda().then((m) => m.AgendaPage));
const AvailabilitiesPage = lazyPart("agenda", () => agenda().then((m) => m.AvailabilitiesPage));
const MembersPage = lazyPart("agenda", () => agenda().then((m) => m.MembersPage));
const TextBlocksPage = lazyPart("text-blocks", () => textBlocks().then((m) => m.TextBlocksPage));
const TemplateEditorPage = lazyPart("text-blocks", () => textBlocks().then((m) => m.TemplateEditorPage));
const ConversationsPage = lazyPart("conversations", () =>
  import("../features/messaging/conversations-page.tsx").then((m) => m.ConversationsPage),
);
const ConfigurationPage = lazyPart(
  "configuration",
  withPhoneNumbers(withTexts("config", () => import("./screens/configuration-page.tsx").then((m) => m.ConfigurationPage))),
);
const DevopsPage = lazyPart(
  "devops",
  withTexts("devops", () => import("../features/status/devops-page.tsx").then((m) => m.DevopsPage)),
);
const SimulatorPage = lazyPart(
  "simulator",
  withPhoneNumbers(withTexts("simulator", () => import("../features/simulator/simulator-page.tsx").then((m) => m.SimulatorPage))),
);
const ScheduledMessagesPage = lazyPart("scheduled-messages", () =>
  import("../features/scheduled-messages/scheduled-messages-page.tsx").then((m) => m.ScheduledMessagesPage),
);

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
  { path: "/verification/error/:provider", ...open, element: <VerificationPage outcome="error" /> },
  { path: "/verification/success", ...open, element: <VerificationPage outcome="success" /> },
  // The sandbox network's phone (DESIGN §6), no account needed; it says so itself when the sandbox is off.
  { path: "/simulator", ...open, element: <SimulatorPage /> },

  { path: "/devops", ...shell, only: "devops", element: <DevopsPage /> },
  { path: "/configuration", ...shell, element: <ConfigurationPage /> },
  { path: "/personnalisation", ...shell, element: <ComingSoonPage area="personnalisation" /> },
  { path: "/contacts", ...shell, element: <ContactsPage /> },
  { path: "/contacts/import", ...shell, element: <ContactImportPage /> },
  { path: "/members", ...shell, element: <MembersPage /> },
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

import type { ReactNode } from "react";
import { Anchor, Button, Center, Paper, Stack } from "@mantine/core";
import { FormattedMessage } from "react-intl";
import { Link } from "react-router";
import {
  IconAddressBook,
  IconArrowLeft,
  IconBooks,
  IconBrush,
  IconCalendarEvent,
  IconCalendarTime,
  IconFileLock,
  IconFileUpload,
  IconHelpCircle,
  IconLayoutList,
  IconMessageBolt,
  IconNotes,
  IconRocket,
  IconStethoscope,
  IconTemplate,
} from "@tabler/icons-react";
import type { MessageId } from "@relais/shared";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageContainer, PageHeader } from "../../ui/page.tsx";

/** Screens of spec part 1 §2 that later work fills in. */
export type ComingSoonArea =
  | "contacts"
  | "availabilities"
  | "material"
  | "text-bloc"
  | "text-template"
  | "consultations"
  | "content-management"
  | "release-notes"
  | "agenda"
  | "faq"
  | "personnalisation"
  | "onboarding"
  | "secure"
  | "send-file";

const AREAS: Record<ComingSoonArea, { icon: ReactNode; title: MessageId; body: MessageId }> = {
  contacts: { icon: <IconAddressBook />, title: "nav.contacts", body: "soon.contacts" },
  availabilities: { icon: <IconCalendarTime />, title: "screen.availabilities", body: "soon.availabilities" },
  material: { icon: <IconBooks />, title: "nav.material", body: "soon.material" },
  "text-bloc": { icon: <IconMessageBolt />, title: "nav.text-bloc", body: "soon.text-bloc" },
  "text-template": { icon: <IconTemplate />, title: "screen.text-template", body: "soon.text-template" },
  consultations: { icon: <IconStethoscope />, title: "nav.consultations", body: "soon.consultations" },
  "content-management": { icon: <IconLayoutList />, title: "screen.content-management", body: "soon.content-management" },
  "release-notes": { icon: <IconNotes />, title: "screen.release-notes", body: "soon.release-notes" },
  agenda: { icon: <IconCalendarEvent />, title: "screen.agenda", body: "soon.agenda" },
  faq: { icon: <IconHelpCircle />, title: "nav.faq", body: "soon.faq" },
  personnalisation: { icon: <IconBrush />, title: "screen.personnalisation", body: "soon.personnalisation" },
  onboarding: { icon: <IconRocket />, title: "screen.onboarding", body: "soon.onboarding" },
  secure: { icon: <IconFileLock />, title: "screen.secure", body: "soon.secure" },
  "send-file": { icon: <IconFileUpload />, title: "screen.send-file", body: "soon.send-file" },
};

/** Inside the shell: the screen's title, then an honest "coming soon" block. */
export function ComingSoonPage({ area }: { area: ComingSoonArea }) {
  const meta = AREAS[area];
  return (
    <PageContainer>
      <PageHeader title={<FormattedMessage id={meta.title} />} />
      <Paper withBorder p="xl" radius="lg">
        <EmptyState icon={meta.icon} title={<FormattedMessage id="soon.title" />} description={<FormattedMessage id={meta.body} />} />
      </Paper>
    </PageContainer>
  );
}

/** Outside the shell (no nav, no menu): the same block, with a way back. */
export function ComingSoonBare({ area, backTo }: { area: ComingSoonArea; backTo: "/login" | "/conversations" }) {
  const meta = AREAS[area];
  return (
    <Center mih="100%" p="xl">
      <Paper withBorder p="xl" radius="lg" w={560} shadow="sm">
        <Stack gap="md" align="center">
          <EmptyState
            icon={meta.icon}
            title={<FormattedMessage id={meta.title} />}
            description={
              <Stack gap={4} align="center">
                <strong>
                  <FormattedMessage id="soon.title" />
                </strong>
                <span>
                  <FormattedMessage id={meta.body} />
                </span>
              </Stack>
            }
          />
          {backTo === "/conversations" ? (
            <Button component={Link} to={backTo} variant="light" leftSection={<IconArrowLeft size={16} />}>
              <FormattedMessage id="soon.back-to-app" />
            </Button>
          ) : (
            <Anchor component={Link} to={backTo} size="sm">
              <FormattedMessage id="soon.back-to-login" />
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

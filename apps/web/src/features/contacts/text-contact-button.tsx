import { useState } from "react";
import { Button, Tooltip } from "@mantine/core";
import { IconMessage } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import type { Contact } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSession } from "../../app/session/session.tsx";
import { NewConversationDialog } from "../messaging/new-conversation-dialog.tsx";
import { findThreadOf } from "./find-thread.ts";

const conversationPath = (threadId: string) => `/conversations?sid=${threadId}`;

/**
 * "Texter ce contact": opens the current team's conversation with the contact's number, or starts
 * one (a new conversation needs its first text, so the new-conversation dialog asks for it).
 */
export function TextContactButton({ contact }: { contact: Contact }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const session = useSession();
  const [looking, setLooking] = useState(false);
  const [creating, setCreating] = useState(false);
  const phone = contact.phone;

  const button = (
    <Button
      leftSection={<IconMessage size={16} />}
      disabled={!phone}
      loading={looking}
      onClick={() => {
        if (!phone) {
          return;
        }
        setLooking(true);
        findThreadOf(phone, session.userGroup?.id ?? null)
          .then((found) => {
            if (found) {
              void navigate(conversationPath(found.id));
            } else {
              setCreating(true);
            }
          })
          .catch((error: unknown) => alerts.apiError(error))
          .finally(() => {
            setLooking(false);
          });
      }}
    >
      <FormattedMessage id="contacts.text" />
    </Button>
  );

  return (
    <>
      {phone ? button : <Tooltip label={intl.formatMessage({ id: "contacts.text-no-phone" })}>{<span>{button}</span>}</Tooltip>}
      {creating && phone ? (
        <NewConversationDialog
          opened
          initialTo={phone}
          onClose={() => {
            setCreating(false);
          }}
          onCreated={(thread) => {
            setCreating(false);
            void navigate(conversationPath(thread.id));
          }}
        />
      ) : null}
    </>
  );
}

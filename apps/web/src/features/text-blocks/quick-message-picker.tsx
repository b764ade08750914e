import { useState, type KeyboardEvent, type ReactNode } from "react";
import { ActionIcon, CloseButton, Group, Loader, Paper, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconBolt, IconPaperclip } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  appendSignature,
  fillDynamicFields,
  formatBytes,
  quickMessageFileProblem,
  resolveLocale,
  tokensIn,
  unfilledFieldsOf,
  type QuickMessageFileProblem,
  type TextBlock,
} from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSession } from "../../app/session/session.tsx";
import { useContactByPhone, useSignature, useTextBlocks } from "./api.ts";
import { useContactAppointments } from "../agenda/api.ts";
import { dynamicValuesFor, localeForContact, matchesFilter, nextAppointmentOf } from "./dynamic-values.ts";
import classes from "./text-blocks.module.css";

export interface QuickMessages {
  /** Called first by the composer's own key handler: true when the picker used the key. */
  onKeyDown: (e: KeyboardEvent) => boolean;
  /** The text to send (with the signature), or null when unfilled dynamic fields remain. */
  prepare: (text: string) => string | null;
  /** The list (when open) and the unfilled fields, shown just above the composer's text box. */
  panel: ReactNode;
  /** Opens the list without typing "/". */
  button: ReactNode;
  /** The inserted quick message whose file (its "document") goes with the text, or null. */
  document: TextBlock | null;
  /** Forgets the document once the text is sent. */
  clearDocument: () => void;
  /** Sending must wait: a rule of spec part 2 §5 is broken (the panel says which). */
  blocked: boolean;
  /** The signature `prepare` appends is known; a text sent before waits for it. */
  ready: boolean;
}

/**
 * The composer's quick-message picker (spec part 2 §3). Typing "/" at the start of the text opens
 * the list, the rest of the text filters it; ↑ ↓ choose, Enter inserts, Esc closes. The inserted
 * text has its dynamic fields filled from the conversation's contact (looked up by number) and
 * the organisation; a field with no value stays visible and blocks sending until replaced.
 */
export function useQuickMessages({
  text,
  setText,
  contactPhone,
  attachments = 0,
  textOnly = false,
}: {
  text: string;
  setText: (text: string) => void;
  contactPhone: string;
  /** Files picked in the composer (its attachments). */
  attachments?: number;
  /** The form sends text only: a quick message with a file is not inserted (spec part 2 §5). */
  textOnly?: boolean;
}): QuickMessages {
  const intl = useIntl();
  const alerts = useAlerts();
  const session = useSession();
  const [byButton, setByButton] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(0);
  const [document, setDocument] = useState<TextBlock | null>(null);
  // The text as it was when a quick message with a file was refused: the reason shows until it changes.
  const [refusedAt, setRefusedAt] = useState<string | null>(null);

  const slash = text.startsWith("/") && !text.includes("\n");
  const dismissed = dismissedAt !== null && text.startsWith(dismissedAt);
  const open = (slash && !dismissed) || byButton;
  // Nothing is fetched (the contact read is audited) until the person first opens the list.
  if (open && !wanted) setWanted(true);

  const contact = useContactByPhone(wanted ? contactPhone : null);
  const locale = localeForContact(contact.data ?? null, resolveLocale(session.profile.locale));
  const appointments = useContactAppointments(contact.data?.id ?? null);
  const blocks = useTextBlocks(locale, wanted);
  const signature = useSignature();
  const filter = slash && !byButton ? text.slice(1) : "";
  const items = (blocks.data?.items ?? []).filter((b) => matchesFilter(b, filter));
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const missing = tokensIn(text);
  const refused = refusedAt !== null && refusedAt === text;
  const problem: QuickMessageFileProblem | null = refused
    ? "error.quick-message-with-attachment"
    : quickMessageFileProblem({ document: document !== null, attachments, textOnly });

  const close = (): void => {
    setByButton(false);
    setActive(0);
  };

  const insert = (block: TextBlock): void => {
    if (block.attachment && textOnly) {
      if (slash) setDismissedAt(text);
      setRefusedAt(text);
      close();
      return;
    }
    setRefusedAt(null);
    if (block.attachment) setDocument(block);
    const values = dynamicValuesFor(contact.data ?? null, session.organization, locale, {
      nextAppointment: nextAppointmentOf(appointments.data),
    });
    const filled = fillDynamicFields(block.body, values).text;
    setText(slash || text.trim() === "" ? filled : `${text.trimEnd()} ${filled}`);
    close();
  };

  const onKeyDown = (e: KeyboardEvent): boolean => {
    if (!open) return false;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive(items.length === 0 ? 0 : (current + step + items.length) % items.length);
      return true;
    }
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      const chosen = items[current];
      if (chosen) insert(chosen);
      return true;
    }
    if (e.key === "Escape") {
      e.preventDefault();
      if (slash) setDismissedAt(text);
      close();
      return true;
    }
    return false;
  };

  const prepare = (body: string): string | null => {
    const fields = unfilledFieldsOf(body);
    if (fields) {
      // The server's own words (error.unfilled-dynamic-field), so both sides say the same.
      alerts.error("error.unfilled-dynamic-field", undefined, { values: { fields } });
      return null;
    }
    if (problem) {
      return null;
    }
    return appendSignature(body, signature.data?.effective ?? null);
  };

  const list = (): ReactNode => {
    if (blocks.isPending) return <Loader size="xs" m="sm" />;
    if (blocks.isError) {
      return (
        <Text size="sm" c="red" p="sm">
          <FormattedMessage id="text-blocks.load-failed" />
        </Text>
      );
    }
    if (items.length === 0) {
      return (
        <Text size="sm" c="dimmed" p="sm">
          <FormattedMessage id={blocks.data.items.length === 0 ? "text-blocks.empty" : "text-blocks.no-match"} />
        </Text>
      );
    }
    return items.map((block, i) => (
      <UnstyledButton
        key={block.id}
        role="option"
        aria-selected={i === current}
        className={classes.option}
        // Before the text box loses focus, so the composer keeps it.
        onMouseDown={(e) => {
          e.preventDefault();
          insert(block);
        }}
      >
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600} lineClamp={1}>
            {block.title}
          </Text>
          {block.attachment ? <IconPaperclip size={13} aria-label={intl.formatMessage({ id: "text-blocks.attachment" })} /> : null}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {block.body}
        </Text>
      </UnstyledButton>
    ));
  };

  const panel = (
    <>
      <div className={classes.anchor}>
        {open ? (
          <Paper className={classes.picker} shadow="md" withBorder role="listbox" aria-label={intl.formatMessage({ id: "picker.open" })}>
            <Text size="xs" c="dimmed" px="sm" py={4}>
              <FormattedMessage id="picker.hint" />
            </Text>
            {list()}
          </Paper>
        ) : null}
      </div>
      {document?.attachment ? (
        <Group gap={6} mb={4} wrap="nowrap" className={classes.document} data-testid="quick-message-document">
          <IconPaperclip size={14} aria-hidden />
          <Text size="xs" truncate="end">
            <FormattedMessage id="text-blocks.document" values={{ name: document.attachment.filename }} />
            {` · ${formatBytes(document.attachment.size, intl.locale)}`}
          </Text>
          <CloseButton
            size="sm"
            aria-label={intl.formatMessage({ id: "text-blocks.document-remove" })}
            onClick={() => {
              setDocument(null);
            }}
          />
        </Group>
      ) : null}
      {problem ? (
        <Text role="alert" size="sm" c="red.8" mb={4} data-testid="quick-message-rule">
          <FormattedMessage id={problem} />
        </Text>
      ) : null}
      {missing.length > 0 ? (
        <Text size="xs" c="orange.8" mb={4} data-testid="unfilled-fields">
          <FormattedMessage id="error.unfilled-dynamic-field" values={{ fields: unfilledFieldsOf(text) }} />
        </Text>
      ) : null}
    </>
  );

  const button = (
    <Tooltip label={intl.formatMessage({ id: "picker.open" })}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={intl.formatMessage({ id: "picker.open" })}
        onMouseDown={(e) => {
          e.preventDefault();
        }}
        onClick={() => {
          setByButton((v) => !v);
          setActive(0);
        }}
      >
        <IconBolt size={18} />
      </ActionIcon>
    </Tooltip>
  );

  return {
    onKeyDown,
    prepare,
    panel,
    button,
    document,
    clearDocument: () => {
      setDocument(null);
    },
    blocked: problem !== null,
    // A signature that failed to load lets texts go unsigned rather than never.
    ready: !signature.isPending,
  };
}

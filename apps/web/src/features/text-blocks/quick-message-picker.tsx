import { useState, type KeyboardEvent, type ReactNode } from "react";
import { ActionIcon, Loader, Paper, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { IconBolt } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { appendSignature, fillDynamicFields, resolveLocale, tokensIn, type TextBlock } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSession } from "../../app/session/session.tsx";
import { useContactByPhone, useSignature, useTextBlocks } from "./api.ts";
import { dynamicValuesFor, localeForContact, matchesFilter } from "./dynamic-values.ts";
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
}: {
  text: string;
  setText: (text: string) => void;
  contactPhone: string;
}): QuickMessages {
  const intl = useIntl();
  const alerts = useAlerts();
  const session = useSession();
  const [byButton, setByButton] = useState(false);
  const [dismissedAt, setDismissedAt] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(0);

  const slash = text.startsWith("/") && !text.includes("\n");
  const dismissed = dismissedAt !== null && text.startsWith(dismissedAt);
  const open = (slash && !dismissed) || byButton;
  // Nothing is fetched (the contact read is audited) until the person first opens the list.
  if (open && !wanted) setWanted(true);

  const contact = useContactByPhone(wanted ? contactPhone : null);
  const locale = localeForContact(contact.data ?? null, resolveLocale(session.profile.locale));
  const blocks = useTextBlocks(locale, wanted);
  const signature = useSignature();
  const filter = slash && !byButton ? text.slice(1) : "";
  const items = (blocks.data?.items ?? []).filter((b) => matchesFilter(b, filter));
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const missing = tokensIn(text);

  const close = (): void => {
    setByButton(false);
    setActive(0);
  };

  const insert = (block: TextBlock): void => {
    const filled = fillDynamicFields(block.body, dynamicValuesFor(contact.data ?? null, session.organization, locale)).text;
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
    if (tokensIn(body).length > 0) {
      alerts.error("text-blocks.unfilled-fields");
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
        <Text size="sm" fw={600} lineClamp={1}>
          {block.title}
        </Text>
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
      {missing.length > 0 ? (
        <Text size="xs" c="orange.8" mb={4} data-testid="unfilled-fields">
          <FormattedMessage id="picker.missing" values={{ fields: missing.map((name) => `{{${name}}}`).join(", ") }} />
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

  return { onKeyDown, prepare, panel, button };
}

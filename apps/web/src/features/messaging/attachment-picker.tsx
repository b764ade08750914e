import { useRef } from "react";
import { ActionIcon, CloseButton, FileButton, Loader, Text, Tooltip } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import { formatBytes } from "@relais/shared";
import { ATTACHMENT_ACCEPT, type Attachment } from "./attachments.ts";
import classes from "./media.module.css";

/** The paperclip of the composer: a button (keyboard reachable) that opens the file picker. */
export function AttachmentButton({ onPick, disabled }: { onPick: (files: File[]) => void; disabled?: boolean }) {
  const intl = useIntl();
  const reset = useRef<() => void>(null);
  const label = intl.formatMessage({ id: "composer.attach" });
  return (
    <FileButton
      resetRef={reset}
      accept={ATTACHMENT_ACCEPT}
      multiple
      disabled={disabled}
      onChange={(files) => {
        onPick(files);
        // The same file may be picked again after being removed.
        reset.current?.();
      }}
    >
      {(props) => (
        <Tooltip label={label} withArrow>
          <ActionIcon {...props} variant="subtle" color="gray" size={36} aria-label={label} disabled={disabled}>
            <IconPaperclip size={20} />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}

/** The files waiting to be sent, each with its name, size and a way to take it back. */
export function AttachmentChips({
  items,
  problem,
  onRemove,
}: {
  items: Attachment[];
  problem: string | null;
  onRemove: (key: string) => void;
}) {
  const intl = useIntl();
  return (
    <>
      {problem ? (
        <Text role="alert" size="sm" c="red.8" className={classes.problem} data-testid="attachment-problem">
          {problem}
        </Text>
      ) : null}
      {items.length ? (
        <ul className={classes.attachments} aria-label={intl.formatMessage({ id: "composer.attachments" })}>
          {items.map((a) => (
            <li key={a.key} className={classes.chip} data-status={a.status}>
              {a.status === "uploading" ? (
                <Loader size={12} role="progressbar" aria-label={intl.formatMessage({ id: "composer.uploading" }, { name: a.name })} />
              ) : (
                <IconPaperclip size={14} aria-hidden />
              )}
              <span className={classes.chipName}>{a.name}</span>
              <span className={classes.chipSize}>{formatBytes(a.size, intl.locale)}</span>
              <CloseButton
                size="sm"
                radius="xl"
                aria-label={intl.formatMessage({ id: "composer.remove-attachment" }, { name: a.name })}
                onClick={() => {
                  onRemove(a.key);
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

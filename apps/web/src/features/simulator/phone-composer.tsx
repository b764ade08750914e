import { useId, useRef, useState } from "react";
import { ActionIcon, Group, Pill, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { IconArrowUp, IconPaperclip } from "@tabler/icons-react";
import { useIntl } from "react-intl";
import { MESSAGE_BODY_MAX, formatBytes, type MessageId } from "@relais/shared";
import { formatError } from "../../app/i18n/messages.ts";
import { useSendFromPhone } from "./api.ts";
import { ATTACHMENT_ACCEPT, attachmentsProblem, toUpload } from "./attachments.ts";
import classes from "./simulator.module.css";

/**
 * What the phone writes: text, and files checked against the shared limits before they are read.
 * Enter sends, Shift+Enter starts a new line.
 */
export function PhoneComposer({ phone, clinic }: { phone: string; clinic: string }) {
  const intl = useIntl();
  const send = useSendFromPhone();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const busy = reading || send.isPending;
  const empty = text.trim().length === 0 && files.length === 0;

  const pick = (picked: File[]): void => {
    const next = [...files, ...picked];
    const wrong = attachmentsProblem(next);
    if (wrong) {
      setProblem(intl.formatMessage({ id: wrong satisfies MessageId }));
      return;
    }
    setProblem(null);
    setFiles(next);
  };

  const submit = async (): Promise<void> => {
    if (empty || busy) {
      return;
    }
    setProblem(null);
    setReading(true);
    try {
      const media = await Promise.all(files.map(toUpload));
      await send.mutateAsync({ from: phone, to: clinic, body: text.trim(), ...(media.length ? { media } : {}) });
      setText("");
      setFiles([]);
    } catch (error) {
      setProblem(formatError(intl, error));
    } finally {
      setReading(false);
    }
  };

  const attachLabel = intl.formatMessage({ id: "simulator.attach" });
  const sendLabel = intl.formatMessage({ id: "simulator.send" });

  return (
    <form
      className={classes.composer}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap={6}>
        {files.length > 0 ? (
          <Group gap={6}>
            {files.map((file, i) => (
              <Pill
                key={`${file.name}-${String(i)}`}
                withRemoveButton
                removeButtonProps={{ "aria-label": intl.formatMessage({ id: "simulator.remove-file" }, { name: file.name }) }}
                onRemove={() => {
                  setFiles((list) => list.filter((_, j) => j !== i));
                }}
              >
                {file.name} · {formatBytes(file.size, intl.locale)}
              </Pill>
            ))}
          </Group>
        ) : null}
        {problem ? (
          <Text size="xs" c="red.8" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group gap={6} wrap="nowrap" align="flex-end">
          <Tooltip label={attachLabel}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              radius="xl"
              aria-label={attachLabel}
              disabled={busy}
              onClick={() => picker.current?.click()}
            >
              <IconPaperclip size={19} />
            </ActionIcon>
          </Tooltip>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            accept={ATTACHMENT_ACCEPT}
            data-testid="phone-file-input"
            onChange={(e) => {
              pick(Array.from(e.currentTarget.files ?? []));
              // The same file may be picked again after being removed.
              e.currentTarget.value = "";
            }}
          />
          <Textarea
            style={{ flex: 1 }}
            radius="xl"
            autosize
            minRows={1}
            maxRows={5}
            maxLength={MESSAGE_BODY_MAX}
            value={text}
            aria-label={intl.formatMessage({ id: "simulator.composer.label" })}
            aria-describedby={hintId}
            placeholder={intl.formatMessage({ id: "simulator.composer.placeholder" })}
            onChange={(e) => {
              setText(e.currentTarget.value);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
          />
          <Tooltip label={sendLabel}>
            <ActionIcon type="submit" size="lg" radius="xl" aria-label={sendLabel} disabled={empty} loading={busy}>
              <IconArrowUp size={19} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Text id={hintId} size="xs" c="dimmed" ta="center">
          {intl.formatMessage({ id: "simulator.composer.hint" })}
        </Text>
      </Stack>
    </form>
  );
}

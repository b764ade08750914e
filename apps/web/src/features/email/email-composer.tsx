import { useRef, useState } from "react";
import { ActionIcon, Box, Button, CloseButton, FileButton, Group, Stack, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { IconPaperclip, IconSend } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { EMAIL_SEND_LIMITS, formatBytes, sendEmailFields, type MailboxProvider } from "@relais/shared";
import { emailEndpoints } from "@relais/shared/endpoints/email";
import { messagingEndpoints } from "@relais/shared/endpoints/messaging";
import { api } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { issuesToErrors } from "../../ui/forms.ts";
import { formatKey } from "../../app/i18n/messages.ts";
import { useQuickMessages } from "../text-blocks/quick-message-picker.tsx";
import { EmailMessages } from "./email-messages.tsx";

type Props = {
  threadId: string;
  contactPhone: string;
  contactEmail: string;
  provider: MailboxProvider;
  inboxEmail: string;
};

/** The composer in email mode (issue 14 §3): subject, body, files, sent as multipart through the team's mailbox. */
export function EmailComposer(props: Props) {
  return (
    <EmailMessages>
      <Composer {...props} />
    </EmailMessages>
  );
}

/** The files of an email may not reach 20 MB together (spec part 2 §9), counted on their bytes. */
function tooHeavy(files: File[]): boolean {
  return files.reduce((sum, f) => sum + f.size, 0) >= EMAIL_SEND_LIMITS.attachmentsBytesUnder;
}

/** A quick message's file (its document) as a file of the email. */
async function documentFile(media: { id: string; filename: string; contentType: string }): Promise<File> {
  const blob = await api.call(messagingEndpoints.file, { params: { id: media.id } });
  return new File([blob], media.filename, { type: media.contentType });
}

function Composer({ threadId, contactPhone, contactEmail, provider, inboxEmail }: Props) {
  const intl = useIntl();
  const alerts = useAlerts();
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const reset = useRef<() => void>(null);
  const quick = useQuickMessages({ text, setText, contactPhone, attachments: files.length });
  const heavy = tooHeavy(files);
  const empty = text.trim().length === 0;

  const submit = async (): Promise<void> => {
    if (empty || sending || heavy || quick.blocked || !quick.ready) {
      return;
    }
    // Signature appended and dynamic fields checked exactly as for a text (null: the picker says why).
    const body = quick.prepare(text);
    if (body === null) {
      return;
    }
    const checked = sendEmailFields.safeParse({ inboxEmail, subject, body });
    if (!checked.success) {
      const errors = issuesToErrors(checked.error.issues);
      const refused = errors["subject"];
      setSubjectError(refused ? formatKey(intl, refused.key, refused.values) : null);
      if (!refused) {
        // The body itself (over its length): the same failure a text would report.
        alerts.error("error.message-send-failed");
      }
      return;
    }
    setSubjectError(null);
    setSending(true);
    try {
      const parts = quick.document?.attachment ? [...files, await documentFile(quick.document.attachment)] : files;
      if (tooHeavy(parts)) {
        alerts.error("error.limit-size");
        return;
      }
      const form = new FormData();
      form.append("inboxEmail", checked.data.inboxEmail);
      form.append("subject", checked.data.subject);
      form.append("body", checked.data.body);
      for (const file of parts) {
        form.append("attachments", file, file.name);
      }
      await api.call(emailEndpoints.send, { params: { type: provider, id: threadId }, body: form });
      setSubject("");
      setText("");
      setFiles([]);
      quick.clearDocument();
    } catch (error) {
      alerts.error("error.message-send-failed", error);
    } finally {
      setSending(false);
    }
  };

  const attachLabel = intl.formatMessage({ id: "composer.attach" });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="email-composer"
    >
      <Stack gap={6} px="md" py="sm" style={{ borderTop: "1px solid var(--mantine-color-gray-3)", background: "#fff" }}>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="email.compose.to" values={{ email: contactEmail, from: inboxEmail }} />
        </Text>
        <TextInput
          size="sm"
          label={intl.formatMessage({ id: "email.subject" })}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={subjectError}
          maxLength={EMAIL_SEND_LIMITS.subjectLength}
          required
        />
        {files.length ? (
          <Stack gap={2} role="list" aria-label={intl.formatMessage({ id: "email.compose.files" })}>
            {files.map((file, i) => (
              <Group key={`${file.name}-${String(i)}`} gap={6} role="listitem" wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Text size="sm">{file.name}</Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size, intl.locale)}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={intl.formatMessage({ id: "email.compose.remove" }, { name: file.name })}
                  onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}
                />
              </Group>
            ))}
          </Stack>
        ) : null}
        {heavy ? (
          <Text size="sm" c="red.8" role="alert">
            <FormattedMessage id="error.limit-size" />
          </Text>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <FileButton
            resetRef={reset}
            multiple
            disabled={sending}
            onChange={(picked) => {
              setFiles((all) => [...all, ...picked].slice(0, EMAIL_SEND_LIMITS.attachments));
              reset.current?.();
            }}
          >
            {(fileProps) => (
              <Tooltip label={attachLabel} withArrow>
                <ActionIcon {...fileProps} variant="subtle" color="gray" size={36} aria-label={attachLabel} disabled={sending}>
                  <IconPaperclip size={20} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          {quick.button}
          <Box style={{ flex: 1 }} miw={0}>
            {quick.panel}
            <Textarea
              autosize
              minRows={3}
              maxRows={10}
              value={text}
              aria-label={intl.formatMessage({ id: "email.compose.body" })}
              placeholder={intl.formatMessage({ id: "email.compose.placeholder" })}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                quick.onKeyDown(e);
              }}
            />
          </Box>
          <Button type="submit" disabled={empty || heavy || quick.blocked} loading={sending} leftSection={<IconSend size={16} />}>
            <FormattedMessage id="composer.send" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

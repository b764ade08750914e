import { useEffect, useRef, useState } from "react";
import { Button, CloseButton, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { EMAIL_SEND_LIMITS, type SandboxEmail } from "@relais/shared";
import { isApiError } from "../../api/index.ts";
import { formatError } from "../../app/i18n/messages.ts";
import { useFieldError, type FieldErrors } from "../../ui/forms.ts";
import { useSendEmail } from "./email-api.ts";
import { checkDraft, replySubject } from "./mail.ts";
import classes from "./simulator.module.css";

/**
 * What the address writes to the team: a new email, or a reply to one of the team's (its subject
 * "Re: …" and its Message-ID as In-Reply-To, so it threads as a mail program's reply would).
 */
export function EmailComposer(props: { address: string; mailbox: string; replyTo: SandboxEmail | null; onReplyDone: () => void }) {
  const { address, mailbox, replyTo, onReplyDone } = props;
  const intl = useIntl();
  const send = useSendEmail();
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const fieldError = useFieldError(errors);

  // Choosing "Reply" fills the subject (while rendering, as React advises for state that follows a
  // prop), then puts the person where they write.
  const [shownReply, setShownReply] = useState<SandboxEmail | null>(null);
  if (replyTo !== shownReply) {
    setShownReply(replyTo);
    if (replyTo) {
      setSubject(replySubject(replyTo.subject));
      setErrors(null);
    }
  }
  useEffect(() => {
    if (replyTo) {
      bodyRef.current?.focus();
    }
  }, [replyTo]);

  const submit = async (): Promise<void> => {
    if (send.isPending) {
      return;
    }
    const checked = checkDraft({ from: address, to: mailbox, subject, body, ...(replyTo ? { inReplyTo: replyTo.messageId } : {}) });
    setErrors(checked.errors);
    setFailure(null);
    if (!checked.data) {
      return;
    }
    try {
      await send.mutateAsync(checked.data);
      setSubject("");
      setBody("");
      onReplyDone();
    } catch (error) {
      // 404: the team disconnected that mailbox meanwhile.
      setFailure(
        isApiError(error) && error.status === 404
          ? intl.formatMessage({ id: "simulator.email.error.mailbox-gone" })
          : formatError(intl, error),
      );
    }
  };

  return (
    <form
      className={classes.mailComposer}
      aria-label={intl.formatMessage({ id: "simulator.email.compose.title" })}
      data-testid="sim-email-composer"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap={8}>
        {replyTo ? (
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" fw={600} c="relais.8" truncate>
              <FormattedMessage id="simulator.email.compose.replying" values={{ subject: replyTo.subject }} />
            </Text>
            <CloseButton
              size="sm"
              aria-label={intl.formatMessage({ id: "simulator.email.compose.cancel-reply" })}
              onClick={() => {
                setSubject("");
                onReplyDone();
              }}
            />
          </Group>
        ) : (
          <Text size="xs" fw={600} c="dimmed">
            <FormattedMessage id="simulator.email.compose.title" />
          </Text>
        )}
        <TextInput
          size="sm"
          label={<FormattedMessage id="simulator.email.subject" />}
          value={subject}
          maxLength={EMAIL_SEND_LIMITS.subjectLength}
          error={fieldError("subject")}
          withAsterisk
          onChange={(e) => {
            setSubject(e.currentTarget.value);
          }}
        />
        <Textarea
          ref={bodyRef}
          size="sm"
          label={<FormattedMessage id="simulator.email.body" />}
          placeholder={intl.formatMessage({ id: "simulator.email.body.placeholder" })}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={EMAIL_SEND_LIMITS.bodyLength}
          value={body}
          error={fieldError("body")}
          withAsterisk
          onChange={(e) => {
            setBody(e.currentTarget.value);
          }}
        />
        {failure ? (
          <Text size="xs" c="red.8" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={send.isPending} disabled={send.isPending}>
            <FormattedMessage id="simulator.email.send" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

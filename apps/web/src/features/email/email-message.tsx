import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Anchor, Button, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconMail, IconPaperclip, IconPhoto } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { type EmailAttachmentRef, type MessageEmail } from "@relais/shared";
import { emailEndpoints } from "@relais/shared/endpoints/email";
import { api } from "../../api/index.ts";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { formatKey } from "../../app/i18n/messages.ts";
import { downloadEmailAttachment, useEmailContent } from "./api.ts";
import { EmailMessages } from "./email-messages.tsx";
import { frameDocument, hasBlockedImages, inlineImageSources } from "./email-frame.ts";
import classes from "./email.module.css";

/** The tallest an email shows in the thread before it scrolls inside its frame. */
const FRAME_MAX_HEIGHT = 480;

/**
 * An email in a contact's thread (spec part 2 §3, EMAIL.md §4): its subject and sender, its
 * sanitised HTML in a sandboxed frame (no scripts; remote images only once asked), its files as
 * downloads through the authorised client.
 */
export function EmailMessage({ email }: { email: MessageEmail }) {
  return (
    <Suspense fallback={<Skeleton h={72} w={360} radius="md" />}>
      <EmailMessages>
        <EmailCard email={email} />
      </EmailMessages>
    </Suspense>
  );
}

function EmailCard({ email }: { email: MessageEmail }) {
  const intl = useIntl();
  const content = useEmailContent(email.emailId, true);
  const files = email.attachments.filter((f) => f.contentId === null);
  return (
    <div className={classes.card} data-testid="email-message">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMail size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
          <Text fw={600} size="sm">
            {email.subject || <FormattedMessage id="email.no-subject" />}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="email.from-line" values={{ from: email.from }} />
        </Text>
        {content.isPending ? (
          <Skeleton h={48} />
        ) : content.isError ? (
          <Text size="sm" c="red.8" role="alert">
            <FormattedMessage id="email.load-failed" />
          </Text>
        ) : content.data.html ? (
          <EmailFrame html={content.data.html} subject={email.subject} />
        ) : (
          <Text className={classes.text}>{content.data.text}</Text>
        )}
        {files.length ? <Attachments files={files} /> : null}
        {email.failure ? (
          <Text size="xs" c="red.8" role="alert">
            {formatKey(intl, email.failure.code)}
            {email.failure.serverText ? ` — ${email.failure.serverText}` : null}
          </Text>
        ) : null}
      </Stack>
    </div>
  );
}

/** The `cid:` images of the email, fetched with the token; blob URLs freed when the email leaves. */
function useInlineImages(html: string): ReadonlyMap<string, string> | null {
  const sources = useMemo(() => inlineImageSources(html), [html]);
  const [images, setImages] = useState<ReadonlyMap<string, string> | null>(sources.length ? null : new Map());
  useEffect(() => {
    if (!sources.length) {
      return undefined;
    }
    const controller = new AbortController();
    const made: string[] = [];
    void Promise.all(
      sources.map(async (src) => {
        const id = src.slice(src.lastIndexOf("/") + 1);
        try {
          const blob = await api.call(emailEndpoints.attachment, { params: { id } }, { signal: controller.signal });
          const url = URL.createObjectURL(blob);
          made.push(url);
          return [src, url] as const;
        } catch {
          // An image that cannot be fetched stays a broken image; the rest of the email shows.
          return [src, ""] as const;
        }
      }),
    ).then((pairs) => {
      if (!controller.signal.aborted) {
        setImages(new Map(pairs.filter(([, url]) => url !== "")));
      }
    });
    return () => {
      controller.abort();
      for (const url of made) {
        URL.revokeObjectURL(url);
      }
    };
  }, [sources]);
  return images;
}

function EmailFrame({ html, subject }: { html: string; subject: string }) {
  const intl = useIntl();
  const [showImages, setShowImages] = useState(false);
  const [height, setHeight] = useState(60);
  const frame = useRef<HTMLIFrameElement>(null);
  const inlineImages = useInlineImages(html);
  const srcDoc = useMemo(() => (inlineImages ? frameDocument(html, { showImages, inlineImages }) : null), [html, showImages, inlineImages]);
  const blocked = !showImages && hasBlockedImages(html);

  // The frame is same-origin without scripts (sandbox without allow-scripts): its height can be read.
  const fit = (): void => {
    const body = frame.current?.contentDocument?.documentElement;
    if (body) {
      setHeight(Math.min(FRAME_MAX_HEIGHT, Math.max(40, body.scrollHeight)));
    }
  };

  if (!srcDoc) {
    return <Skeleton h={48} />;
  }
  return (
    <Stack gap={4}>
      {blocked ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            <FormattedMessage id="email.images-blocked" />
          </Text>
          <Button size="compact-xs" variant="light" leftSection={<IconPhoto size={13} />} onClick={() => setShowImages(true)}>
            <FormattedMessage id="email.show-images" />
          </Button>
        </Group>
      ) : null}
      <iframe
        ref={frame}
        className={classes.frame}
        title={intl.formatMessage({ id: "email.frame-title" }, { subject })}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        style={{ height }}
        onLoad={fit}
      />
    </Stack>
  );
}

function Attachments({ files }: { files: EmailAttachmentRef[] }) {
  const alerts = useAlerts();
  return (
    <Stack gap={2} aria-label={useIntl().formatMessage({ id: "email.attachments" })} role="list">
      {files.map((file) => (
        <Group key={file.id} gap={6} wrap="nowrap" role="listitem">
          <IconPaperclip size={14} aria-hidden />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              downloadEmailAttachment(file).catch((error: unknown) => alerts.error("error.download", error));
            }}
          >
            {file.filename}
          </Anchor>
          <Text size="xs" c="dimmed">
            <FormattedMessage id="email.size" values={{ size: Math.max(1, Math.round(file.size / 1024)) }} />
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

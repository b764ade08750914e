import { useRef, useState } from "react";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from "@mantine/core";
import { IconFileOff } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate, useParams } from "react-router";
import { LOCALES, appendSignature, fillDynamicFields, resolveLocale, type Locale, type MediaRef } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { useSession } from "../../app/session/session.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { PageContainer, PageHeader, Section } from "../../ui/page.tsx";
import { useSampleContact, useSaveTemplate, useSaveTextBlock, useSignature, useTemplate, useTextBlocks, useTokens } from "./api.ts";
import { AttachmentField } from "./attachment-field.tsx";
import { useContactAppointments } from "../agenda/api.ts";
import { FIELD_LABELS, dynamicValuesFor, nextAppointmentOf } from "./dynamic-values.ts";
import classes from "./text-blocks.module.css";

type Mode = "bloc" | "sms";
/** `attachment`: a quick message's file (templates have none). */
type Draft = { title: string; body: string; pinned: boolean; locale: Locale; attachment: MediaRef | null };

/**
 * /text-template/{mode}/{id?} (spec part 2 §2): the editor of an organisation quick message
 * (`bloc`) or of one's own SMS template (`sms`); without an id, a new one. The dynamic-field
 * picker inserts a token at the cursor; the preview fills it from a sample contact.
 */
export function TemplateEditorPage() {
  const { mode, id } = useParams();
  if (mode !== "bloc" && mode !== "sms") {
    return (
      <PageContainer>
        <EmptyState icon={<IconFileOff />} title={<FormattedMessage id="template.not-found" />} />
      </PageContainer>
    );
  }
  return <EditorLoader key={`${mode}/${id ?? ""}`} mode={mode} id={id ?? null} />;
}

/** Loads what is edited, then hands a ready draft to the form. */
function EditorLoader({ mode, id }: { mode: Mode; id: string | null }) {
  const session = useSession();
  const blocks = useTextBlocks(null, mode === "bloc");
  const template = useTemplate(mode === "sms" ? id : null);
  const fresh: Draft = { title: "", body: "", pinned: false, locale: resolveLocale(session.profile.locale), attachment: null };

  if (mode === "bloc") {
    if (blocks.isPending) return <EditorSkeleton />;
    const block = id ? blocks.data?.items.find((b) => b.id === id && b.kind === "text-block") : undefined;
    if (blocks.isError || (id && !block)) return <NotFound />;
    const draft = block
      ? { title: block.title, body: block.body, pinned: block.pinned, locale: block.locale, attachment: block.attachment }
      : fresh;
    return <EditorForm mode={mode} id={id} initial={draft} readOnly={!blocks.data?.abilities.edit} />;
  }
  if (id && template.isPending) return <EditorSkeleton />;
  if (id && !template.data) return <NotFound />;
  const t = template.data;
  return (
    <EditorForm
      mode={mode}
      id={id}
      initial={t ? { title: t.title, body: t.content, pinned: t.pinned, locale: t.locale, attachment: null } : fresh}
      readOnly={false}
    />
  );
}

function EditorSkeleton() {
  return (
    <PageContainer>
      <Skeleton height={32} width={280} mb="lg" />
      <Skeleton height={260} />
    </PageContainer>
  );
}

function NotFound() {
  return (
    <PageContainer>
      <EmptyState icon={<IconFileOff />} title={<FormattedMessage id="template.not-found" />} />
    </PageContainer>
  );
}

function EditorForm({ mode, id, initial, readOnly }: { mode: Mode; id: string | null; initial: Draft; readOnly: boolean }) {
  const intl = useIntl();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const session = useSession();
  const [draft, setDraft] = useState<Draft>(initial);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const tokens = useTokens();
  const sample = useSampleContact();
  const sampleAppointments = useContactAppointments(sample.data?.id ?? null);
  const signature = useSignature();
  const saveBlock = useSaveTextBlock();
  const saveTemplate = useSaveTemplate();
  const saving = saveBlock.isPending || saveTemplate.isPending;

  const set = (patch: Partial<Draft>): void => {
    setDraft((d) => ({ ...d, ...patch }));
  };

  /** Puts the token where the cursor is (at the end when the box never had focus), then back to typing. */
  const insertToken = (token: string): void => {
    const box = bodyRef.current;
    const start = box?.selectionStart ?? draft.body.length;
    const end = box?.selectionEnd ?? draft.body.length;
    set({ body: `${draft.body.slice(0, start)}${token}${draft.body.slice(end)}` });
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const preview = fillDynamicFields(
    draft.body,
    dynamicValuesFor(sample.data ?? null, session.organization, draft.locale, {
      nextAppointment: nextAppointmentOf(sampleAppointments.data),
    }),
  );
  const sampleName = sample.data ? [sample.data.firstname, sample.data.lastname].filter(Boolean).join(" ") || sample.data.fullName : null;

  // The list shows what was saved (alerts are cleared on navigation, spec part 1 §2).
  const done = (): void => {
    void navigate("/text-bloc");
  };
  const failed = (error: unknown): void => {
    alerts.apiError(error);
  };

  const submit = (): void => {
    if (mode === "bloc") {
      const fields = { title: draft.title, body: draft.body, pinned: draft.pinned, attachmentId: draft.attachment?.id ?? null };
      const input = id ? { id, update: fields } : { create: { locale: draft.locale, ...fields } };
      saveBlock.mutate(input, { onSuccess: done, onError: failed });
    } else {
      const input = id
        ? { id, update: { title: draft.title, content: draft.body, pinned: draft.pinned } }
        : { create: { type: "sms" as const, locale: draft.locale, title: draft.title, content: draft.body, pinned: draft.pinned } };
      saveTemplate.mutate(input, { onSuccess: done, onError: failed });
    }
  };

  const heading = `template.title-${id ? "edit" : "new"}${mode === "sms" ? "-template" : ""}` as const;

  return (
    <PageContainer>
      <PageHeader title={<FormattedMessage id={heading} />} />
      {readOnly ? (
        <Alert color="yellow" mb="md">
          <FormattedMessage id="template.read-only" />
        </Alert>
      ) : null}
      <SimpleGrid cols={2} spacing="lg">
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Section title={<FormattedMessage id="template.field-body" />}>
            <Stack gap="md">
              <TextInput
                label={intl.formatMessage({ id: "template.field-title" })}
                value={draft.title}
                disabled={readOnly}
                onChange={(e) => {
                  set({ title: e.currentTarget.value });
                }}
              />
              {id ? null : (
                <Box>
                  <Text size="sm" fw={500} mb={4}>
                    <FormattedMessage id="text-blocks.locale" />
                  </Text>
                  <SegmentedControl
                    value={draft.locale}
                    disabled={readOnly}
                    onChange={(v) => {
                      set({ locale: v });
                    }}
                    data={LOCALES.map((l) => ({ value: l, label: intl.formatMessage({ id: `locale.${l}` }) }))}
                  />
                </Box>
              )}
              <Textarea
                ref={bodyRef}
                label={intl.formatMessage({ id: "template.field-body" })}
                autosize
                minRows={5}
                value={draft.body}
                disabled={readOnly}
                onChange={(e) => {
                  set({ body: e.currentTarget.value });
                }}
              />
              <Box>
                <Text size="sm" fw={500}>
                  <FormattedMessage id="template.fields" />
                </Text>
                <Text size="xs" c="dimmed" mb={6}>
                  <FormattedMessage id="template.fields-hint" />
                </Text>
                <Group gap={6} data-testid="token-picker">
                  {(tokens.data ?? []).map((t) => (
                    <Button
                      key={t.field}
                      size="compact-xs"
                      variant="light"
                      disabled={readOnly}
                      // Keeps the cursor in the message box, where the token goes.
                      onMouseDown={(e) => {
                        e.preventDefault();
                      }}
                      onClick={() => {
                        insertToken(t.token);
                      }}
                    >
                      <FormattedMessage id={FIELD_LABELS[t.field]} />
                    </Button>
                  ))}
                </Group>
              </Box>
              {mode === "bloc" ? (
                <AttachmentField
                  value={draft.attachment}
                  disabled={readOnly}
                  onChange={(attachment) => {
                    set({ attachment });
                  }}
                />
              ) : null}
              <Checkbox
                label={intl.formatMessage({ id: "template.field-pinned" })}
                checked={draft.pinned}
                disabled={readOnly}
                onChange={(e) => {
                  set({ pinned: e.currentTarget.checked });
                }}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={() => void navigate("/text-bloc")}>
                  <FormattedMessage id="template.cancel" />
                </Button>
                <Button type="submit" loading={saving} disabled={readOnly}>
                  <FormattedMessage id="template.save" />
                </Button>
              </Group>
            </Stack>
          </Section>
        </Box>
        <Section
          title={<FormattedMessage id="template.preview" />}
          description={
            sampleName ? (
              <FormattedMessage id="template.preview-hint" values={{ name: sampleName }} />
            ) : (
              <FormattedMessage id="template.preview-no-contact" />
            )
          }
        >
          <div className={classes.preview} data-testid="template-preview">
            {appendSignature(preview.text, signature.data?.effective ?? null)}
          </div>
          {preview.missing.length > 0 ? (
            <Text size="xs" c="orange.8" mt="xs">
              <FormattedMessage id="picker.missing" values={{ fields: preview.missing.map((name) => `{{${name}}}`).join(", ") }} />
            </Text>
          ) : null}
        </Section>
      </SimpleGrid>
    </PageContainer>
  );
}

import { useState } from "react";
import { ActionIcon, Badge, Box, Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconEdit, IconMessageBolt, IconPaperclip, IconPin, IconPinnedOff, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { LOCALES, formatBytes, resolveLocale, type Locale, type TextBlock } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { usePolicy, useSession } from "../../app/session/session.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { MessageMedia } from "../messaging/media-preview.tsx";
import { PageContainer, PageHeader } from "../../ui/page.tsx";
import { useDeleteTextBlock, usePinTextBlock, useTextBlocks } from "./api.ts";
import { matchesFilter } from "./dynamic-values.ts";
import { SignatureSettings } from "./signature-settings.tsx";
import classes from "./text-blocks.module.css";

/** Where a line of the list is edited: organisation blocks and one's own SMS templates have their own editor mode. */
function editorPath(block: Pick<TextBlock, "id" | "kind">): string {
  return `/text-template/${block.kind === "template" ? "sms" : "bloc"}/${block.id}`;
}

/** /text-bloc (spec part 2 §2): the organisation's quick messages of a language, searched, pinned, edited. */
export function TextBlocksPage() {
  const intl = useIntl();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const session = useSession();
  const policy = usePolicy();
  const [locale, setLocale] = useState<Locale>(resolveLocale(session.profile.locale));
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<TextBlock | null>(null);
  const blocks = useTextBlocks(locale);
  const pin = usePinTextBlock();
  const remove = useDeleteTextBlock();
  const canEdit = blocks.data?.abilities.edit ?? false;
  const items = (blocks.data?.items ?? []).filter((b) => matchesFilter(b, search));

  const body = () => {
    if (blocks.isPending) {
      return (
        <Stack gap="sm">
          <Skeleton height={52} />
          <Skeleton height={52} />
        </Stack>
      );
    }
    if (blocks.isError) {
      return <EmptyState icon={<IconMessageBolt />} title={<FormattedMessage id="text-blocks.load-failed" />} />;
    }
    if (items.length === 0) {
      return (
        <EmptyState
          icon={<IconMessageBolt />}
          title={<FormattedMessage id={blocks.data.items.length === 0 ? "text-blocks.empty" : "text-blocks.no-match"} />}
        />
      );
    }
    return items.map((block) => {
      const editable = block.kind === "template" || canEdit;
      return (
        <Group key={block.id} className={classes.row} justify="space-between" wrap="nowrap" align="flex-start" data-testid="text-block-row">
          <Box miw={0}>
            <Group gap="xs">
              <Text fw={600}>{block.title}</Text>
              {block.pinned ? (
                <Badge size="xs" variant="light" leftSection={<IconPin size={10} />}>
                  <FormattedMessage id="text-blocks.pinned" />
                </Badge>
              ) : null}
              {block.kind === "template" ? (
                <Badge size="xs" variant="light" color="grape">
                  <FormattedMessage id="text-blocks.template" />
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" lineClamp={2} style={{ whiteSpace: "pre-wrap" }}>
              {block.body}
            </Text>
            {block.attachment ? (
              <Group gap="xs" mt={6} wrap="nowrap" data-testid="text-block-file">
                <MessageMedia media={[block.attachment]} />
                <Text size="xs" c="dimmed" truncate="end">
                  <IconPaperclip size={12} aria-hidden /> {block.attachment.filename} · {formatBytes(block.attachment.size, intl.locale)}
                </Text>
              </Group>
            ) : null}
          </Box>
          {editable ? (
            <Group gap={4} wrap="nowrap">
              {block.kind === "text-block" ? (
                <Tooltip label={intl.formatMessage({ id: block.pinned ? "text-blocks.unpin" : "text-blocks.pin" })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={intl.formatMessage({ id: block.pinned ? "text-blocks.unpin" : "text-blocks.pin" })}
                    onClick={() => {
                      pin.mutate({ id: block.id, pinned: !block.pinned }, { onError: (e) => alerts.apiError(e) });
                    }}
                  >
                    {block.pinned ? <IconPinnedOff size={18} /> : <IconPin size={18} />}
                  </ActionIcon>
                </Tooltip>
              ) : null}
              <Tooltip label={intl.formatMessage({ id: "text-blocks.edit" })}>
                <ActionIcon
                  variant="subtle"
                  aria-label={intl.formatMessage({ id: "text-blocks.edit" })}
                  onClick={() => void navigate(editorPath(block))}
                >
                  <IconEdit size={18} />
                </ActionIcon>
              </Tooltip>
              {block.kind === "text-block" ? (
                <Tooltip label={intl.formatMessage({ id: "text-blocks.delete" })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={intl.formatMessage({ id: "text-blocks.delete" })}
                    onClick={() => {
                      setDeleting(block);
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          ) : null}
        </Group>
      );
    });
  };

  return (
    <PageContainer>
      <PageHeader
        title={<FormattedMessage id="text-blocks.title" />}
        description={<FormattedMessage id="text-blocks.subtitle" />}
        actions={
          <Group gap="sm" wrap="nowrap">
            {/* Own SMS templates show in this list for marketing and devops only (spec part 2 §6). */}
            {policy.writeTemplates ? (
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => void navigate("/text-template/sms")}>
                <FormattedMessage id="text-blocks.new-template" />
              </Button>
            ) : null}
            {canEdit ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate("/text-template/bloc")}>
                <FormattedMessage id="text-blocks.new" />
              </Button>
            ) : null}
          </Group>
        }
      />
      <Group mb="md" gap="md">
        <TextInput
          style={{ flex: 1 }}
          leftSection={<IconSearch size={16} />}
          placeholder={intl.formatMessage({ id: "text-blocks.search" })}
          aria-label={intl.formatMessage({ id: "text-blocks.search" })}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
          }}
        />
        <SegmentedControl
          aria-label={intl.formatMessage({ id: "text-blocks.locale" })}
          value={locale}
          onChange={(v) => {
            setLocale(v);
          }}
          data={LOCALES.map((l) => ({ value: l, label: intl.formatMessage({ id: `locale.${l}` }) }))}
        />
      </Group>
      <Box bg="white" px="md" py={4} style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 12 }}>
        {body()}
      </Box>
      <Box mt="xl">
        <SignatureSettings />
      </Box>
      <ConfirmDialog
        opened={deleting !== null}
        title={<FormattedMessage id="text-blocks.delete" />}
        message={<FormattedMessage id="text-blocks.delete-confirm" values={{ title: deleting?.title ?? "" }} />}
        confirmLabel={<FormattedMessage id="text-blocks.delete" />}
        onClose={() => {
          setDeleting(null);
        }}
        onConfirm={() =>
          remove.mutateAsync(deleting?.id ?? "", {
            onSuccess: () => alerts.success("text-blocks.deleted"),
            onError: (e) => alerts.apiError(e),
          })
        }
      />
    </PageContainer>
  );
}

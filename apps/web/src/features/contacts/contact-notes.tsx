import { useState } from "react";
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { IconEdit, IconPin, IconPinnedOff, IconTrash } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import { CONTACT_LIMITS, createNoteRequest, type ContactNote } from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { cx } from "../../ui/cx.ts";
import { useAddNote, useDeleteNote, useNotes, useUpdateNote } from "./api.ts";
import { PanelSection } from "./panel-section.tsx";
import classes from "./contacts.module.css";
import { useDates } from "../../ui/dates.ts";
import { useSchemaForm } from "../../ui/schema-form.ts";

/**
 * A note's text box with its save button: a new note, or an edit of one (the text is the same
 * rule in both requests). `onSave` answers when saved; a refusal shows under the box and above.
 */
function NoteEditor({
  initial,
  busy,
  label,
  onSave,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  label: string;
  onSave: (body: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const alerts = useAlerts();
  const { form, submit, showServerErrors } = useSchemaForm({ schema: createNoteRequest, initialValues: { body: initial } });
  return (
    <form
      noValidate
      onSubmit={submit(({ body }) => {
        onSave(body).catch((error: unknown) => {
          showServerErrors(error);
          alerts.apiError(error);
        });
      })}
    >
      <Stack gap={6}>
        <Textarea
          aria-label={intl.formatMessage({ id: "contacts.notes.new" })}
          placeholder={intl.formatMessage({ id: "contacts.notes.new" })}
          {...form.getInputProps("body")}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={CONTACT_LIMITS.noteBody}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button size="xs" variant="default" onClick={onCancel} disabled={busy}>
              <FormattedMessage id="common.cancel" />
            </Button>
          ) : null}
          <Button size="xs" type="submit" disabled={!form.getValues().body.trim()} loading={busy}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NoteCard({ note, contactId }: { note: ContactNote; contactId: string }) {
  const intl = useIntl();
  const dates = useDates();
  const alerts = useAlerts();
  const update = useUpdateNote(contactId);
  const remove = useDeleteNote(contactId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const pinLabel = intl.formatMessage({ id: note.pinned ? "contacts.notes.unpin" : "contacts.notes.pin" });
  const editLabel = intl.formatMessage({ id: "contacts.notes.edit" });
  const deleteLabel = intl.formatMessage({ id: "contacts.notes.delete" });
  const author = note.author?.name ?? intl.formatMessage({ id: "contacts.notes.former-member" });

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={cx(note.pinned && classes.notePinned)}
      data-note={note.id}
      data-pinned={note.pinned ? "true" : "false"}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            <FormattedMessage id="contacts.notes.byline" values={{ date: dates.date(note.date), author }} />
          </Text>
          {note.pinned ? (
            <Badge size="xs" variant="light" leftSection={<IconPin size={10} />}>
              <FormattedMessage id="contacts.notes.pinned" />
            </Badge>
          ) : null}
        </Group>
        <Group gap={2} wrap="nowrap">
          {/* Pinning is open to every staff member; editing and deleting to the author and administrators. */}
          <Tooltip label={pinLabel} withArrow>
            <ActionIcon
              variant="subtle"
              color={note.pinned ? "relais" : "gray"}
              aria-label={pinLabel}
              loading={update.isPending && update.variables.body.pinned !== undefined}
              onClick={() => {
                update.mutate({ noteId: note.id, body: { pinned: !note.pinned } }, { onError: (error) => alerts.apiError(error) });
              }}
            >
              {note.pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
            </ActionIcon>
          </Tooltip>
          {note.abilities.update ? (
            <Tooltip label={editLabel} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={editLabel}
                onClick={() => {
                  setEditing(true);
                }}
              >
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {note.abilities.delete ? (
            <Tooltip label={deleteLabel} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={deleteLabel}
                onClick={() => {
                  setDeleting(true);
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      {editing ? (
        <NoteEditor
          initial={note.body}
          busy={update.isPending}
          label={intl.formatMessage({ id: "common.save" })}
          onCancel={() => {
            setEditing(false);
          }}
          onSave={async (body) => {
            await update.mutateAsync({ noteId: note.id, body: { body } });
            setEditing(false);
          }}
        />
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap" }}>
          {note.body}
        </Text>
      )}
      <ConfirmDialog
        opened={deleting}
        onClose={() => {
          setDeleting(false);
        }}
        title={<FormattedMessage id="contacts.notes.delete-title" />}
        message={<FormattedMessage id="contacts.notes.delete-confirm" />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(note.id);
          } catch (error) {
            alerts.apiError(error);
          }
        }}
      />
    </Paper>
  );
}

/** The contact's notes, pinned ones first (the server's order), and a box for a new one. */
export function ContactNotes({ contactId }: { contactId: string }) {
  const intl = useIntl();
  const notes = useNotes(contactId);
  const add = useAddNote(contactId);
  // Bumped after each added note: the editor starts empty again.
  const [round, setRound] = useState(0);
  const list = notes.data ?? [];

  return (
    <PanelSection title={<FormattedMessage id="contacts.section.notes" />} testId="contact-notes">
      <Stack gap="sm">
        <NoteEditor
          key={round}
          initial=""
          busy={add.isPending}
          label={intl.formatMessage({ id: "contacts.notes.add" })}
          onSave={async (body) => {
            await add.mutateAsync({ body });
            setRound((r) => r + 1);
          }}
        />
        {notes.isSuccess && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="contacts.notes.empty" />
          </Text>
        ) : null}
        {list.map((note) => (
          <NoteCard key={note.id} note={note} contactId={contactId} />
        ))}
      </Stack>
    </PanelSection>
  );
}

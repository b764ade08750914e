import type { Selectable } from "kysely";
import type { CommunicationTemplate, Locale, MediaRef, TextBlock } from "@relais/shared";
import type { CommunicationTemplatesTable, TextBlocksTable } from "../../db/schema.ts";

/** `attachment`: the block's file (messaging's media.ts textBlockMedia), null when it has none. */
export function presentTextBlock(row: Selectable<TextBlocksTable>, attachment: MediaRef | null = null): TextBlock {
  return {
    id: row.id,
    kind: "text-block",
    locale: row.locale as Locale,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    attachment,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentTemplate(row: Selectable<CommunicationTemplatesTable>): CommunicationTemplate {
  return {
    id: row.id,
    type: "sms",
    userId: row.user_id,
    locale: row.locale as Locale,
    title: row.title,
    content: row.content,
    pinned: row.pinned,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A template as a line of the quick-message list (marketing and devops, spec part 2 §6). */
export function templateAsTextBlock(row: Selectable<CommunicationTemplatesTable>): TextBlock {
  return { ...presentTextBlock({ ...row, body: row.content, created_by: row.user_id, updated_by: row.user_id }), kind: "template" };
}

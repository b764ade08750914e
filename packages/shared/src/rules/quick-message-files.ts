/**
 * The two rules of spec part 2 §5 about a quick message's file (docs/decisions/0011). The file a
 * quick message carries is its *document*; a file the person picks in the composer is an
 * *attachment*.
 * - "Cannot send both a document and an attachment": one message carries one or the other.
 * - "Cannot send a quick message whose text comes with an attachment" where only text can be
 *   sent (a scheduled message, an automatic text, a new conversation without attachments).
 */
export type QuickMessageFileProblem = "error.document-and-attachment" | "error.quick-message-with-attachment";

export function quickMessageFileProblem(draft: {
  /** The inserted quick message carries a file. */
  document: boolean;
  /** Files picked in the composer. */
  attachments: number;
  /** The form sends text only. */
  textOnly: boolean;
}): QuickMessageFileProblem | null {
  if (!draft.document) return null;
  if (draft.textOnly) return "error.quick-message-with-attachment";
  return draft.attachments > 0 ? "error.document-and-attachment" : null;
}

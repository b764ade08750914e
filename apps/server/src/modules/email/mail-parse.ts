import { createHash, randomUUID } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import { sniffContentType } from "../../platform/storage/sniff.ts";
import { storedFilename } from "../../platform/storage/file-names.ts";
import { sanitizeEmailHtml, textOfHtml } from "./html-sanitize.ts";

/** All the files of one email together (spec part 2 §9): past this, the rest are not kept. */
const EMAIL_ATTACHMENTS_MAX_BYTES = 20_000_000;

type ParsedAttachment = {
  id: string;
  filename: string;
  /** Read from the bytes (application/octet-stream when no known format); never the declared one. */
  contentType: string;
  declaredType: string | null;
  contentId: string | null;
  sha256: string;
  bytes: Buffer;
};

export type ParsedEmail = {
  headerMessageId: string;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  from: string;
  to: string[];
  html: string | null;
  text: string;
  date: Date | null;
  attachments: ParsedAttachment[];
  /** Files left out because the email's files passed 20 MB together. */
  skipped: number;
};

const MESSAGE_ID = /<[^<>\s]+>/g;

/** Message-IDs of a header as `<id>` strings, in order. */
function ids(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return joined.match(MESSAGE_ID) ?? [];
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase())).filter(Boolean);
}

/**
 * One raw email (RFC 5322) parsed with mailparser: threading headers, addresses, the HTML
 * sanitised (cid: images pointed at their files), files typed by their bytes with their hash.
 * An email with no Message-ID gets one derived from its bytes, so a second delivery of the same
 * bytes is still recognised.
 */
export async function parseEmail(raw: Buffer, attachmentUrl: (id: string) => string): Promise<ParsedEmail> {
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  const attachments: ParsedAttachment[] = [];
  let total = 0;
  let skipped = 0;
  for (const [i, a] of mail.attachments.entries()) {
    total += a.content.length;
    if (total > EMAIL_ATTACHMENTS_MAX_BYTES) {
      skipped += 1;
      continue;
    }
    const sniffed = await sniffContentType(a.content);
    attachments.push({
      id: randomUUID(),
      filename: storedFilename(a.filename, sniffed?.ext ?? null, `piece-jointe-${i + 1}`),
      contentType: sniffed?.contentType ?? "application/octet-stream",
      declaredType: a.contentType || null,
      contentId: a.contentId ? a.contentId.replace(/^<|>$/g, "") : null,
      sha256: createHash("sha256").update(a.content).digest("hex"),
      bytes: a.content,
    });
  }
  const byCid = new Map(attachments.filter((a) => a.contentId).map((a) => [a.contentId, a.id]));
  const html =
    typeof mail.html === "string"
      ? sanitizeEmailHtml(mail.html, (cid) => {
          const id = byCid.get(cid);
          return id ? attachmentUrl(id) : null;
        })
      : null;
  const headerMessageId = ids(mail.messageId)[0] ?? `<${createHash("sha256").update(raw).digest("hex")}@relais.invalid>`;
  return {
    headerMessageId,
    inReplyTo: ids(mail.inReplyTo)[0] ?? null,
    references: ids(mail.references),
    subject: mail.subject ?? "",
    from: addresses(mail.from)[0] ?? "",
    to: addresses(mail.to),
    html,
    text: mail.text?.trim() ?? (html ? textOfHtml(html) : ""),
    date: mail.date ?? null,
    attachments,
    skipped,
  };
}

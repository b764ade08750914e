import { LOCALES, type MessageId } from "@relais/shared";
import { translate } from "../../platform/i18n.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The small page a visitor of /l/{code} sees when there is nowhere to go: the person holding a
 * short link is a contact whose language Relais does not know, so it speaks French, then English.
 * It names no organisation and no address.
 */
export function linkPage(title: MessageId, body: MessageId, params?: Record<string, string | number>): string {
  const sections = LOCALES.map(
    (locale) =>
      `<section lang="${locale}"><h1>${escapeHtml(translate(locale, title, params))}</h1><p>${escapeHtml(translate(locale, body, params))}</p></section>`,
  ).join("<hr>");
  const heading = LOCALES.map((locale) => escapeHtml(translate(locale, title, params))).join(" · ");
  return `<!doctype html>
<html lang="${LOCALES[0]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${heading}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2a37}h1{font-size:1.25rem}hr{border:0;border-top:1px solid #d8dee6;margin:1.5rem 0}</style>
</head><body>${sections}</body></html>`;
}

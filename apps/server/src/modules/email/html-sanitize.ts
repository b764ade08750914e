import sanitizeHtml from "sanitize-html";

/**
 * An email's HTML made safe to keep and show (EMAIL.md §4), on the server before it is stored:
 * no script, style sheet, form, frame or event handler; links open apart with no referrer;
 * `cid:` images point at Relais's attachment route; remote images keep their address only as
 * `data-remote-src`, so nothing is fetched (no tracking pixel) until the person asks.
 */
export function sanitizeEmailHtml(html: string, cidUrl: (contentId: string) => string | null): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "font", "center"],
    allowedAttributes: {
      a: ["href", "name", "title", "target", "rel"],
      img: ["src", "alt", "title", "width", "height", "data-remote-src"],
      font: ["color", "size"],
      "*": ["align", "valign", "width", "height", "colspan", "rowspan", "dir", "lang"],
    },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer" } }),
      img: (tagName, attribs) => {
        const { src = "", ...rest } = attribs;
        const cid = /^cid:(.+)$/i.exec(src.trim());
        if (cid?.[1]) {
          const url = cidUrl(cid[1].replace(/^<|>$/g, ""));
          return { tagName, attribs: url ? { ...rest, src: url } : rest };
        }
        // Any other source (remote, data:, relative) is dropped; a remote one is kept aside until asked.
        return { tagName, attribs: /^https?:\/\//i.test(src.trim()) ? { ...rest, "data-remote-src": src.trim() } : rest };
      },
    },
  });
}

/** The text of an HTML body, for an email that came without a text part. */
export function textOfHtml(html: string): string {
  return sanitizeHtml(html.replace(/<(br|\/p|\/div|\/tr|\/h\d)\b[^>]*>/gi, "$&\n"), { allowedTags: [], allowedAttributes: {} })
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

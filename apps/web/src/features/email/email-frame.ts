/**
 * The sanitised HTML of an email, made ready for a sandboxed frame (srcdoc). The server already
 * removed scripts and handlers and kept remote images only as `data-remote-src`; here, parsed
 * with DOMParser (which runs nothing):
 * - remote images get their address back only when the person asked (`showImages`);
 * - images of the email itself (`cid:`, which the server points at /api/email-sync/attachments/…)
 *   get the blob URL the authorised client fetched, since the frame cannot send the token;
 * - links open outside the frame, and a CSP meta forbids scripts once more.
 */
export function frameDocument(html: string, options: { showImages: boolean; inlineImages: ReadonlyMap<string, string> }): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const img of Array.from(doc.querySelectorAll("img"))) {
    const remote = img.getAttribute("data-remote-src");
    if (remote && options.showImages) {
      img.setAttribute("src", remote);
      img.removeAttribute("data-remote-src");
    }
    const src = img.getAttribute("src");
    const inline = src ? options.inlineImages.get(src) : undefined;
    if (inline) {
      img.setAttribute("src", inline);
    }
  }
  const head = doc.head;
  const csp = doc.createElement("meta");
  csp.setAttribute("http-equiv", "Content-Security-Policy");
  csp.setAttribute(
    "content",
    `script-src 'none'; object-src 'none'; img-src blob: data: ${options.showImages ? "https: http:" : ""}`.trim(),
  );
  const base = doc.createElement("base");
  base.setAttribute("target", "_blank");
  const style = doc.createElement("style");
  style.textContent =
    "body{margin:0;font:14px/1.45 system-ui,sans-serif;color:#212529;overflow-wrap:anywhere}img{max-width:100%;height:auto}";
  head.prepend(csp, base, style);
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}

/** Whether the email holds remote images the person has not asked for yet. */
export function hasBlockedImages(html: string): boolean {
  return html.includes("data-remote-src");
}

/** The Relais addresses of the email's own images (`cid:`), which the client must fetch with the token. */
export function inlineImageSources(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return Array.from(doc.querySelectorAll("img[src]"))
    .map((img) => img.getAttribute("src") ?? "")
    .filter((src) => /^\/api\/email-sync\/attachments\/[0-9a-f-]+$/i.test(src));
}

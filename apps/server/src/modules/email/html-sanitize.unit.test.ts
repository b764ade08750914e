import { describe, expect, it } from "vitest";
import { sanitizeEmailHtml, textOfHtml } from "./html-sanitize.ts";

const cids = (id: string) => (id === "logo@x" ? "/api/email-sync/attachments/11111111-1111-4111-8111-111111111111" : null);

describe("sanitizeEmailHtml", () => {
  it("removes scripts, handlers, frames and javascript: links", () => {
    const out = sanitizeEmailHtml(
      `<p onclick="steal()">Bonjour</p><script>alert(1)</script><iframe src="https://x.test"></iframe><a href="javascript:alert(1)">x</a><style>p{}</style>`,
      cids,
    );
    expect(out).toContain("Bonjour");
    expect(out).not.toMatch(/script|onclick|iframe|javascript|style/i);
  });

  it("keeps remote images only as data-remote-src, and points cid: images at the attachment route", () => {
    const out = sanitizeEmailHtml(`<img src="https://tracker.test/p.gif"><img src="cid:logo@x" alt="logo"><img src="cid:other@x">`, cids);
    expect(out).toContain('data-remote-src="https://tracker.test/p.gif"');
    expect(out).not.toMatch(/ src="https:/);
    expect(out).toContain('src="/api/email-sync/attachments/11111111-1111-4111-8111-111111111111"');
    expect(out).not.toContain("cid:");
  });

  it("opens links apart with no referrer", () => {
    expect(sanitizeEmailHtml(`<a href="https://relais.test">lien</a>`, cids)).toBe(
      '<a href="https://relais.test" target="_blank" rel="noopener noreferrer">lien</a>',
    );
  });
});

describe("textOfHtml", () => {
  it("answers the text with line breaks and no markup", () => {
    expect(textOfHtml("<p>Un</p><p>Deux<br>Trois</p>")).toBe("Un\nDeux\nTrois");
  });
});

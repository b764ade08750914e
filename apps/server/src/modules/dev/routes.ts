import type { FastifyPluginAsync } from "fastify";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** Links in a text, made clickable after escaping (only http/https). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/**
 * Development mailbox: the mails the dev transport stored, so a person can follow a password
 * reset link with no SMTP server. Registered only when DEV_TOOLS is on (never in production).
 */
export function devRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(async (api) => serve(api, endpoints.dev.mail, () => deps.mailer.list()), { prefix: "/api" });
    app.get("/dev/mail", { config: { public: true } }, async (_req, reply) => {
      const mails = await deps.mailer.list();
      const items = mails
        .map(
          (m) =>
            `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p><pre>${linkify(m.text)}</pre></article>`,
        )
        .join("");
      const empty = "<p>Aucun courriel / No mail yet.</p>";
      return reply
        .type("text/html; charset=utf-8")
        .send(
          `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Relais · courriels de développement</title><style>body{font:15px system-ui;margin:2rem auto;max-width:760px;color:#1f2933}article{border:1px solid #d9e2ec;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.05rem;margin:0}.meta{color:#627d98}pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>Courriels de développement</h1>${items || empty}</body></html>`,
        );
    });
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { endpoints } from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { serve } from "../../platform/http/serve.ts";
import * as svc from "./service.ts";
import * as signatures from "./signature-service.ts";
import * as templates from "./templates-service.ts";

const ok = { ok: true as const };

/**
 * Quick messages, SMS templates with their tokens, and the signature (spec part 2 §3, §7). A quick
 * message's file is stored by messaging's media, hence `files` (app.ts: `quickMessageFilesOf`).
 */
export function textBlockRoutes(deps: AppDeps, files: svc.QuickMessageFiles): FastifyPluginAsyncZod {
  const db = deps.db.app;
  const host: svc.TextBlocksDeps = { db, files };
  return async (app) => {
    serve(app, endpoints.textBlocks.list, ({ params, query, ctx }) => svc.listTextBlocks(host, ctx, params.id, query.locale));
    serve(app, endpoints.textBlocks.hasOwn, ({ params, ctx }) => svc.hasOwnTextBlocks(host, ctx, params.id));
    serve(app, endpoints.textBlocks.create, ({ params, body, ctx }) => svc.createTextBlock(host, ctx, params.id, body));
    serve(app, endpoints.textBlocks.update, ({ params, body, ctx }) => svc.updateTextBlock(host, ctx, params.id, params.blockId, body));
    serve(app, endpoints.textBlocks.pin, ({ params, body, ctx }) => svc.pinTextBlock(host, ctx, params.id, params.blockId, body.pinned));
    serve(app, endpoints.textBlocks.remove, async ({ params, ctx }) => {
      await svc.deleteTextBlock(host, ctx, params.id, params.blockId);
      return ok;
    });

    serve(app, endpoints.textBlocks.templates, ({ query, ctx }) => templates.listTemplates(db, ctx, query));
    serve(app, endpoints.textBlocks.tokens, ({ query, ctx }) => templates.listTokens(db, ctx, query.sector));
    serve(app, endpoints.textBlocks.template, ({ params, ctx }) => templates.getTemplate(db, ctx, params.id));
    serve(app, endpoints.textBlocks.createTemplate, ({ body, ctx }) => templates.createTemplate(db, ctx, body));
    serve(app, endpoints.textBlocks.updateTemplate, ({ params, body, ctx }) => templates.updateTemplate(db, ctx, params.id, body));
    serve(app, endpoints.textBlocks.removeTemplate, async ({ params, ctx }) => {
      await templates.deleteTemplate(db, ctx, params.id);
      return ok;
    });

    serve(app, endpoints.textBlocks.signature, ({ params, ctx }) => signatures.getSignature(db, ctx, params.id));
    serve(app, endpoints.textBlocks.updateSignature, ({ params, body, ctx }) => signatures.updateSignature(db, ctx, params.id, body));
    serve(app, endpoints.textBlocks.updateUserSignature, ({ params, body, ctx }) =>
      signatures.updateUserSignature(db, ctx, params.id, body.text),
    );
  };
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  communicationTemplate,
  createTemplateRequest,
  createTextBlockRequest,
  dynamicFieldToken,
  hasOwnTextBlocks,
  idParams,
  okResponse,
  pinRequest,
  signatureSettings,
  templatesQuery,
  textBlock,
  textBlockList,
  textBlockParams,
  textBlocksQuery,
  tokensQuery,
  updateSignatureRequest,
  updateTemplateRequest,
  updateTextBlockRequest,
  updateUserSignatureRequest,
} from "@relais/shared";
import type { AppDeps } from "../../app-deps.ts";
import { ctxOf } from "../../platform/auth/guard.ts";
import type { Messaging } from "../messaging/service.ts";
import * as svc from "./service.ts";
import * as signatures from "./signature-service.ts";
import * as templates from "./templates-service.ts";

const ok = { ok: true as const };

/**
 * Quick messages, SMS templates with their tokens, and the signature (spec part 2 §3, §7). A quick
 * message's file is stored by the messaging service's media, hence `messaging`.
 */
export function textBlockRoutes(deps: AppDeps, messaging: Messaging): FastifyPluginAsyncZod {
  const db = deps.db.app;
  return async (app) => {
    const blocks = "/organizations/:id/text-blocks";
    app.get(blocks, { schema: { params: idParams, querystring: textBlocksQuery, response: { 200: textBlockList } } }, (req) =>
      svc.listTextBlocks(messaging, ctxOf(req), req.params.id, req.query.locale),
    );
    app.get(`${blocks}/has-own`, { schema: { params: idParams, response: { 200: hasOwnTextBlocks } } }, (req) =>
      svc.hasOwnTextBlocks(messaging, ctxOf(req), req.params.id),
    );
    app.post(blocks, { schema: { params: idParams, body: createTextBlockRequest, response: { 201: textBlock } } }, async (req, reply) =>
      reply.status(201).send(await svc.createTextBlock(messaging, ctxOf(req), req.params.id, req.body)),
    );
    app.put(
      `${blocks}/:blockId`,
      { schema: { params: textBlockParams, body: updateTextBlockRequest, response: { 200: textBlock } } },
      (req) => svc.updateTextBlock(messaging, ctxOf(req), req.params.id, req.params.blockId, req.body),
    );
    app.put(`${blocks}/:blockId/pin`, { schema: { params: textBlockParams, body: pinRequest, response: { 200: textBlock } } }, (req) =>
      svc.pinTextBlock(messaging, ctxOf(req), req.params.id, req.params.blockId, req.body.pinned),
    );
    app.delete(`${blocks}/:blockId`, { schema: { params: textBlockParams, response: { 200: okResponse } } }, async (req) => {
      await svc.deleteTextBlock(messaging, ctxOf(req), req.params.id, req.params.blockId);
      return ok;
    });

    app.get(
      "/communication-templates",
      { schema: { querystring: templatesQuery, response: { 200: z.array(communicationTemplate) } } },
      (req) => templates.listTemplates(db, ctxOf(req), req.query),
    );
    app.get(
      "/communication-templates/tokens",
      { schema: { querystring: tokensQuery, response: { 200: z.array(dynamicFieldToken) } } },
      (req) => templates.listTokens(db, ctxOf(req), req.query.sector),
    );
    app.get("/communication-templates/:id", { schema: { params: idParams, response: { 200: communicationTemplate } } }, (req) =>
      templates.getTemplate(db, ctxOf(req), req.params.id),
    );
    app.post(
      "/communication-templates",
      { schema: { body: createTemplateRequest, response: { 201: communicationTemplate } } },
      async (req, reply) => reply.status(201).send(await templates.createTemplate(db, ctxOf(req), req.body)),
    );
    app.put(
      "/communication-templates/:id",
      { schema: { params: idParams, body: updateTemplateRequest, response: { 200: communicationTemplate } } },
      (req) => templates.updateTemplate(db, ctxOf(req), req.params.id, req.body),
    );
    app.delete("/communication-templates/:id", { schema: { params: idParams, response: { 200: okResponse } } }, async (req) => {
      await templates.deleteTemplate(db, ctxOf(req), req.params.id);
      return ok;
    });

    app.get("/organizations/:id/signature", { schema: { params: idParams, response: { 200: signatureSettings } } }, (req) =>
      signatures.getSignature(db, ctxOf(req), req.params.id),
    );
    app.put(
      "/organizations/:id/signature",
      { config: { role: "admin" }, schema: { params: idParams, body: updateSignatureRequest, response: { 200: signatureSettings } } },
      (req) => signatures.updateSignature(db, ctxOf(req), req.params.id, req.body),
    );
    app.put(
      "/organizations/:id/signature/user",
      { schema: { params: idParams, body: updateUserSignatureRequest, response: { 200: signatureSettings } } },
      (req) => signatures.updateUserSignature(db, ctxOf(req), req.params.id, req.body.text),
    );
  };
}

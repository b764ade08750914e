import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { APP_VERSION } from "@relais/shared";
import type { AppDeps } from "./app-deps.ts";
import { registerAuthGuard } from "./platform/auth/guard.ts";
import { createDirectoryCache } from "./platform/directory-cache.ts";
import type { SessionRow } from "./platform/auth/sessions.ts";
import { requireRegistryEntries } from "./platform/http/registry-check.ts";
import { frameworkErrors, registerErrorHandling } from "./platform/http-errors.ts";
import { registerRealtime, type RealtimeOptions } from "./platform/realtime/realtime.ts";
import { startJobs, type Jobs, type JobTasks } from "./platform/jobs/jobs.ts";
import { EVENTS_PRUNE_CRONTAB, retentionTasks } from "./platform/realtime/retention.ts";
import { SandboxCarrier } from "./carriers/sandbox/sandbox-carrier.ts";
import { sandboxRoutes } from "./carriers/sandbox/routes.ts";
import { simulatorRoutes } from "./carriers/sandbox/simulator-routes.ts";
import { twilioWebhookRoutes } from "./carriers/twilio/webhooks.ts";
import { agendaRoutes, refuseDeletingBookedContact } from "./modules/agenda/index.ts";
import { authRoutes } from "./modules/auth/index.ts";
import { automaticTextRoutes, replyOutsideHours } from "./modules/automatic-texts/index.ts";
import {
  answerFromDesk,
  applyCarrierEvent,
  callForStaffLeg,
  callRoutes,
  CALLS_CHECK_CRONTAB,
  callTasks,
  greetingOf,
  receiveInboundCall,
  sandboxCallRoutes,
  startCalls,
  twilioVoiceCarrierOf,
  twilioVoiceWebhookRoutes,
} from "./modules/calls/index.ts";
import { contactImportRoutes } from "./modules/contact-import/index.ts";
import { contactRoutes } from "./modules/contacts/index.ts";
import { devRoutes } from "./modules/dev/index.ts";
import { EMAIL_SYNC_CRONTAB, emailRoutes, emailTasksOf } from "./modules/email/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { linkRoutes, shortLinkRoutes } from "./modules/links/index.ts";
import {
  createMessaging,
  drainMessaging,
  mediaDepsOf,
  messagingRoutes,
  publicMediaRoutes,
  quickMessageFilesOf,
  messagingTasks,
} from "./modules/messaging/index.ts";
import { organizationRoutes } from "./modules/organizations/index.ts";
import { sandboxSipDirectory, sipRoutes, startSips } from "./modules/sips/index.ts";
import { scheduledMessageDevRoutes, scheduledMessageRoutes, scheduledMessageTasks } from "./modules/scheduled-messages/index.ts";
import { statusRoutes } from "./modules/status/index.ts";
import { answerSurvey, surveyHold, surveySettingsRoutes, surveyTasks, threadSurveyRoutes } from "./modules/surveys/index.ts";
import { teamRoutes } from "./modules/teams/index.ts";
import { textBlockRoutes } from "./modules/text-blocks/index.ts";
import { userRoutes } from "./modules/users/index.ts";
import { startVoiceSettings, voiceSettingsRoutes } from "./modules/voice-settings/index.ts";

/** Builds the HTTP application; no listening, no database start: main.ts and tests do that. */
export async function buildApp(
  deps: AppDeps,
  opts: { logger?: boolean; realtime?: Partial<RealtimeOptions> } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: deps.config.LOG_LEVEL, redact: ["req.headers.authorization", "req.headers.cookie"] },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (req, reply) => {
    reply.header("x-request-id", req.id);
  });
  registerErrorHandling(app);
  // Before every route: the WebSocket plugin wraps the routes registered after it.
  const realtime = await registerRealtime(app, deps, opts.realtime);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: { info: { title: "Relais API", version: APP_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  // Sessions, their views and team lists read from memory while no change to them is heard (decision 0050).
  const directory = createDirectoryCache({ db: deps.db, log: app.log });
  app.addHook("onReady", () => directory.start());
  app.addHook("onClose", () => directory.close());
  registerAuthGuard(app, deps.db.app, deps.signer, directory.part<SessionRow>("session"));
  requireRegistryEntries(app);
  // An inbound text received while its team is closed gets the team's outside-hours text.
  // A survey answer is taken before the automatic replies: the contact gets no "we are closed" to it.
  const messaging = createMessaging(deps.db.app, deps.carrier, app.log, {
    afterInbound: [answerSurvey, replyOutsideHours(directory.part("reply-source"))],
    holds: [surveyHold],
    media: mediaDepsOf(deps),
    // Each clinic number's team: no read per inbound text (a team's change forgets it).
    phoneOwners: directory.part<string>("phone-owner"),
  });
  // The browser phone: its voice carrier, and the tabs' heartbeat, offer acks and signalling on the socket.
  // Twilio's voice carrier when Twilio is the configured carrier (as for texts), else the sandbox bridge.
  const twilioVoice = twilioVoiceCarrierOf(deps.config);
  const calls = startCalls(deps, messaging, realtime.realtime.hub, app.log, { twilio: twilioVoice ? () => twilioVoice : undefined });
  // Greetings per period and transfer extensions; the calls module reads them through its index.ts.
  const voiceSettings = startVoiceSettings(deps, app.log);
  // Desk phones (decision 0041): Twilio's SIP domain credentials, or the sandbox's, whichever carrier calls.
  const sips = startSips({
    db: deps.db.app,
    directory: calls.sandbox ? sandboxSipDirectory : (twilioVoice?.sipDirectory() ?? null),
    log: app.log,
  });
  // The sandbox phones and mailbox: the sandbox network, in development and tests only.
  const sandboxPhones = deps.carrier instanceof SandboxCarrier && (deps.config.devTools || deps.config.NODE_ENV === "test");
  // Durable jobs (platform/jobs): the worker starts once the app is ready, after the migrations.
  const tasks: JobTasks = {
    ...messagingTasks(messaging),
    ...scheduledMessageTasks(messaging),
    ...surveyTasks(deps.db.app),
    ...retentionTasks(deps.db.app, app.log),
    ...callTasks(),
    ...emailTasksOf(deps, app.log, sandboxPhones),
  };
  let jobs: Jobs | null = null;
  const jobsOptions = deps.jobs;
  const crontab = `${EVENTS_PRUNE_CRONTAB}\n${CALLS_CHECK_CRONTAB}\n${EMAIL_SYNC_CRONTAB}`;
  if (jobsOptions) app.addHook("onReady", async () => void (jobs = await startJobs(jobsOptions, tasks, app.log, crontab)));
  // Closing: the jobs under way finish, no more simulated callbacks, then the sends in flight
  // finish before the pools close.
  app.addHook("onClose", async () => {
    await jobs?.stop();
    await deps.carrier.close();
    await drainMessaging(messaging);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps));
      await api.register(statusRoutes(deps));
      await api.register(authRoutes(deps, directory));
      await api.register(organizationRoutes(deps));
      await api.register(teamRoutes(deps, directory));
      await api.register(automaticTextRoutes(deps));
      await api.register(userRoutes(deps));
      // A contact with a booked appointment stays: the agenda's rule, run by the contacts module.
      await api.register(contactRoutes(deps, { beforeDelete: [refuseDeletingBookedContact] }));
      await api.register(contactImportRoutes(deps));
      await api.register(agendaRoutes(deps));
      await api.register(textBlockRoutes(deps, quickMessageFilesOf(messaging)));
      await api.register(messagingRoutes(deps, messaging));
      await api.register(threadSurveyRoutes(deps, messaging));
      await api.register(surveySettingsRoutes(deps));
      await api.register(scheduledMessageRoutes(deps));
      if (deps.config.devTools) await api.register(scheduledMessageDevRoutes(deps));
      await api.register(publicMediaRoutes(deps, messaging));
      await api.register(linkRoutes(deps));
      await api.register(callRoutes(calls.deps, { devTools: deps.config.devTools }));
      await api.register(voiceSettingsRoutes(deps, voiceSettings));
      await api.register(sipRoutes(sips));
      if (sandboxPhones && calls.sandbox) await api.register(sandboxCallRoutes(calls.sandbox, deps.limiter));
      await api.register(emailRoutes(deps, { ...deps.email, sandbox: sandboxPhones }));
      if (sandboxPhones && deps.carrier instanceof SandboxCarrier) {
        await api.register(sandboxRoutes(deps.carrier, deps.limiter));
        await api.register(simulatorRoutes(deps.carrier, deps.db.owner, deps.limiter));
      }
      // Always served (the same route list everywhere); only the Twilio carrier accepts a signature.
      await api.register(twilioWebhookRoutes(deps.carrier));
      await api.register(
        twilioVoiceWebhookRoutes({
          // Null under the sandbox: every signature then fails, as with the SMS webhooks.
          carrier: calls.deps.carrier === twilioVoice ? twilioVoice : null,
          entry: { receiveInboundCall, applyCarrierEvent, callForStaffLeg, answerFromDesk, greetingOf },
        }),
      );
      await api.register(realtime.routes);
    },
    { prefix: "/api" },
  );
  // Short links texted to contacts, outside /api; the router prefers /l/:code to the web app's /* fallback.
  await app.register(shortLinkRoutes(deps));
  if (deps.config.devTools) await app.register(devRoutes(deps));
  if (deps.config.WEB_DIST) await serveWeb(app, deps.config.WEB_DIST);
  return app;
}

/** The built web app from /, with history-mode routes falling back to index.html. */
async function serveWeb(app: FastifyInstance, dir: string): Promise<void> {
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, "index.html"))) {
    app.log.warn({ root }, "web app not built: run `npm run build -w @relais/web`");
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false });
  app.get("/*", { config: { public: true } }, (req, reply) => {
    if (req.url.startsWith("/api/")) return reply.callNotFound();
    const file = path.join(root, decodeURIComponent(req.url.split("?")[0] ?? "/"));
    if (file.startsWith(root + path.sep) && isFile(file)) {
      return reply.sendFile(path.relative(root, file));
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

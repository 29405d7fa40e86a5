import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from './config/env';
import type { Db } from './db/client';
import type { Deps } from './lib/deps';
import { createErrorTracker } from './lib/error-tracking';
import { createJobRunner, type JobRunner } from './lib/jobs';
import { redactLogObject, redactUrl, serializeError } from './lib/log-redaction';
import { createMailer, type Mailer } from './lib/mail';
import { memoryCounterStore, redisCounterStoreWithFallback, Throttle } from './lib/throttle';
import { activityRoutes } from './modules/activity/activity.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { agencyArchiveRoutes } from './modules/agency-archive/agency-archive.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { loadInvoiceCalendarEvents } from './modules/invoices/invoices.calendar';
import { createAssistantEngine, type AssistantEngine } from './modules/assistant/assistant.service';
import { chatRoutes } from './modules/chat/chat.routes';
import { draftsRoutes } from './modules/drafts/drafts.routes';
import { schedulingRoutes } from './modules/scheduling/scheduling.routes';
import { chatSocketRoutes, MAX_FRAME_BYTES } from './modules/chat/chat.ws';
import { candidatesRoutes } from './modules/candidates/candidates.routes';
import { resumeBulkRoutes } from './modules/resumes/resume-bulk.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes';
import { sequencesRoutes } from './modules/sequences/sequences.routes';
import { jobQualificationsRoutes } from './modules/roles/job-qualifications.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { jobPostingsRoutes } from './modules/job-postings/job-postings.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { mailboxesRoutes } from './modules/mailboxes/mailboxes.routes';
import { sharesRoutes } from './modules/shares/shares.routes';
import { dataProtectionRoutes } from './modules/data-protection/data-protection.routes';
import { privacyRoutes } from './modules/data-protection/privacy.routes';
import { matchingRoutes } from './modules/matching/matching.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes';
import { unsubscribesRoutes } from './modules/unsubscribes/unsubscribes.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { searchRoutes } from './modules/search/search.routes';
import { skillsRoutes } from './modules/skills/skills.routes';
import { resumesRoutes } from './modules/resumes/resumes.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { assertUploadOpen, startUploadSweeper } from './modules/files/files.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { publicConfigRoutes } from './modules/public-config/public-config.routes';
import { registrationRoutes } from './modules/registration/registration.routes';
import sessionLoader from './modules/sessions/session-loader';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { userAdminRoutes } from './modules/user-admin/user-admin.routes';
import { createStorage, type Storage } from './lib/storage';
import compressionPlugin from './plugins/compression';
import csrfPlugin from './plugins/csrf';
import errorHandler from './plugins/error-handler';
import openapiPlugin from './plugins/openapi';
import securityHeaders from './plugins/security-headers';
import spaPlugin from './plugins/spa';
import { storageLinks } from './plugins/storage-links';
import textInput from './plugins/text-input';
import './plugins/types';

export const BODY_LIMIT = 1024 * 1024;

export { redactUrl };

export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["x-csrftoken"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    // Every line: tokens in URLs are redacted wherever they appear; errors never carry query values.
    formatters: { log: (object) => redactLogObject(object) },
    serializers: {
      err: (error: Error) => serializeError(error) as { type: string; message: string; stack: string },
      req: (req: { method: string; url: string; hostname?: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  };
}

/** Where log lines go instead of stdout (tests capture them). */
export interface LogStream {
  write(line: string): void;
}

export interface AppDeps {
  db: Db;
  mailer?: Mailer;
  throttle?: Throttle;
  storage?: Storage;
  /** The job runner; default: one on `db` (not started: server.ts starts it, tests call drain()). */
  jobs?: JobRunner;
  logStream?: LogStream;
  /** The assistant behind the chat; default: the built-in analyst, or the model when AI_BASE_URL is set. */
  assistantEngine?: AssistantEngine;
  /** Called for every route as it is registered (tests walk the route table with it). */
  onRoute?: (route: { method: string | string[]; url: string; config?: { public?: boolean } }) => void;
}

/** TRUST_PROXY=<n>: the nearest n hops are proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT,
    // Off unless TRUST_PROXY names the reverse proxy: then request.ip and request.protocol come from
    // X-Forwarded-For / X-Forwarded-Proto (sessions, limits, logs and the Origin check).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Signed file links carry their token in the path.
    routerOptions: { maxParamLength: 2048 },
  }).withTypeProvider<ZodTypeProvider>();

  const onRoute = deps.onRoute;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty body with a JSON content type (e.g. a bodiless logout) is no body, not malformed JSON.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    jsonParser(request, body as string, done);
  });

  // ioredis loads only when REDIS_URL is set: the embedded default never needs it (decision 066).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false })
    : null;
  const counterStore = redis
    ? redisCounterStoreWithFallback(redis, app.log, config.now)
    : memoryCounterStore(config.now);
  const appDeps: Deps = {
    db: deps.db,
    config,
    mailer: deps.mailer ?? createMailer(config, app.log),
    throttle: deps.throttle ?? new Throttle(counterStore),
    storage: deps.storage ?? createStorage(config),
    log: app.log,
    errorTracker: await createErrorTracker(config),
    jobs: deps.jobs ?? createJobRunner(deps.db, app.log.child({ component: 'jobs' }), { pollMs: config.jobsPollMs }),
  };
  app.decorate('deps', appDeps);
  // In-flight responses during shutdown close their keep-alive connection so close() need not wait for it.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    // Running jobs are aborted and handed back to the queue before the database closes.
    await appDeps.jobs.stop();
    await appDeps.errorTracker?.close();
    appDeps.mailer.close();
    await counterStore.close();
  });

  await app.register(cookie);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(compressionPlugin);
  await app.register(sessionLoader);
  await app.register(csrfPlugin);
  await app.register(textInput);
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  await app.register(publicConfigRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(activityRoutes);
  await app.register(notificationsRoutes);
  await app.register(userAdminRoutes);
  await app.register(sessionsRoutes);
  await app.register(registrationRoutes);
  await app.register(settingsRoutes);
  await app.register(storageLinks, { assertUploadOpen: (key, userId) => assertUploadOpen(appDeps, key, userId) });
  await app.register(clientsRoutes);
  await app.register(contactsRoutes);
  await app.register(rolesRoutes);
  await app.register(jobQualificationsRoutes);
  await app.register(notesRoutes);
  await app.register(candidatesRoutes);
  await app.register(skillsRoutes);
  await app.register(resumesRoutes);
  await app.register(resumeBulkRoutes);
  await app.register(pipelinesRoutes);
  await app.register(applicationsRoutes);
  await app.register(jobPostingsRoutes);
  await app.register(importsRoutes);
  await app.register(matchingRoutes);
  await app.register(invoicesRoutes);
  await app.register(searchRoutes);
  // Email with candidates and clients (issue 33): the outbox, timelines, and the public unsubscribe page;
  // templates, bulk sends, the submittal email and sequences (they queue through the outbox).
  await app.register(messagesRoutes);
  await app.register(unsubscribesRoutes);
  await app.register(emailTemplatesRoutes);
  await app.register(campaignsRoutes);
  await app.register(sequencesRoutes);
  // Mailboxes kept in sync over IMAP; the Unmatched list (issue 33, docs/email.md "Receiving").
  await app.register(mailboxesRoutes);
  // The shortlist portal (issue 35, docs/client-portal.md): shares with client contacts and the public portal.
  await app.register(sharesRoutes);
  // Interview scheduling (issue 35): slots offered for a pipeline, the public links and their picks.
  await app.register(schedulingRoutes);
  // A candidate's personal data (issue 34): the access export, restriction, erasure (docs/data-protection.md).
  await app.register(personalDataRoutes);
  // Data protection (issue 34): consent, retention and its daily job, requests, the public privacy page.
  await app.register(dataProtectionRoutes);
  await app.register(privacyRoutes);
  // The calendar aggregates the records below it; the invoices' due dates and payouts come in here.
  await app.register(calendarRoutes, { invoiceEvents: loadInvoiceCalendarEvents });
  // Analytics and the dashboard's attention list read the records, pipelines and money below them.
  await app.register(analyticsRoutes);
  // The owner's chats with the assistant: REST, and the socket that carries the conversation (docs/assistant.md).
  await app.register(chatRoutes);
  await app.register(draftsRoutes);
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(chatSocketRoutes, { engine: deps.assistantEngine ?? createAssistantEngine(appDeps) });

  // The agency's data whole: exports and the agency archive's import (they read and write every table).
  await app.register(agencyArchiveRoutes);

  await app.register(spaPlugin);

  // Unconfirmed uploads older than 24 h go (security §16).
  let stopSweeper: (() => void) | undefined;
  app.addHook('onReady', async () => {
    stopSweeper = startUploadSweeper(appDeps);
  });
  app.addHook('onClose', async () => stopSweeper?.());
  return app;
}

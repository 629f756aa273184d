import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps.js';
import { registerAudit } from './plugins/audit.js';
import { registerAuth } from './plugins/auth.js';
import { registerEnvelope, sendError } from './plugins/envelope.js';
import { registerSecurityHeaders } from './plugins/headers.js';
import { consoleFallback, registerStatic, webDist } from './plugins/static.js';
import { registerStrictInput } from './plugins/strict-input.js';
import { MODULES } from './modules/index.js';
import type { ServerModule } from './modules/module.js';
import { ErrorCodes, pickLocale, PRODUCT_VERSION } from '@farmsense/shared';
import { endpoint } from '@farmsense/shared';
import { z } from 'zod';
import { serve } from './core/serve.js';

export type { Deps } from './deps.js';

/** Liveness for load balancers and monitoring: the server answers and knows its database. */
const HEALTH = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness: the server answers, with the kind of database it runs on',
  answer: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }),
});

export type App = FastifyInstance;

export interface BuildOptions {
  /** The process's logger (main.ts); none by default (tests, benchmarks). */
  logger?: FastifyBaseLogger;
  /** Sees every route as it is registered (the security tests read each route's `config`). */
  onRoute?: (route: RouteOptions) => void;
  /** The modules whose routes to register (default: all of modules/index.ts). */
  modules?: readonly ServerModule[];
}

export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Per-request lines would drown the log at device rates; writes are in the audit log anyway.
    logController: new LogController({ disableRequestLogging: true }),
    // The router's own refusals (a malformed URL, a path parameter over 100 characters) answer in
    // the envelope too; they happen before any hook, so the language is read here.
    frameworkErrors: (err, req, reply) => {
      req.locale = pickLocale(req.headers['accept-language']);
      return sendError(req, reply, ErrorCodes.PARAM_ERROR, null, err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400);
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Added before any route exists, so every module registered below is seen.
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerEnvelope(app);
  await registerSecurityHeaders(app);
  // Answers over 1 KB go out compressed (a day's trend or a shed list is mostly repeated keys).
  // Brotli at quality 4 costs about what gzip does and packs tighter; Node's default (11) would
  // spend more CPU than the bytes are worth. The console's files are compressed at build time.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'FarmSense API',
        version: PRODUCT_VERSION,
        description: 'Envelope { code, msg, data }; session token in the `token` header.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Before the guard: raw input is refused before a session is looked up (sign-in included).
  registerStrictInput(app);
  registerAuth(app, deps.database.db, deps.sessions);
  registerAudit(app, deps.database.db);

  serve(app, HEALTH, { tags: ['system'], public: true }, async () => ({ status: 'ok' as const, db: deps.database.kind }));

  for (const mod of opts.modules ?? MODULES) await app.register(async (scope) => mod.routes(scope, deps));

  const dist = webDist();
  if (dist) await registerStatic(app, dist);
  app.setNotFoundHandler(consoleFallback(dist, (req, reply) => sendError(req, reply, ErrorCodes.ROUTE_NOT_FOUND, null, 404)));
  return app;
}

/**
 * The start-up half of the module list: each module's jobs join deps.jobs and its ingest
 * subscribers deps.iot.ingest (startServices and createTestApp call it once per app, before the
 * link and the worker start).
 */
export function registerModuleWork(deps: Deps, modules: readonly ServerModule[] = MODULES): void {
  for (const mod of modules) {
    for (const job of mod.jobs ?? []) deps.jobs.register(job);
    for (const sub of mod.ingest ?? []) deps.iot.ingest.onCommitted(sub.name, (batch) => sub.onCommitted(batch, deps), sub);
  }
}

/** Each module's `start` (after registerModuleWork, before the job worker runs), in list order. */
export async function startModules(deps: Deps, modules: readonly ServerModule[] = MODULES): Promise<void> {
  for (const mod of modules) await mod.start?.(deps);
}

import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CATALOGUE, type Catalogue } from '@circula/model';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/routes.js';
import { AuthService } from './auth/auth-service.js';
import { installRequestAuth } from './auth/request-auth.js';
import { oidcRoutes } from './auth/oidc.js';
import { authRoutes } from './auth/routes.js';
import type { Config } from './config.js';
import { lookupRoutes } from './conf/lookups.js';
import { confRoutes } from './conf/routes.js';
import { documentRoutes } from './documents/routes.js';
import type { Db } from './db/connect.js';
import { DOMAIN_MODULES, JOB_REGISTRY, domainHooks } from './domain/index.js';
import type { AppContext } from './domain/module.js';
import { MailService } from './domain/mail/service.js';
import { installErrorHandler } from './http/errors.js';
import { installInputGuard } from './http/input-guard.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { serveWeb } from './http/web.js';
import { mapsRoutes } from './maps/routes.js';
import { installMonitor } from './monitor/recorder.js';
import { monitorRoutes } from './monitor/routes.js';
import type { HookRegistry } from './records/hooks.js';
import { importRoutes } from './records/import-routes.js';
import { recordRoutes } from './records/routes.js';
import { RecordService } from './records/service.js';
import { installScheduler } from './scheduler/index.js';
import { securityRoutes } from './security/routes.js';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: boolean | { level: string };
  /** The entities to serve; the application's own catalogue unless a test brings one. */
  catalogue?: Catalogue;
  hooks?: HookRegistry;
  /** The mail service; one of its own unless a test brings one (to flush it before asserting that nothing was sent). */
  mail?: MailService;
}

/** The Fastify application, on an already migrated and seeded database. */
export async function buildApp({ config, db, logger, catalogue = CATALOGUE, hooks = domainHooks(catalogue), mail: givenMail }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // unique across restarts and processes: the monitor keeps server errors by request id
    genReqId: () => randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installInputGuard(app);
  const monitor = installMonitor(app, db, config.slowQueryMs);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its CSS-in-JS into <style> elements at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', new URL(config.mapTilesUrl.replace(/\{[a-z]\}/g, 'a')).origin],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // the document viewer shows PDFs fetched with the bearer token as blob: frames
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // only meaningful behind HTTPS; on plain HTTP it would break every sub-resource on a LAN address
        upgradeInsecureRequests: config.baseUrl.startsWith('https://') ? [] : null,
      },
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Circula API', version: config.version, description: 'The HTTP contract of API.md' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' }, staticCSP: true });

  // every service once, before any route: no route registration builds what another needs
  const auth = new AuthService(db, config);
  const mail = givenMail ?? new MailService(db, config, app.log);
  app.addHook('onClose', async () => mail.close());
  const ctx: AppContext = { config, db, catalogue, auth, mail, records: new RecordService(db, catalogue, hooks) };

  installRequestAuth(app, auth, { publicDocs: !config.production });
  authRoutes(app, auth, config);
  oidcRoutes(app, db, auth, config);
  accountRoutes(app, ctx);
  securityRoutes(app, db, auth, mail);
  confRoutes(app, db, config, catalogue);
  await app.register(documentRoutes, { db, config, catalogue });
  lookupRoutes(app, db, catalogue);
  recordRoutes(app, catalogue, ctx.records);
  await app.register(importRoutes, { config, db, catalogue, records: ctx.records });
  for (const module of DOMAIN_MODULES) await module.routes?.(app, ctx);
  await app.register(mapsRoutes, { ctx });
  await app.register(monitorRoutes, { db, config, recorder: monitor });
  installScheduler(app, ctx, JOB_REGISTRY);
  await serveWeb(app, config.webDist);
  return app;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import { isAdmin, MONITOR_PAGE_VIEWS_PER_REPORT, SECURITY_EVENT_TYPES } from '@circula/model';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/request-auth.js';
import { registerPerUserRateLimit } from '../http/per-user-rate-limit.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { AppError, badRequest, unauthorized } from '../http/errors.js';
import { assertCan } from '../records/policy.js';
import { metricsText } from './metrics.js';
import { errors, parseMonitorPeriod, performance, security, usability } from './queries.js';
import type { MonitorRecorder } from './recorder.js';
import { withMonitorTables } from './tables.js';

/** Reports one browser (user, else address) may send per minute. */
export const CLIENT_ERRORS_PER_MINUTE = 20;
export const USABILITY_REPORTS_PER_MINUTE = 30;
/** Largest report body: a message and a stack, never a page's content. */
export const CLIENT_REPORT_MAX_BYTES = 32 * 1024;

const MONITOR = { authority: 'MONITOR' } as const;

const periodQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
});
const pagedQuery = periodQuery.extend({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

const isoInstant = z.string().max(40).refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), 'INVALID_FORMAT');

export const clientErrorSchema = z.object({
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(16_000).optional(),
  url: z.string().min(1).max(2000),
  userAgent: z.string().max(500).optional(),
  at: isoInstant,
});

/** A page's route pattern as the web names it (`users`, `users/:id`), never a URL with ids or a query. */
const routePattern = z.string().min(1).max(120).regex(/^[A-Za-z0-9:/_*-]+$/, 'INVALID_FORMAT');

export const usabilitySchema = z.object({
  views: z
    .array(z.object({ route: routePattern, enteredAt: isoInstant, leftAt: isoInstant }))
    .min(1)
    .max(MONITOR_PAGE_VIEWS_PER_REPORT),
});


export interface MonitorRoutesOptions {
  db: Db;
  config: Config;
  recorder: MonitorRecorder;
}

/**
 * API.md "Monitor": the four pages' answers (administrators and managers: MONITOR_R, checked
 * on every call), the web app's own reports, and `GET /metrics` (Prometheus text).
 */
export async function monitorRoutes(app: FastifyInstance, { db, config, recorder }: MonitorRoutesOptions): Promise<void> {
  await registerPerUserRateLimit(app, db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['monitor'];
  const mdb = withMonitorTables(db);

  const reader = (request: FastifyRequest) => {
    const principal = requirePrincipal(request);
    assertCan(principal, MONITOR, 'R');
    return principal;
  };

  r.get('/api/monitor/errors', { schema: { tags, querystring: pagedQuery.extend({ source: z.enum(['SERVER', 'CLIENT']).optional() }) } }, async (request) => {
    const principal = reader(request);
    const period = parseMonitorPeriod(request.query.from, request.query.to);
    await recorder.flush();
    return { data: await errors(db, period, request.query, isAdmin(principal), request.query.source) };
  });

  r.get('/api/monitor/performance', { schema: { tags, querystring: periodQuery } }, async (request) => {
    reader(request);
    const period = parseMonitorPeriod(request.query.from, request.query.to);
    await recorder.flush();
    return { data: await performance(db, period) };
  });

  r.get('/api/monitor/security', { schema: { tags, querystring: pagedQuery.extend({ type: z.enum(SECURITY_EVENT_TYPES).optional() }) } }, async (request) => {
    reader(request);
    const period = parseMonitorPeriod(request.query.from, request.query.to);
    return { data: await security(db, period, request.query, request.query.type) };
  });

  r.get('/api/monitor/usability', { schema: { tags, querystring: periodQuery } }, async (request) => {
    reader(request);
    const period = parseMonitorPeriod(request.query.from, request.query.to);
    return { data: await usability(db, period) };
  });

  // a browser reports its errors even before sign-in (the sign-in page's own): public, limited per address
  r.post(
    '/api/monitor/client-errors',
    {
      schema: { tags, body: clientErrorSchema },
      bodyLimit: CLIENT_REPORT_MAX_BYTES,
      config: { public: true, rateLimit: { max: CLIENT_ERRORS_PER_MINUTE, timeWindow: 60_000, groupId: 'monitor-client-errors' } },
    },
    async (request, reply) => {
      const body = request.body;
      await mdb
        .insertInto('monitor_error')
        .values({
          source: 'CLIENT',
          message: body.message,
          stack: body.stack ?? null,
          url: body.url,
          user_agent: body.userAgent ?? request.headers['user-agent']?.slice(0, 500) ?? null,
          user_id: request.principal?.userId ?? null,
          address: request.ip,
          // the browser's clock may be wrong: the time it says, unless it is in the future
          at: new Date(Math.min(Date.parse(body.at), Date.now())),
        })
        .execute();
      recorder.metrics.clientErrors.inc();
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/monitor/usability',
    {
      schema: { tags, body: usabilitySchema },
      bodyLimit: CLIENT_REPORT_MAX_BYTES,
      config: { rateLimit: { max: USABILITY_REPORTS_PER_MINUTE, timeWindow: 60_000, groupId: 'monitor-usability' } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const now = Date.now();
      const rows = request.body.views.map((view) => {
        const entered = Date.parse(view.enteredAt);
        const left = Date.parse(view.leftAt);
        if (left < entered || entered > now + 60_000) throw badRequest('MONITOR_INVALID_PAGE_VIEW');
        // a tab left open over a weekend is not a day of reading: at most an hour on one page
        return { user_id: principal.userId, route: view.route, entered_at: new Date(entered), left_at: new Date(left), duration_ms: Math.min(left - entered, 3_600_000) };
      });
      await mdb.insertInto('monitor_page_view').values(rows).execute();
      return reply.status(204).send();
    },
  );

  // Prometheus scrapes without a session: METRICS_TOKEN, else only from this machine
  app.get('/metrics', { config: { public: true } }, async (request, reply) => {
    if (config.metricsToken) {
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${config.metricsToken}`)) throw unauthorized();
    } else if (!isLoopback(request.socket.remoteAddress)) {
      throw new AppError(403, 'FORBIDDEN', 'METRICS_LOOPBACK_ONLY');
    }
    const registry = recorder.metrics.registry;
    // with several server processes (WORKERS), every process's figures summed (metrics.ts)
    return reply.header('content-type', registry.contentType).send(await metricsText(recorder.metrics));
  });
}

/** The connection's own address (not X-Forwarded-For: behind a proxy every client would look local). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Compared in constant time (over digests: the lengths may differ). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

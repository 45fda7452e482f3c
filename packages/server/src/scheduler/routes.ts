import { dataOf, parseQuartzCron, schedulerEntry } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/request-auth.js';
import { nextQuartzOccurrence } from '../domain/configuration/cron.js';
import { CRON_NEVER_FIRES } from '../domain/configuration/scheduler.js';
import { constraintViolation, notFound } from '../http/errors.js';
import { assertCan } from '../records/policy.js';
import { jobLabel, type JobRegistry } from './jobs.js';
import type { SchedulerRunner } from './runner.js';
import { RUN_STATUSES, RUN_TRIGGERS, withSchedulerTables } from './tables.js';

const BASE = '/api/conf/scheduler';
const PREVIEW_MAX = 20;

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const labelSchema = z.object({ it: z.string(), en: z.string() });

export const schedulerRunSchema = z.object({
  id: z.number().int(),
  schedulerId: z.number().int(),
  job: z.string(),
  trigger: z.enum(RUN_TRIGGERS),
  status: z.enum(RUN_STATUSES),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  log: z.string(),
  error: z.string().nullable(),
  triggeredBy: z.string().nullable(),
});

const validZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The scheduler's calls beyond the generic record ones (API.md "scheduler"): the registered jobs
 * (`GET …/jobs`), the next run times of an expression (`GET …/preview`, for the cron helper),
 * "run now" (`POST …/{id}/run` → `{data:{runId}}`, 409 SCHEDULER_RUN_IN_PROGRESS while a run of
 * the entry runs) and an entry's runs, newest first (`GET …/{id}/runs`). Reading needs the
 * scheduler's read authority; running, its write authority.
 */
export function schedulerRoutes(app: FastifyInstance, runner: SchedulerRunner, jobs: JobRegistry): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sdb = withSchedulerTables(runner.db);
  const tags = ['scheduler'];

  r.get(
    `${BASE}/jobs`,
    { schema: { tags, response: { 200: dataOf(z.array(z.object({ code: z.string(), label: labelSchema, defaults: z.record(z.string(), z.unknown()) }))) } } },
    async (request) => {
      assertCan(requirePrincipal(request), schedulerEntry, 'R');
      return { data: jobs.list().map((job) => ({ code: job.code, label: jobLabel(job.code), defaults: jobs.defaults(job) })) };
    },
  );

  r.get(
    `${BASE}/preview`,
    {
      schema: {
        tags,
        querystring: z.object({
          cron: z.string().max(120),
          timezone: z.string().max(64).optional(),
          count: z.coerce.number().int().min(1).max(PREVIEW_MAX).optional(),
        }),
        response: { 200: dataOf(z.object({ expression: z.string(), timezone: z.string(), runs: z.array(z.string()) })) },
      },
    },
    async (request) => {
      assertCan(requirePrincipal(request), schedulerEntry, 'R');
      const { cron, count = 5 } = request.query;
      const timezone = request.query.timezone || 'Europe/Rome';
      if (!validZone(timezone)) throw constraintViolation([{ field: 'timezone', message: 'INVALID' }]);
      const parsed = parseQuartzCron(cron);
      if (parsed.error !== undefined) throw constraintViolation([{ field: 'cron', message: parsed.error }]);
      const runs: string[] = [];
      let after = new Date();
      for (let i = 0; i < count; i += 1) {
        const next = nextQuartzOccurrence(parsed.schedule, timezone, after);
        if (!next) break;
        runs.push(next.toISOString());
        after = next;
      }
      if (runs.length === 0) throw constraintViolation([{ field: 'cron', message: CRON_NEVER_FIRES }]);
      return { data: { expression: parsed.schedule.expression, timezone, runs } };
    },
  );

  r.post(
    `${BASE}/:id/run`,
    { schema: { tags, params: idParams, response: { 202: dataOf(z.object({ runId: z.number().int() })) } } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      assertCan(principal, schedulerEntry, 'W');
      const runId = await runner.runNow(request.params.id, principal.username);
      return reply.code(202).send({ data: { runId } });
    },
  );

  r.get(
    `${BASE}/:id/runs`,
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ page: z.coerce.number().int().min(0).max(1_000_000).optional(), size: z.coerce.number().int().min(1).max(100).optional() }),
        response: { 200: dataOf(z.object({ items: z.array(schedulerRunSchema), total: z.number().int(), page: z.number().int(), size: z.number().int() })) },
      },
    },
    async (request) => {
      assertCan(requirePrincipal(request), schedulerEntry, 'R');
      const id = request.params.id;
      const page = request.query.page ?? 0;
      const size = request.query.size ?? 20;
      const entry = await sdb.selectFrom('scheduler').select('id').where('id', '=', id).where('deleted', '=', false).executeTakeFirst();
      if (!entry) throw notFound();
      const base = sdb.selectFrom('scheduler_run').where('scheduler_id', '=', id);
      const rows = await base.selectAll().orderBy('started_at', 'desc').orderBy('id', 'desc').limit(size).offset(page * size).execute();
      const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      return {
        data: {
          items: rows.map((row) => ({
            id: Number(row.id),
            schedulerId: Number(row.scheduler_id),
            job: row.job,
            trigger: row.trigger,
            status: row.status,
            startedAt: iso(row.started_at)!,
            endedAt: iso(row.ended_at),
            durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
            log: row.log,
            error: row.error,
            triggeredBy: row.triggered_by,
          })),
          total,
          page,
          size,
        },
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../domain/module.js';
import type { JobRegistry } from './jobs.js';
import { schedulerRoutes } from './routes.js';
import { SchedulerRunner } from './runner.js';

const runners = new WeakMap<FastifyInstance, SchedulerRunner>();

/** The scheduler runner of an application (tests tick it by hand and wait for its runs). */
export const schedulerOf = (app: FastifyInstance): SchedulerRunner | undefined => runners.get(app);

/**
 * The scheduler of one application: its routes, and its runner, which once the app is ready
 * fails the runs a dead process left RUNNING and then ticks every SCHEDULER_TICK_SECONDS (0: never).
 * Closing the app stops the timer and waits for the runs of this process.
 *
 * It lives in `src/scheduler` (ARCHITECTURE.md) rather than in the configuration module: it is
 * engine, not domain — it runs the jobs every domain module declares (DomainModule.jobs).
 */
export function installScheduler(app: FastifyInstance, ctx: AppContext, jobs: JobRegistry): SchedulerRunner {
  const runner = new SchedulerRunner({
    db: ctx.db,
    jobs,
    context: { db: ctx.db, config: ctx.config, catalogue: ctx.catalogue, mail: ctx.mail },
    log: app.log,
    embedded: ctx.config.databaseUrl === null,
  });
  runners.set(app, runner);
  schedulerRoutes(app, runner, jobs);
  app.addHook('onReady', async () => {
    const failed = await runner.recoverInterrupted();
    if (failed > 0) app.log.warn(`Scheduler: ${failed} run(s) interrupted by a restart marked failed`);
    runner.start(ctx.config.schedulerTickSeconds);
  });
  app.addHook('onClose', async () => runner.close());
  return runner;
}

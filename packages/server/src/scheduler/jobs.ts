import { lookupTable, schedulerEntry, type Catalogue, type Label } from '@circula/model';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { MailService } from '../domain/mail/service.js';
import { constraintViolation } from '../http/errors.js';
import type { HookRegistry, RecordData } from '../records/hooks.js';

export const JOB_NOT_REGISTERED = 'JOB_NOT_REGISTERED';
export const INVALID_JOB_PARAMETERS = 'INVALID_JOB_PARAMETERS';

/** What a running job writes to its run's log (kept with the run, shown in the runs tab). */
export interface JobLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The services a job runs with. */
export interface JobContext {
  db: Db;
  config: Config;
  catalogue: Catalogue;
  mail: MailService;
  /** The instant the run started: "today", "expired", "older than" are measured from it. */
  now: Date;
}

/**
 * A job the scheduler runs, declared by the domain module it belongs to (DomainModule.jobs): its
 * code (a value of the SCHEDULER_JOB table, where its label lives), the schema of its parameters
 * (a zod object whose fields all have defaults: `{}` gives the defaults) and its work. What `run`
 * answers is the run's summary, the log's last line.
 */
export interface ScheduledJob<P extends z.ZodType<Record<string, unknown>> = z.ZodType<Record<string, unknown>>> {
  code: string;
  parameters: P;
  run(ctx: JobContext, params: z.output<P>, log: JobLog): Promise<string | void>;
}

/** Declares a job with its parameters typed from its schema. */
export const defineJob = <P extends z.ZodType<Record<string, unknown>>>(job: ScheduledJob<P>): ScheduledJob => job as unknown as ScheduledJob;

/** The label of a job code (SCHEDULER_JOB), the code itself when the table does not name it. */
export function jobLabel(code: string): Label {
  const value = lookupTable('SCHEDULER_JOB')?.values.find((v) => v.code === code);
  return value ? { it: value.it, en: value.en } : { it: code, en: code };
}

/** The jobs of every domain module, by code. */
export class JobRegistry {
  readonly #jobs = new Map<string, ScheduledJob>();

  constructor(jobs: readonly ScheduledJob[]) {
    for (const job of jobs) {
      if (this.#jobs.has(job.code)) throw new Error(`scheduler: job ${job.code} declared twice`);
      this.#jobs.set(job.code, job);
    }
  }

  get(code: string): ScheduledJob | undefined {
    return this.#jobs.get(code);
  }

  list(): ScheduledJob[] {
    return [...this.#jobs.values()];
  }

  /** The job's defaults: its schema applied to `{}`. */
  defaults(job: ScheduledJob): Record<string, unknown> {
    return job.parameters.parse({});
  }

  /** The parameters a run uses: the entry's (null: none) over the job's defaults; throws a ZodError when invalid. */
  parameters(job: ScheduledJob, given: unknown): Record<string, unknown> {
    return job.parameters.parse(given ?? {});
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Scheduler entries name a registered job, and parameters that job accepts: on create and on
 * every update that touches the job or the parameters, the parameters are checked against the
 * job's schema and stored complete (its defaults filled in, so the form shows what runs). A new
 * job without parameters gets its defaults; parameters of another job are refused, not carried over.
 */
export function registerSchedulerJobHooks(registry: HookRegistry, jobs: JobRegistry): HookRegistry {
  const check = (entry: RecordData, values: RecordData): RecordData => {
    const code = String(entry.job ?? '');
    const job = jobs.get(code);
    if (!job) throw constraintViolation([{ field: 'job', message: JOB_NOT_REGISTERED }]);
    if (values.job === undefined && values.parameters === undefined) return values;
    const given = values.parameters !== undefined ? values.parameters : values.job !== undefined ? null : entry.parameters;
    if (given !== null && given !== undefined && !isObject(given)) throw constraintViolation([{ field: 'parameters', message: INVALID_JOB_PARAMETERS }]);
    const parsed = job.parameters.safeParse(given ?? {});
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path.join('.') ?? '';
      throw constraintViolation([{ field: 'parameters', message: INVALID_JOB_PARAMETERS, params: { parameter: path } }]);
    }
    return { ...values, parameters: parsed.data };
  };
  registry.register(schedulerEntry, {
    async beforeCreate(_ctx, values) {
      return check(values, values);
    },
    async beforeUpdate(_ctx, current, values) {
      return check({ ...current, ...values }, values);
    },
  });
  return registry;
}

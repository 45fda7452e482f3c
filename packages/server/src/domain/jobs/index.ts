import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { DomainModule } from '../module.js';
import { seedDemoJobs } from './demo.js';
import { registerJobHooks } from './hooks.js';
import { jobTotals } from './totals.js';

const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * Business jobs (commesse, issue 20): the date rule of a job, its totals
 * (`GET /api/jobs/job/{id}/totals`) and demo jobs linking some demo requests, transports and invoices.
 */
export const jobsModule: DomainModule = {
  name: 'jobs',
  hooks: registerJobHooks,
  routes(app, ctx) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/jobs/job/:id/totals', { schema: { tags: ['jobs'], params } }, async (request) => ({
      data: await jobTotals(ctx, requirePrincipal(request), request.params.id),
    }));
  },
  demo: seedDemoJobs,
};

import { todayInItaly, type DashboardAnswer } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { AppContext } from '../module.js';
import { parsePeriod } from './period.js';
import { dashboardDb, deadlinesSection, invoicesSection, requestsSection, stockSection, tonnesSection, transportsSection, type DashboardContext } from './sections.js';

const dashboardQuery = z.object({
  /** yyyy-mm-dd; default the first day of the month eleven months before `to`. */
  from: z.string().max(40).optional(),
  /** yyyy-mm-dd; default today. */
  to: z.string().max(40).optional(),
});

/**
 * `GET /api/dashboard?from=&to=` (API.md "Operations"): the dashboard's figures for the user, only
 * what the user may read (a section they may not read is absent). The sections run side by side.
 */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard', { schema: { tags: ['dashboard'], querystring: dashboardQuery } }, async (request) => {
    const principal = requirePrincipal(request);
    const today = todayInItaly();
    const period = parsePeriod(request.query.from, request.query.to, today);
    const dc: DashboardContext = { ctx, principal, ...period, today, ...dashboardDb(ctx.db) };
    const [requests, transports, tonnes, stock, deadlines, invoices] = await Promise.all([
      requestsSection(dc),
      transportsSection(dc),
      tonnesSection(dc),
      stockSection(dc),
      deadlinesSection(dc),
      invoicesSection(dc),
    ]);
    const data: DashboardAnswer = {
      ...period,
      today,
      ...(requests ? { requests } : {}),
      ...(transports ? { transports } : {}),
      ...(tonnes ? { tonnes } : {}),
      ...(stock ? { stock } : {}),
      ...(deadlines ? { deadlines } : {}),
      ...(invoices ? { invoices } : {}),
    };
    return { data };
  });
}

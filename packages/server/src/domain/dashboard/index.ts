import type { DomainModule } from '../module.js';
import { dashboardRoutes } from './routes.js';

/**
 * The dashboard (issue 20, `GET /api/dashboard`): per user, the figures of the lists they may
 * read, each with the filtered list it is counted from. A read call over other modules' records.
 */
export const dashboardModule: DomainModule = { name: 'dashboard', routes: dashboardRoutes };

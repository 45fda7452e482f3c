import type { DomainModule } from '../module.js';
import { calendarRoutes } from './routes.js';

/**
 * The calendar of requests and field activities (`GET /api/calendar/events`): planning by
 * drag-and-drop goes through the generic record calls, so the module adds only its read call.
 */
export const calendarModule: DomainModule = { name: 'calendar', routes: calendarRoutes };

import type { AreaPageSlot, WebDomainModule } from '../slots';
import { MONITOR_ROUTES } from './monitor-api';

const page: AreaPageSlot = { load: async () => (await import('./MonitorPage')).default };

/** The monitor's four areas (administrators and managers: MONITOR_R), each a page of its own, loaded on first use. */
export const monitor: WebDomainModule = {
  name: 'monitor',
  routes: Object.fromEntries(Object.keys(MONITOR_ROUTES).map((route) => [route, { page }])),
};

import type { ListSlotContext, RouteSlots, WebDomainModule } from '../slots';
import { BulkActions } from './BulkActions';

/** The routes of movement requests: each kind's view and the list of every kind. */
export const REQUEST_ROUTES = ['rdr', 'rdt', 'ppc', 'r3t', 'ur', 'movement-requests'] as const;

const bulk = {
  key: 'bulk-status',
  render: ({ target, conf, selected, reload }: ListSlotContext) => <BulkActions target={target} selected={selected} canWrite={conf?.canWrite === true} reload={reload} />,
};

const slots: RouteSlots = { listActions: [bulk] };

/**
 * Movement requests: bulk accept / refuse / plan on the lists; the pickup-request route is the
 * owners' landing page (their open requests first, a new request one click away).
 */
export const requests: WebDomainModule = {
  name: 'requests',
  routes: {
    ...Object.fromEntries(REQUEST_ROUTES.map((route) => [route, slots])),
    rdr: { ...slots, page: { load: () => import('./RequestsPage').then((m) => m.default) } },
  },
};

import { AREAS, CATALOGUE } from '@circula/model';
import type { RouteObject } from 'react-router';
import { AreaPlaceholderPage, type AreaMode } from './AreaPlaceholderPage';
import { ownAreaPage } from '../features/security/own-pages';

/**
 * Areas loaded lazily (spec §2 "Further lazily loaded areas"; change-password and the password
 * recovery are lazy pages of their own) and the monitor areas, which are guarded before loading.
 */
export const LAZY_AREAS: ReadonlySet<string> = new Set([
  'requester',
  'intermediary',
  'registry',
  'retailers',
  'companies',
  'notes',
  'subject-notes',
  'subject-documents',
  'process-documents',
  'activity-attach',
  'process-notes',
  'job',
  'monitor-errors',
  'monitor-performance',
  'monitor-security',
  'monitor-usability',
]);

/** Routes with a page of their own instead of the generic record pages. */
const OWN_PAGES: ReadonlySet<string> = new Set(['dashboard']);

const SUB_ROUTES: { path?: string; mode: AreaMode }[] = [
  { mode: 'list' },
  { path: 'new', mode: 'new' },
  { path: ':id', mode: 'show' },
  { path: ':id/edit', mode: 'edit' },
  { path: ':id/virtual-folder/:back', mode: 'virtual-folder' },
];

/**
 * Areas the catalogue declares get the generic record pages (each in its own chunk, loaded on
 * first use); the others keep the placeholder until their entity exists.
 */
function genericPage(route: string, mode: AreaMode): Pick<RouteObject, 'lazy'> {
  if (mode === 'list') {
    return {
      lazy: async () => {
        const { RecordListPage } = await import('./list/RecordListPage');
        return { element: <RecordListPage route={route} /> };
      },
    };
  }
  return {
    lazy: async () => {
      const { RecordPage } = await import('./form/RecordPage');
      return { element: <RecordPage route={route} mode={mode} /> };
    },
  };
}

function page(route: string, mode: AreaMode): Pick<RouteObject, 'element' | 'lazy'> {
  const own = ownAreaPage(route, mode);
  if (own) return own;
  if (CATALOGUE.target(route)) return genericPage(route, mode);
  if (!LAZY_AREAS.has(route)) return { element: <AreaPlaceholderPage route={route} mode={mode} /> };
  return {
    lazy: async () => {
      const { LazyAreaPage } = await import('./LazyAreaPage');
      return { element: <LazyAreaPage route={route} mode={mode} /> };
    },
  };
}

/**
 * `/{route}`, `/{route}/new`, `/{route}/:id`, `/{route}/:id/edit`, `/{route}/:id/virtual-folder/:back`
 * for every area of the spec and every catalogue target that is not one (table values, reached
 * from their lookup table).
 */
export function areaRoutes(): RouteObject[] {
  const routes = [
    ...AREAS.filter((area) => !OWN_PAGES.has(area.route)).map((area) => area.route),
    ...CATALOGUE.targets.filter((target) => !AREAS.some((area) => area.route === target.route)).map((target) => target.route),
  ];
  return routes.map((route) => ({
    path: route,
    children: SUB_ROUTES.map(({ path, mode }) => (path ? { path, ...page(route, mode) } : { index: true, ...page(route, mode) })),
  }));
}

import { AREAS, CATALOGUE } from '@circula/model';
import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import type { AreaPageProps, AreaPageSlot, SlotRegistry } from '../domain/slots';
import { AreaGuard } from './AreaGuard';
import { AreaPlaceholderPage, type AreaMode } from './AreaPlaceholderPage';

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

// one component per page, shared by the area's sub-routes: moving from `/users` to `/users/3`
// keeps the page mounted (it opens the drawer) instead of loading it again
const lazyPages = new WeakMap<AreaPageSlot, LazyExoticComponent<ComponentType<AreaPageProps>>>();
function lazyPage(slot: AreaPageSlot): LazyExoticComponent<ComponentType<AreaPageProps>> {
  let page = lazyPages.get(slot);
  if (!page) {
    page = lazy(async () => ({ default: await slot.load() }));
    lazyPages.set(slot, page);
  }
  return page;
}

/**
 * The page a web domain module puts in place of the generic ones: the area's guard answers first
 * (403 without fetching the page), then the page's own chunk loads.
 */
function replacementPage(route: string, mode: AreaMode, slot: AreaPageSlot): Pick<RouteObject, 'element'> {
  const Page = lazyPage(slot);
  return {
    element: (
      <AreaGuard route={route}>
        {(rights) => (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
            <Page route={route} mode={mode} rights={rights} />
          </Suspense>
        )}
      </AreaGuard>
    ),
  };
}

function page(route: string, mode: AreaMode, slots: SlotRegistry): Pick<RouteObject, 'element' | 'lazy'> {
  const replacement = slots.route(route).page;
  if (replacement) return replacementPage(route, mode, replacement);
  if (CATALOGUE.target(route)) return genericPage(route, mode);
  if (!LAZY_AREAS.has(route)) return { element: <AreaPlaceholderPage route={route} mode={mode} /> };
  return {
    lazy: async () => {
      const { LazyAreaPage } = await import('./LazyAreaPage');
      return { element: <LazyAreaPage route={route} mode={mode} /> };
    },
  };
}

/** The registry itself, or how to load it on first use. */
export type SlotSource = SlotRegistry | (() => Promise<SlotRegistry>);

/**
 * The web domain modules' registry, loaded with the first area page instead of with the sign-in
 * page: the modules bring their toolbar actions (pickers, modals) along (issue 14).
 */
const loadWebSlots = async (): Promise<SlotRegistry> => (await import('../domain')).WEB_SLOTS;

/** The page of a sub-route: decided at once from a registry, or once the registry has loaded. */
function slotPage(route: string, mode: AreaMode, slots: SlotSource): Pick<RouteObject, 'element' | 'lazy'> {
  if (typeof slots !== 'function') return page(route, mode, slots);
  return {
    lazy: async () => {
      const decided = page(route, mode, await slots());
      if (decided.element !== undefined) return { element: decided.element };
      const lazyRoute = decided.lazy;
      return typeof lazyRoute === 'function' ? await lazyRoute() : {};
    },
  };
}

/**
 * `/{route}`, `/{route}/new`, `/{route}/:id`, `/{route}/:id/edit`, `/{route}/:id/virtual-folder/:back`
 * for every area of the spec and every catalogue target that is not one (table values, reached
 * from their lookup table).
 */
export function areaRoutes(slots: SlotSource = loadWebSlots): RouteObject[] {
  const routes = [
    ...AREAS.filter((area) => !OWN_PAGES.has(area.route)).map((area) => area.route),
    ...CATALOGUE.targets.filter((target) => !AREAS.some((area) => area.route === target.route)).map((target) => target.route),
  ];
  return routes.map((route) => ({
    path: route,
    children: SUB_ROUTES.map(({ path, mode }) => (path ? { path, ...slotPage(route, mode, slots) } : { index: true, ...slotPage(route, mode, slots) })),
  }));
}

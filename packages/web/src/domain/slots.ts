import type { EntityConf, Label, Target } from '@circula/model';
import type { ComponentType, ReactNode } from 'react';
import type { AreaRights } from '../records/AreaGuard';
import type { AreaMode } from '../records/AreaPlaceholderPage';
import type { RecordController } from '../records/form/useRecordController';
import type { ToolbarButton } from '../records/form/RecordToolbar';
import type { ListRecord } from '../records/list/list-api';

/** What a slot of the record page sees: the page's target and its controller (record, mode, save…). */
export interface RecordSlotContext {
  target: Target;
  controller: RecordController;
}

/** An extra tab of the record page; the form is the first tab, `data`. */
export interface RecordTabSlot {
  /** Unique on the route; also the value a virtual-folder default-tab preference stores. */
  key: string;
  label: Label;
  /** Shown only when true (default: always). */
  visible?: (context: RecordSlotContext) => boolean;
  render: (context: RecordSlotContext) => ReactNode;
}

/** An extra section of the record page, below the form's fields (in the `data` tab). */
export interface RecordSectionSlot {
  key: string;
  visible?: (context: RecordSlotContext) => boolean;
  render: (context: RecordSlotContext) => ReactNode;
}

/** An extra button of the record toolbar, after the generic ones; null hides it. */
export interface RecordActionSlot {
  key: string;
  button: (context: RecordSlotContext, t: (key: string) => string) => ToolbarButton | null;
}

/** What a slot of the list page sees. */
export interface ListSlotContext {
  target: Target;
  /** The user's abilities on the route, null while unknown. */
  conf: EntityConf | null;
  /** The rows the user selected in the list (bulk actions act on them). */
  selected: readonly ListRecord[];
  /** Reloads the list (after a bulk action). */
  reload: () => void;
}

/** An extra control of the list toolbar, next to "New". */
export interface ListActionSlot {
  key: string;
  render: (context: ListSlotContext) => ReactNode;
}

export interface AreaPageProps {
  route: string;
  mode: AreaMode;
  rights: AreaRights;
}

/**
 * A page that replaces the generic list and record pages of an area, for every sub-route
 * (`/new`, `/:id`, `/:id/edit`…): the area's guard answers first (403 without fetching the page),
 * then `load` fetches the page's own chunk.
 */
export interface AreaPageSlot {
  load: () => Promise<ComponentType<AreaPageProps>>;
}

/** Everything a web domain module may add to one route. */
export interface RouteSlots {
  tabs?: readonly RecordTabSlot[];
  sections?: readonly RecordSectionSlot[];
  recordActions?: readonly RecordActionSlot[];
  listActions?: readonly ListActionSlot[];
  /** A page of its own instead of the generic list and record pages. */
  page?: AreaPageSlot;
  /**
   * spec §3 "virtual-folder default tab": the user preference that keeps the tab the record
   * opens on in its virtual folder; the tab chosen there is remembered under it.
   */
  virtualFolderTabPreference?: string;
}

/** One domain area of the web app: its additions to the generic pages, by route. */
export interface WebDomainModule {
  name: string;
  routes: Readonly<Record<string, RouteSlots>>;
}

export interface SlotRegistry {
  /** What every module adds to the route, in module order (empty when none does). */
  route(route: string): Required<Omit<RouteSlots, 'page' | 'virtualFolderTabPreference'>> & Pick<RouteSlots, 'page' | 'virtualFolderTabPreference'>;
  /** The routes a module replaces the pages of. */
  replacedRoutes(): string[];
}

const EMPTY = { tabs: [], sections: [], recordActions: [], listActions: [] } as const;

function uniqueKeys(route: string, kind: string, slots: readonly { key: string }[]): void {
  const seen = new Set<string>();
  for (const { key } of slots) {
    if (seen.has(key)) throw new Error(`web domain modules: two ${kind} "${key}" on route "${route}"`);
    seen.add(key);
  }
}

/**
 * Merges the modules' additions route by route. Two modules may add tabs, sections and actions to
 * one route, but only one may replace its pages or name its preference: a second one is an error
 * at start, not a silent override.
 */
export function createSlotRegistry(modules: readonly WebDomainModule[]): SlotRegistry {
  const byRoute = new Map<string, ReturnType<SlotRegistry['route']>>();
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const [route, slots] of Object.entries(module.routes)) {
      const merged = byRoute.get(route) ?? { ...EMPTY };
      for (const single of ['page', 'virtualFolderTabPreference'] as const) {
        if (slots[single] === undefined) continue;
        const previous = owner.get(`${route}:${single}`);
        if (previous) throw new Error(`web domain modules "${previous}" and "${module.name}" both set ${single} of route "${route}"`);
        owner.set(`${route}:${single}`, module.name);
      }
      const next = {
        tabs: [...merged.tabs, ...(slots.tabs ?? [])],
        sections: [...merged.sections, ...(slots.sections ?? [])],
        recordActions: [...merged.recordActions, ...(slots.recordActions ?? [])],
        listActions: [...merged.listActions, ...(slots.listActions ?? [])],
        page: slots.page ?? merged.page,
        virtualFolderTabPreference: slots.virtualFolderTabPreference ?? merged.virtualFolderTabPreference,
      };
      uniqueKeys(route, 'tabs', [{ key: 'data' }, ...next.tabs]);
      uniqueKeys(route, 'sections', next.sections);
      uniqueKeys(route, 'record actions', next.recordActions);
      uniqueKeys(route, 'list actions', next.listActions);
      byRoute.set(route, next);
    }
  }
  return {
    route: (route) => byRoute.get(route) ?? EMPTY,
    replacedRoutes: () => [...byRoute].filter(([, slots]) => slots.page).map(([route]) => route),
  };
}

import type { EntityConf } from '@circula/model';

/** Spec §9: dimensions of the global search bar and its dropdown. */
export const SEARCH_ITEM_HEIGHT = 40;
export const SEARCH_HEADER_OFFSET = 48;
export const SEARCH_DROPDOWN_MAX_FRACTION = 0.75;
export const SEARCH_INPUT_MAX_WIDTH = 200;

/**
 * Keys of the global search preference (spec §2 "User preferences" names none): the order is a
 * list of entity route paths, the visibility a map route path → boolean. Both are JSON values.
 */
export const ORDER_PREFERENCE_KEY = 'global-search-order';
export const VISIBILITY_PREFERENCE_KEY = 'global-search-visibility';

export interface SearchTarget {
  route: string;
  icon: string;
  label: string;
  canCreate: boolean;
}

export interface SearchPreference {
  order: string[];
  visibility: Record<string, boolean>;
}

/** A configured target with its visibility, as the configuration mode edits it. */
export interface ConfiguredTarget extends SearchTarget {
  visible: boolean;
}

/** Spec §6: only readable, configuration-type entities marked visible for the global search. */
export function searchableTargets(entities: readonly EntityConf[]): SearchTarget[] {
  return entities
    .filter((e) => e.type === 'configuration' && e.canRead && e.globalSearch.isVisible)
    .map((e) => ({
      route: e.route,
      icon: e.globalSearch.icon || e.icon,
      label: e.globalSearch.label || e.name,
      canCreate: e.canCreate,
    }));
}

/** A stored value may arrive parsed or as a JSON string (spec §3: "some values JSON-encoded"). */
function decode(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** The global search preference out of the user's preferences; malformed values are ignored. */
export function readSearchPreference(preferences: Readonly<Record<string, unknown>>): SearchPreference {
  const order = decode(preferences[ORDER_PREFERENCE_KEY]);
  const visibility = decode(preferences[VISIBILITY_PREFERENCE_KEY]);
  return {
    order: Array.isArray(order) ? order.filter((item): item is string => typeof item === 'string') : [],
    visibility:
      typeof visibility === 'object' && visibility !== null && !Array.isArray(visibility)
        ? Object.fromEntries(Object.entries(visibility).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'))
        : {},
  };
}

/**
 * Every target in the user's order (targets the preference does not name follow, in the server's
 * order) with its visibility (visible unless the preference says otherwise).
 */
export function configureTargets(targets: readonly SearchTarget[], preference: SearchPreference): ConfiguredTarget[] {
  const rank = new Map(preference.order.map((route, index) => [route, index]));
  const position = (target: SearchTarget, index: number) => rank.get(target.route) ?? preference.order.length + index;
  return targets
    .map((target, index) => ({ target, at: position(target, index) }))
    .sort((a, b) => a.at - b.at)
    .map(({ target }) => ({ ...target, visible: preference.visibility[target.route] !== false }));
}

/** The preference that stores a configuration exactly as edited. */
export function toPreference(configured: readonly ConfiguredTarget[]): SearchPreference {
  return {
    order: configured.map((t) => t.route),
    visibility: Object.fromEntries(configured.map((t) => [t.route, t.visible])),
  };
}

/** Moves the item at `from` by `delta` places (clamped to the list). */
export function move<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, from + delta));
  const next = [...items];
  if (from < 0 || from >= items.length || to === from) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The entity's list filtered by the text: `/{route}?filters=<url-encoded {"query": text}>`. */
export function searchUrl(route: string, text: string): string {
  return `/${route}?filters=${encodeURIComponent(JSON.stringify({ query: text }))}`;
}

export function newRecordUrl(route: string): string {
  return `/${route}/new`;
}

/** Spec §9: the dropdown takes at most 75% of the height below the header. */
export function dropdownMaxHeight(viewportHeight: number): number {
  return Math.max(SEARCH_ITEM_HEIGHT, Math.floor((viewportHeight - SEARCH_HEADER_OFFSET) * SEARCH_DROPDOWN_MAX_FRACTION));
}

import type { AuthorityPrefix } from '../security/authorities.js';
import type { EntityDefinition, EntityType, FilterSpec, ViewDefinition } from './entity.js';
import type { Label } from './fields.js';

/** What one endpoint serves: a base entity, possibly seen through a route view. */
export interface Target {
  entity: EntityDefinition;
  view: ViewDefinition | null;
  name: string;
  route: string;
  endpoint: string;
  authority: AuthorityPrefix;
  type: EntityType;
  icon: string;
  label: Label;
  globalSearch: boolean;
  /** Fixed filters of the view, ANDed to every search and lookup. */
  filters: FilterSpec[];
  /** Values a new record gets through this view. */
  defaults: Record<string, unknown>;
  /** The entity is read-only for every user (EntityDefinition.readOnly). */
  readOnly: boolean;
}

export interface Catalogue {
  entities: readonly EntityDefinition[];
  views: readonly ViewDefinition[];
  targets: readonly Target[];
  entity(name: string): EntityDefinition | undefined;
  target(route: string): Target | undefined;
}

export function createCatalogue(entities: readonly EntityDefinition[], views: readonly ViewDefinition[] = []): Catalogue {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const targets: Target[] = entities.map((entity) => ({
    entity,
    view: null,
    name: entity.name,
    route: entity.route,
    endpoint: entity.endpoint,
    authority: entity.authority,
    type: entity.type,
    icon: entity.icon,
    label: entity.label,
    globalSearch: entity.globalSearch,
    filters: [],
    defaults: {},
    readOnly: entity.readOnly === true,
  }));
  for (const view of views) {
    const entity = byName.get(view.base);
    if (!entity) throw new Error(`view ${view.name}: unknown base entity ${view.base}`);
    targets.push({
      entity,
      view,
      name: view.name,
      route: view.route,
      endpoint: view.endpoint,
      authority: view.authority,
      type: view.type,
      icon: view.icon,
      label: view.label,
      globalSearch: view.globalSearch,
      filters: view.filter,
      defaults: view.defaults,
      readOnly: entity.readOnly === true || view.readOnly === true,
    });
  }
  const seen = new Set<string>();
  for (const t of targets) {
    for (const key of [`route:${t.route}`, `endpoint:${t.endpoint}`]) {
      if (seen.has(key)) throw new Error(`duplicate ${key}`);
      seen.add(key);
    }
  }
  const byRoute = new Map(targets.map((t) => [t.route, t]));
  return { entities, views, targets, entity: (name) => byName.get(name), target: (route) => byRoute.get(route) };
}

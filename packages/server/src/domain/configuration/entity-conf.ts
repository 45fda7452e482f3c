import { AREAS, type Catalogue, type EntityType } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { EntityHooks } from '../../records/hooks.js';

/** The type of a route of the catalogue or of the route areas, or null when no such route exists. */
export function routeType(catalogue: Catalogue, route: string): EntityType | null {
  return catalogue.target(route)?.type ?? AREAS.find((a) => a.route === route)?.type ?? null;
}

/** What is wrong with an override of `route`: unknown route, or global search asked for a non-configuration entity. */
export function entityConfProblems(catalogue: Catalogue, route: string, globalSearchVisible: boolean): { field: string; message: string }[] {
  const type = routeType(catalogue, route);
  if (type === null) return [{ field: 'code', message: 'UNKNOWN_ROUTE' }];
  // spec §6: the global search lists configuration-type entities only
  if (globalSearchVisible && type !== 'configuration') return [{ field: 'globalSearchVisible', message: 'GLOBAL_SEARCH_CONFIGURATION_ONLY' }];
  return [];
}

const check = (catalogue: Catalogue, code: unknown, globalSearchVisible: unknown) => {
  const errors = entityConfProblems(catalogue, String(code ?? ''), globalSearchVisible === true);
  if (errors.length) throw constraintViolation(errors);
};

/** Entity configuration overrides: the route (the record's code) must exist, global search only for configuration entities. */
export function entityConfHooks(catalogue: Catalogue): EntityHooks {
  return {
    async beforeCreate(ctx, values) {
      check(catalogue, ctx.code, values.globalSearchVisible);
    },
    async beforeUpdate(ctx, current, values) {
      check(catalogue, ctx.code, values.globalSearchVisible !== undefined ? values.globalSearchVisible : current.globalSearchVisible);
    },
  };
}

import type { EntityConf } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchVisibleEntities } from '../../api/conf-api';
import { useCurrentUser } from './useAuth';

export interface ReadableRoutes {
  routes: ReadonlySet<string>;
  entities: EntityConf[];
  /** Each readable route's configuration: the menus take their label, icon and visibility from it. */
  byRoute: ReadonlyMap<string, EntityConf>;
  isPending: boolean;
  isError: boolean;
}

const EMPTY: EntityConf[] = [];

/** The areas the server lets this user read: they drive the menus and the area pages. */
export function useReadableRoutes(): ReadableRoutes {
  const user = useCurrentUser();
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: ['entityconf', 'visible', user?.id ?? null, i18n.language],
    queryFn: () => fetchVisibleEntities(i18n.language),
    enabled: user !== null,
    staleTime: 5 * 60_000,
  });
  const entities = query.data ?? EMPTY;
  const routes = useMemo(() => new Set(entities.filter((e) => e.canRead).map((e) => e.route)), [entities]);
  const byRoute = useMemo(() => new Map(entities.filter((e) => e.canRead).map((e) => [e.route, e])), [entities]);
  return { routes, entities, byRoute, isPending: user !== null && query.isPending, isError: query.isError };
}

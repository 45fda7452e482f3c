import type { EntityConf } from '@circula/model';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchVisibleEntities } from '../../api/conf-api';
import { useCurrentUser } from './useAuth';

export interface ReadableRoutes {
  routes: ReadonlySet<string>;
  entities: EntityConf[];
  isPending: boolean;
  isError: boolean;
}

const EMPTY: EntityConf[] = [];

/** The areas the server lets this user read: they drive the menus and the area pages. */
export function useReadableRoutes(): ReadableRoutes {
  const user = useCurrentUser();
  const query = useQuery({
    queryKey: ['entityconf', 'visible', user?.id ?? null],
    queryFn: fetchVisibleEntities,
    enabled: user !== null,
    staleTime: 5 * 60_000,
  });
  const entities = query.data ?? EMPTY;
  const routes = useMemo(() => new Set(entities.filter((e) => e.canRead).map((e) => e.route)), [entities]);
  return { routes, entities, isPending: user !== null && query.isPending, isError: query.isError };
}

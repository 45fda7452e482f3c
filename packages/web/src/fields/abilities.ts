import type { EntityConf, ReferenceField, Target } from '@circula/model';
import { useMemo } from 'react';
import { useReadableRoutes } from '../app/auth/useReadableRoutes';
import { referenceTarget } from './records-api';

export type TargetAbilities = Pick<EntityConf, 'canRead' | 'canCreate' | 'canWrite'>;

const NONE: TargetAbilities = { canRead: false, canCreate: false, canWrite: false };

/** What the signed-in user may do on a route (`/api/entityconf/visible`); nothing while unknown. */
export function useTargetAbilities(route: string | null | undefined): TargetAbilities {
  const { entities } = useReadableRoutes();
  const conf = route ? entities.find((e) => e.route === route) : undefined;
  return conf ? { canRead: conf.canRead, canCreate: conf.canCreate, canWrite: conf.canWrite } : NONE;
}

/** The route a reference's pickers and labels use for the signed-in user (`referenceTarget`). */
export function useReferenceTarget(field: Pick<ReferenceField, 'entity' | 'view'>): Target {
  const { routes } = useReadableRoutes();
  return useMemo(() => referenceTarget(field, routes), [field, routes]);
}

import type { EntityConf } from '@circula/model';
import { useReadableRoutes } from '../app/auth/useReadableRoutes';

export type TargetAbilities = Pick<EntityConf, 'canRead' | 'canCreate' | 'canWrite'>;

const NONE: TargetAbilities = { canRead: false, canCreate: false, canWrite: false };

/** What the signed-in user may do on a route (`/api/entityconf/visible`); nothing while unknown. */
export function useTargetAbilities(route: string | null | undefined): TargetAbilities {
  const { entities } = useReadableRoutes();
  const conf = route ? entities.find((e) => e.route === route) : undefined;
  return conf ? { canRead: conf.canRead, canCreate: conf.canCreate, canWrite: conf.canWrite } : NONE;
}

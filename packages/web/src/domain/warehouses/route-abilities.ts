import type { EntityConf } from '@circula/model';
import { userStore } from '../../app/auth/user-store';
import { queryClient } from '../../app/query-client';

/**
 * The signed-in user's abilities on a route as the record page already loaded them
 * (`useReadableRoutes`, `/api/entityconf/visible`, cached under ['entityconf', 'visible', userId,
 * language]), read without a hook: a slot's `visible` and `button` are plain functions. Nothing is
 * allowed while they are not loaded or the route is not readable.
 */
export function loadedAbilities(route: string): Pick<EntityConf, 'canRead' | 'canCreate'> {
  const user = userStore.get();
  if (!user) return { canRead: false, canCreate: false };
  for (const [, entities] of queryClient.getQueriesData<EntityConf[]>({ queryKey: ['entityconf', 'visible', user.id] })) {
    const conf = entities?.find((e) => e.route === route && e.canRead);
    if (conf) return { canRead: true, canCreate: conf.canCreate };
  }
  return { canRead: false, canCreate: false };
}

import { isAdmin, isCollaborator, isInRegistration, isManager } from '@circula/model';
import { useMemo, useSyncExternalStore } from 'react';
import { userStore, type CurrentUser } from './user-store';

export function useCurrentUser(): CurrentUser | null {
  return useSyncExternalStore(userStore.subscribe, userStore.get);
}

export interface AuthState {
  user: CurrentUser | null;
  isAdmin: boolean;
  isManager: boolean;
  isInRegistration: boolean;
  isCollaborator: boolean;
}

/** The current user with the role checks of the model (spec §3). */
export function useAuth(): AuthState {
  const user = useCurrentUser();
  return useMemo(
    () => ({
      user,
      isAdmin: !!user && isAdmin(user),
      isManager: !!user && isManager(user),
      isInRegistration: !!user && isInRegistration(user),
      isCollaborator: !!user && isCollaborator(user),
    }),
    [user],
  );
}

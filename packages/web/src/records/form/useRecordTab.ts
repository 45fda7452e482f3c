import { useState } from 'react';
import { useCurrentUser } from '../../app/auth/useAuth';
import { preferencesStore, useUserPreferences, type PreferencesStore } from '../../features/global-search/preferences';

/**
 * The open tab of a record page. In a virtual folder whose route names a default-tab preference
 * (spec §3), the page opens on the stored tab and a chosen tab becomes the stored one; elsewhere
 * the page opens on its first tab.
 */
export function useRecordTab(
  keys: readonly string[],
  preference: string | undefined,
  store: PreferencesStore = preferencesStore,
): { active: string; choose: (key: string) => void } {
  const user = useCurrentUser();
  const preferences = useUserPreferences(preference ? (user?.id ?? null) : null, store);
  const [chosen, setChosen] = useState<string | null>(null);
  const stored = preference ? preferences.values[preference] : undefined;
  const fallback = keys[0] ?? 'data';
  const preferred = typeof stored === 'string' && keys.includes(stored) ? stored : fallback;
  const active = chosen !== null && keys.includes(chosen) ? chosen : preferred;
  return {
    active,
    choose: (key) => {
      setChosen(key);
      // the http client reports a failed save; the tab stays open either way
      if (preference && key !== stored) store.save(user?.id, { [preference]: key }).catch(() => undefined);
    },
  };
}

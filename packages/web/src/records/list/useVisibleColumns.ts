import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../app/auth/useAuth';
import { fetchPreferences, savePreference } from './list-api';
import { columnsPreference, columnsPreferenceKey, defaultVisibleColumns, visibleColumnsFromPreference, type ListColumn } from './list-columns';

const preferencesKey = (userId: number | null) => ['list', 'preferences', userId] as const;

/**
 * The visible columns of a list: the user's preference `list-columns:{route}` when there is one,
 * else the defaults. Changes apply at once and are saved in the background.
 */
export function useVisibleColumns(route: string, columns: readonly ListColumn[]) {
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: preferencesKey(userId),
    queryFn: () => fetchPreferences(userId!),
    enabled: userId !== null,
    staleTime: 5 * 60_000,
  });
  const key = columnsPreferenceKey(route);
  const [chosen, setChosen] = useState<string[] | null>(null);

  const save = useMutation({
    mutationFn: (value: unknown) => savePreference(userId!, key, value),
    onSuccess: (_data, value) => {
      queryClient.setQueryData<Record<string, unknown>>(preferencesKey(userId), (old) => ({ ...old, [key]: JSON.stringify(value) }));
    },
  });

  const stored = preferences.data?.[key];
  const visible = useMemo(
    () => chosen ?? visibleColumnsFromPreference(stored, columns) ?? defaultVisibleColumns(columns),
    [chosen, stored, columns],
  );

  const change = (next: string[]) => {
    const value = columnsPreference(next, columns);
    setChosen(value.visible);
    if (userId !== null) save.mutate(value);
  };
  const reset = () => change(defaultVisibleColumns(columns));

  // the grid waits for the preference so it does not flash the default columns first
  return { visible, change, reset, isPending: preferences.isPending && userId !== null && !preferences.isError };
}

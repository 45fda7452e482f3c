import type { EntityConf, Page, SysRegistryEntry } from '@circula/model';
import { http } from './client';
import { SKIP_AUTH_HEADER } from './http';

export interface PasswordRule {
  pattern: RegExp;
  /** The rule explained, per language. */
  translation: Record<string, string>;
}

/** The entity configurations of the signed-in user, labels in `lang` (the language the web shows). */
export const fetchVisibleEntities = (lang: string) => http.data<EntityConf[]>('/api/entityconf/visible', { query: { lang } });

/** The password rule; readable without a bearer so a user with an expired password can see it. */
export async function fetchPasswordRule(key: string): Promise<PasswordRule | null> {
  const data = await http.data<Page<SysRegistryEntry>>('/api/conf/sysregistry', {
    query: { keyEquals: key },
    headers: { [SKIP_AUTH_HEADER]: 'true' },
    // without the rule the server still validates the password: no need to alarm the user
    silent: true,
  });
  const entry = data.items.find((item) => item.key === key) ?? data.items[0];
  if (!entry?.theValue) return null;
  try {
    return { pattern: new RegExp(entry.theValue), translation: entry.translation ?? {} };
  } catch {
    return null;
  }
}

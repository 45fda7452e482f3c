import type { RuntimeEnvironment } from '@circula/model';
import { LOGGED_IN_PATH, LOGIN_PATH } from '@circula/model';

export const ENVIRONMENT_URL = '/assets/environments/environment.json';

/** Used only until environment.json has been read (and by unit tests). */
export const DEFAULT_ENVIRONMENT: RuntimeEnvironment = {
  apiBaseUrl: '',
  loginPath: LOGIN_PATH,
  loggedInPath: LOGGED_IN_PATH,
  defaultLanguage: 'it',
  languages: ['it', 'en'],
  mapTilesUrl: '',
  signUpEnabled: false,
  passwordRuleKey: 'PASSWORD_RULE',
  companyFooter: '',
  rightsLine: '',
  version: '',
  sso: { enabled: false, label: '' },
};

let current: RuntimeEnvironment = DEFAULT_ENVIRONMENT;

export function getEnvironment(): RuntimeEnvironment {
  return current;
}

export function setEnvironment(env: RuntimeEnvironment): void {
  current = env;
}

/** Reads the runtime settings served by the server (plain JSON, no envelope) once at start. */
export async function loadEnvironment(fetchFn: typeof fetch = fetch): Promise<RuntimeEnvironment> {
  const response = await fetchFn(ENVIRONMENT_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`environment.json: HTTP ${response.status}`);
  const env = { ...DEFAULT_ENVIRONMENT, ...((await response.json()) as Partial<RuntimeEnvironment>) };
  setEnvironment(env);
  return env;
}

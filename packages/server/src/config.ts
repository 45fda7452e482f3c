import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';

/** Runtime configuration, read once from the environment (ARCHITECTURE.md "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Embedded database directory; `null` keeps the embedded database in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE), per server process. */
  databasePoolSize: number;
  /**
   * Server processes asked for (WORKERS: a number, or `auto` for one per core; 1 by default).
   * Over 1 only on a PostgreSQL server (cluster.ts); the embedded database runs one process and says so.
   */
  workers: number;
  /** Document files; with an in-memory database (tests) a fresh directory under the system temp dir. */
  documentsDir: string;
  /** Largest accepted document upload. */
  maxUploadBytes: number;
  /** Most data rows one imported file may hold (IMPORT_MAX_ROWS). */
  importMaxRows: number;
  /** Most bytes one user may upload in 24 hours (UPLOAD_QUOTA_BYTES; 0: no quota). */
  uploadQuotaBytes: number;
  /** NODE_ENV=production: the API documentation page (/api/docs) needs a signed-in user. */
  production: boolean;
  baseUrl: string;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** How long a checked session is trusted without asking the database again (0: every request asks). */
  sessionCacheSeconds: number;
  demoData: boolean;
  /** Password of the bootstrap administrator created when the database has no user and no demo data. */
  adminPassword: string | null;
  webDist: string | null;
  mapTilesUrl: string;
  logLevel: string;
  /** Failed sign-ins per window: of one username from one address, from every address, of one address. */
  loginRateLimit: { perUsername: number; perUsernameAnyAddress: number; perAddress: number; windowSeconds: number };
  trustProxy: boolean;
  version: string;
  /** Seconds between two passes of the scheduler over its due entries (SCHEDULER_TICK_SECONDS; 0: it never runs them). */
  schedulerTickSeconds: number;
  /** Outgoing mail: SMTP_URL, else every message stays in the outbox table; MAIL_FROM; link lifetime. */
  mail: { smtpUrl: string | null; from: string; registrationLinkHours: number; recoverLinkMinutes: number };
  /** Routing, geocoding and the optimiser (maps/, API.md "Maps"); the defaults need no network. */
  maps: MapsConfig;
  /** METRICS_TOKEN: the bearer `GET /metrics` needs; without it only loopback clients get an answer. */
  metricsToken: string | null;
  /** Queries slower than this are recorded for the monitor (SLOW_QUERY_MS; 0: none). */
  slowQueryMs: number;
  /** Single sign-on with OpenID Connect (auth/oidc.ts); null without OIDC_ISSUER and OIDC_CLIENT_ID. */
  oidc: OidcConfig | null;
}

export interface OidcConfig {
  /** OIDC_ISSUER: the provider's issuer URL (its discovery document is read from it). */
  issuer: string;
  clientId: string;
  /** OIDC_CLIENT_SECRET; null for a public client (PKCE alone). */
  clientSecret: string | null;
  /** OIDC_GROUPS_CLAIM: the ID token claim listing the user's groups at the provider; null: groups are not synchronised. */
  groupsClaim: string | null;
  /** OIDC_GROUP_MAP: a claim value → one of our group codes; only these groups are synchronised. */
  groupMap: Record<string, string>;
  /** OIDC_LABEL: the sign-in button's text. */
  label: string;
}

export interface MapsConfig {
  /** ROUTING_PROVIDER: `haversine` (built-in estimate, offline) or `osrm` (needs OSRM_URL). */
  routingProvider: 'haversine' | 'osrm';
  osrmUrl: string | null;
  /** GEOCODER: `none` (the company's own addresses and the built-in municipalities) or `nominatim` (needs NOMINATIM_URL). */
  geocoder: 'none' | 'nominatim';
  nominatimUrl: string | null;
  /** How long one call to OSRM or Nominatim may take (MAPS_PROVIDER_TIMEOUT_MS). */
  providerTimeoutMs: number;
  /** Most locations per side of one OSRM table request (OSRM_TABLE_MAX: osrm-routed's --max-table-size, 100 by default); larger matrices are fetched in blocks. */
  osrmTableMax: number;
  /** Time the optimiser may search per request (OPTIMIZE_TIME_BUDGET_MS). */
  optimizeBudgetMs: number;
  /** Calls per user and minute (MAPS_DIRECTIONS_PER_MINUTE, MAPS_OPTIMIZE_PER_MINUTE). */
  directionsPerMinute: number;
  optimizePerMinute: number;
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

/** The maps settings; a provider that needs a URL without one is a configuration error. */
function loadMapsConfig(env: NodeJS.ProcessEnv): MapsConfig {
  const routingProvider = oneOf('ROUTING_PROVIDER', env.ROUTING_PROVIDER, ['haversine', 'osrm'] as const, 'haversine');
  const geocoder = oneOf('GEOCODER', env.GEOCODER, ['none', 'nominatim'] as const, 'none');
  const osrmUrl = env.OSRM_URL ? env.OSRM_URL.replace(/\/+$/, '') : null;
  const nominatimUrl = env.NOMINATIM_URL ? env.NOMINATIM_URL.replace(/\/+$/, '') : null;
  if (routingProvider === 'osrm' && !osrmUrl) throw new Error('ROUTING_PROVIDER=osrm needs OSRM_URL');
  if (geocoder === 'nominatim' && !nominatimUrl) throw new Error('GEOCODER=nominatim needs NOMINATIM_URL');
  return {
    routingProvider,
    osrmUrl,
    geocoder,
    nominatimUrl,
    providerTimeoutMs: int(env.MAPS_PROVIDER_TIMEOUT_MS, 10_000),
    osrmTableMax: Math.max(2, int(env.OSRM_TABLE_MAX, 100)),
    optimizeBudgetMs: int(env.OPTIMIZE_TIME_BUDGET_MS, 2_000),
    directionsPerMinute: int(env.MAPS_DIRECTIONS_PER_MINUTE, 60),
    optimizePerMinute: int(env.MAPS_OPTIMIZE_PER_MINUTE, 10),
  };
}

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
};

/** WORKERS: `auto` is one process per core the system gives this one (os.availableParallelism()). */
export function parseWorkers(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  if (value.trim().toLowerCase() === 'auto') return Math.max(1, availableParallelism());
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`WORKERS must be "auto" or a whole number of at least 1, got "${value}"`);
  return n;
}

const bool = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
};

/** The OIDC_* settings; a half configuration (issuer without client id, a bad group map) is an error. */
function loadOidcConfig(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuer = env.OIDC_ISSUER?.trim() || null;
  const clientId = env.OIDC_CLIENT_ID?.trim() || null;
  if (!issuer && !clientId) return null;
  if (!issuer || !clientId) throw new Error('Single sign-on needs both OIDC_ISSUER and OIDC_CLIENT_ID');
  try {
    new URL(issuer);
  } catch {
    throw new Error(`OIDC_ISSUER must be a URL, got "${issuer}"`);
  }
  let groupMap: Record<string, string> = {};
  if (env.OIDC_GROUP_MAP?.trim()) {
    const parsed: unknown = JSON.parse(env.OIDC_GROUP_MAP);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === 'string' && v.length > 0)) {
      throw new Error('OIDC_GROUP_MAP must be a JSON object of claim value → group code');
    }
    groupMap = parsed as Record<string, string>;
  }
  return {
    issuer,
    clientId,
    clientSecret: env.OIDC_CLIENT_SECRET || null,
    groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || null,
    groupMap,
    label: env.OIDC_LABEL?.trim() || 'Accedi con SSO',
  };
}

/** JWT_SECRET, else a secret generated once and kept in DATA_DIR so tokens survive a restart. */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string | null): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  if (!dataDir) return randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const databaseUrl = env.DATABASE_URL || null;
  const dataDir = overrides.dataDir !== undefined ? overrides.dataDir : path.resolve(env.DATA_DIR || './data');
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    workers: parseWorkers(env.WORKERS),
    documentsDir: env.DOCUMENTS_DIR
      ? path.resolve(env.DOCUMENTS_DIR)
      : dataDir
        ? path.join(dataDir, 'documents')
        : path.join(tmpdir(), `circula-documents-${randomBytes(6).toString('hex')}`),
    maxUploadBytes: int(env.MAX_UPLOAD_BYTES, 20 * 1024 * 1024),
    importMaxRows: int(env.IMPORT_MAX_ROWS, 100_000),
    uploadQuotaBytes: int(env.UPLOAD_QUOTA_BYTES, 1024 * 1024 * 1024),
    production: env.NODE_ENV === 'production',
    baseUrl: env.BASE_URL || `http://localhost:${port}`,
    jwtSecret: overrides.jwtSecret ?? loadSecret(env, dataDir),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 12 * 60 * 60),
    sessionCacheSeconds: int(env.SESSION_CACHE_SECONDS, 5),
    demoData: bool(env.DEMO_DATA, true),
    adminPassword: env.ADMIN_PASSWORD || null,
    webDist: env.WEB_DIST === undefined ? path.resolve(import.meta.dirname, '../../web/dist') : env.WEB_DIST || null,
    mapTilesUrl: env.MAP_TILES_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    logLevel: env.LOG_LEVEL || 'info',
    loginRateLimit: {
      perUsername: int(env.LOGIN_MAX_FAILURES_PER_USER, 5),
      perUsernameAnyAddress: int(env.LOGIN_MAX_FAILURES_PER_USER_ANY_ADDRESS, 50),
      perAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 30),
      windowSeconds: int(env.LOGIN_FAILURE_WINDOW_SECONDS, 15 * 60),
    },
    trustProxy: bool(env.TRUST_PROXY, false),
    schedulerTickSeconds: int(env.SCHEDULER_TICK_SECONDS, 30),
    version: '0.1.0',
    mail: { smtpUrl: env.SMTP_URL || null, from: env.MAIL_FROM || 'Circula <no-reply@circula.local>', registrationLinkHours: int(env.REGISTRATION_LINK_HOURS, 72), recoverLinkMinutes: int(env.RECOVER_LINK_MINUTES, 60) },
    maps: loadMapsConfig(env),
    metricsToken: env.METRICS_TOKEN || null,
    slowQueryMs: int(env.SLOW_QUERY_MS, 200),
    oidc: loadOidcConfig(env),
  };
  return { ...config, ...overrides };
}

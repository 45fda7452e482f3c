import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Runtime configuration, read once from the environment (ARCHITECTURE.md "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Embedded database directory; `null` keeps the embedded database in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
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
  /** Outgoing mail: SMTP_URL, else every message stays in the outbox table; MAIL_FROM; link lifetime. */
  mail: { smtpUrl: string | null; from: string; registrationLinkHours: number; recoverLinkMinutes: number };
}

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
};

const bool = (value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
};

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
    version: '0.1.0',
    mail: { smtpUrl: env.SMTP_URL || null, from: env.MAIL_FROM || 'Circula <no-reply@circula.local>', registrationLinkHours: int(env.REGISTRATION_LINK_HOURS, 72), recoverLinkMinutes: int(env.RECOVER_LINK_MINUTES, 60) },
  };
  return { ...config, ...overrides };
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/request-auth.js';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { forbidden, notFound, unauthorized } from '../http/errors.js';
import type { Principal } from '../auth/users.js';
import {
  authority,
  COMPANY_FOOTER,
  dataOf,
  entityConfSchema,
  historyEntrySchema,
  isAdmin,
  itemsOf,
  pageOf,
  PASSWORD_RULE_KEY,
  RIGHTS_LINE,
  sysRegistryEntrySchema,
  sysRegistryUpdateBody,
  type Catalogue,
  type RuntimeEnvironment,
} from '@circula/model';
import { loadEntityConfOverrides, visibleEntityConf } from './entityconf.js';
import { readRegistry, registryHistory, updateRegistry } from './registry.js';

const SETTING_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

export function confRoutes(app: FastifyInstance, db: Db, config: Config, catalogue: Catalogue): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.get('/assets/environments/environment.json', async (_request, reply) => {
    const environment: RuntimeEnvironment = {
      apiBaseUrl: '',
      loginPath: '/login',
      loggedInPath: '/dashboard',
      defaultLanguage: 'it',
      languages: ['it', 'en'],
      mapTilesUrl: config.mapTilesUrl,
      signUpEnabled: false,
      passwordRuleKey: PASSWORD_RULE_KEY,
      companyFooter: COMPANY_FOOTER,
      rightsLine: RIGHTS_LINE,
      version: config.version,
      sso: { enabled: config.oidc !== null, label: config.oidc?.label ?? '' },
    };
    reply.header('cache-control', 'no-cache');
    return environment;
  });

  // `lang`: the language the web app shows (it may differ from the user's own setting), else the user's
  r.get(
    '/api/entityconf/visible',
    { schema: { tags: ['configuration'], querystring: z.object({ lang: z.enum(['it', 'en']).optional() }), response: { 200: dataOf(z.array(entityConfSchema)) } } },
    async (request) => {
    const principal = requirePrincipal(request);
      return { data: visibleEntityConf(principal, request.query.lang ?? principal.lang ?? 'it', catalogue, await loadEntityConfOverrides(db)) };
    },
  );

  r.get(
    '/api/conf/sysregistry',
    {
      config: { public: true },
      schema: {
        tags: ['configuration'],
        querystring: z.object({ keyEquals: z.string().min(1).max(200).optional() }),
        response: { 200: dataOf(pageOf(sysRegistryEntrySchema)) },
      },
    },
    async (request) => {
      const { keyEquals } = request.query;
      const principal = request.principal;
      const mayReadAll = principal !== null && (isAdmin(principal) || principal.authorities.includes(authority('SYSREGISTRY', 'R')));
      if (keyEquals) {
        const entry = await readRegistry(db, keyEquals);
        // public entries (the password rule) are readable before sign-in: registration and expired passwords need them
        if (entry && !entry.isPublic && !mayReadAll) throw principal ? forbidden() : unauthorized();
        const items = entry ? [{ key: entry.key, theValue: entry.theValue, translation: entry.translation, version: entry.version }] : [];
        return { data: { items, total: items.length, page: 0, size: items.length } };
      }
      if (!principal) throw unauthorized();
      if (!mayReadAll) throw forbidden();
      const rows = await db.selectFrom('sys_registry').selectAll().orderBy('key').execute();
      const items = rows.map((row) => ({ key: row.key, theValue: row.the_value, translation: row.translation, version: row.version }));
      return { data: { items, total: items.length, page: 0, size: items.length } };
    },
  );

  const registryAccess = (principal: Principal, action: 'R' | 'W') => {
    if (!isAdmin(principal) && !principal.authorities.includes(authority('SYSREGISTRY', action))) throw forbidden();
  };
  const registryKey = z.object({ key: z.string().min(1).max(200) });

  r.put(
    '/api/conf/sysregistry/:key',
    {
      schema: {
        tags: ['configuration'],
        params: registryKey,
        body: sysRegistryUpdateBody,
        response: { 200: dataOf(sysRegistryEntrySchema) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      registryAccess(principal, 'W');
      return { data: await updateRegistry(db, principal, request.params.key, request.body) };
    },
  );

  r.get('/api/conf/sysregistry/:key/history', { schema: { tags: ['configuration'], params: registryKey, response: { 200: dataOf(itemsOf(historyEntrySchema)) } } }, async (request) => {
    registryAccess(requirePrincipal(request), 'R');
    return { data: await registryHistory(db, request.params.key) };
  });

  /** Preferences are one's own; administrators may manage anybody's. */
  const assertSettingsAccess = async (principal: Principal, userId: number) => {
    if (principal.userId === userId) return;
    if (!isAdmin(principal)) throw forbidden();
    const exists = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!exists) throw notFound();
  };

  r.get(
    '/api/conf/user/settings/findByUserId/:userId',
    { schema: { tags: ['configuration'], params: z.object({ userId: z.coerce.number().int().positive() }) } },
    async (request) => {
      const principal = requirePrincipal(request);
      await assertSettingsAccess(principal, request.params.userId);
      const rows = await db.selectFrom('user_settings').select(['key', 'value']).where('user_id', '=', request.params.userId).execute();
      return { data: { preferences: Object.fromEntries(rows.map((row) => [row.key, row.value])) } };
    },
  );

  r.put(
    '/api/conf/user/settings/:userId/:key/',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['configuration'],
        params: z.object({ userId: z.coerce.number().int().positive(), key: z.string().regex(SETTING_KEY) }),
        body: z.unknown(),
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { userId, key } = request.params;
      await assertSettingsAccess(principal, userId);
      const value = JSON.stringify(request.body ?? null);
      await db
        .insertInto('user_settings')
        .values({ user_id: userId, key, value })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: new Date() }))
        .execute();
      return { data: { key, value: request.body ?? null } };
    },
  );
}

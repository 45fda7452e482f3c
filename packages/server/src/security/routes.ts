import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthService } from '../auth/auth-service.js';
import { requirePrincipal } from '../auth/request-auth.js';
import type { Db } from '../db/connect.js';
import type { MailService } from '../domain/mail/service.js';
import { AuthorityAdminService } from './authorities.js';
import { GroupAdminService } from './groups.js';
import { createGroupBody, createUserBody, forcePasswordChangeBody, ownLanguageBody, updateGroupBody, updateUserBody } from '@circula/model';
import { idParams, listQuery, ownSessionQuery, sessionParams, sessionQuery } from './schemas.js';
import { SecurityViewService } from './profiles.js';
import { SessionAdminService } from './sessions.js';
import { UserActionService } from './user-actions.js';
import { UserAdminService } from './users.js';

const USERS = '/api/security/users';
const GROUPS = '/api/security/groups';
const AUTHORITIES = '/api/security/authorities';
const SESSIONS = '/api/security/sessions';
const PROFILES = '/api/security/profiles';
const AUTHORIZATIONS = '/api/security/authorizations';

/**
 * The security administration API: users, groups, authorities and sessions (spec §6; each call
 * checks the authority of its area), plus every signed-in user's own sessions under /api/auth.
 */
export function securityRoutes(app: FastifyInstance, db: Db, auth: AuthService, mail: MailService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const users = new UserAdminService(db, auth, mail);
  const groups = new GroupAdminService(db, auth.principals);
  const authorities = new AuthorityAdminService(db);
  const sessions = new SessionAdminService(db, auth.principals);
  const userActions = new UserActionService(db, auth.principals);
  const views = new SecurityViewService(db);

  // users
  r.get(USERS, { schema: { tags: ['security'], querystring: listQuery } }, async (request) => ({
    data: await users.search(requirePrincipal(request), request.query),
  }));
  r.get(`${USERS}/assignable-groups`, { schema: { tags: ['security'] } }, async (request) => ({
    data: await userActions.assignableGroups(requirePrincipal(request)),
  }));
  r.get(`${USERS}/:id`, { schema: { tags: ['security'], params: idParams } }, async (request) => ({
    data: await users.get(requirePrincipal(request), request.params.id),
  }));
  r.post(USERS, { schema: { tags: ['security'], body: createUserBody } }, async (request, reply) =>
    reply.status(201).send({ data: await users.create(requirePrincipal(request), request.body) }),
  );
  r.put(`${USERS}/:id`, { schema: { tags: ['security'], params: idParams, body: updateUserBody } }, async (request) => ({
    data: await users.update(requirePrincipal(request), request.params.id, request.body),
  }));
  r.put(`${USERS}/:id/reset-password`, { schema: { tags: ['security'], params: idParams } }, async (request) => ({
    data: await users.resetPassword(requirePrincipal(request), request.params.id),
  }));

  r.put(
    `${USERS}/:id/force-password-change`,
    { schema: { tags: ['security'], params: idParams, body: forcePasswordChangeBody } },
    async (request) => ({ data: await userActions.forcePasswordChange(requirePrincipal(request), request.params.id, request.body.version) }),
  );

  // groups
  r.get(GROUPS, { schema: { tags: ['security'], querystring: listQuery } }, async (request) => ({
    data: await groups.search(requirePrincipal(request), request.query),
  }));
  r.get(`${GROUPS}/:id`, { schema: { tags: ['security'], params: idParams } }, async (request) => ({
    data: await groups.get(requirePrincipal(request), request.params.id),
  }));
  r.post(GROUPS, { schema: { tags: ['security'], body: createGroupBody } }, async (request, reply) =>
    reply.status(201).send({ data: await groups.create(requirePrincipal(request), request.body) }),
  );
  r.put(`${GROUPS}/:id`, { schema: { tags: ['security'], params: idParams, body: updateGroupBody } }, async (request) => ({
    data: await groups.update(requirePrincipal(request), request.params.id, request.body),
  }));
  r.put(`${GROUPS}/:id/delete`, { schema: { tags: ['security'], params: idParams } }, async (request) => ({
    data: await groups.remove(requirePrincipal(request), request.params.id),
  }));

  // authorities (read-only)
  r.get(AUTHORITIES, { schema: { tags: ['security'], querystring: listQuery } }, async (request) => ({
    data: await authorities.search(requirePrincipal(request), request.query),
  }));

  // profiles and authorizations: read-only views of users, groups and authorities (spec §2)
  r.get(PROFILES, { schema: { tags: ['security'], querystring: listQuery } }, async (request) => ({
    data: await views.profiles(requirePrincipal(request), request.query),
  }));
  r.get(AUTHORIZATIONS, { schema: { tags: ['security'], querystring: listQuery } }, async (request) => ({
    data: await views.authorizations(requirePrincipal(request), request.query),
  }));

  // sessions
  r.get(SESSIONS, { schema: { tags: ['security'], querystring: sessionQuery } }, async (request) => ({
    data: await sessions.search(requirePrincipal(request), request.query),
  }));
  r.put(`${SESSIONS}/:id/revoke`, { schema: { tags: ['security'], params: sessionParams } }, async (request) => ({
    data: await sessions.revokeAny(requirePrincipal(request), request.params.id),
  }));

  // one's own sessions: the profile page's "active sessions" tab; no authority needed
  r.get('/api/auth/sessions', { schema: { tags: ['auth'], querystring: ownSessionQuery } }, async (request) => ({
    data: await sessions.searchOwn(requirePrincipal(request), request.query),
  }));
  // one's own language: the profile page's "language" tab
  r.put('/api/auth/language', { schema: { tags: ['auth'], body: ownLanguageBody } }, async (request) => ({
    data: await userActions.setOwnLanguage(requirePrincipal(request), request.body.lang),
  }));
  r.put('/api/auth/sessions/:id/revoke', { schema: { tags: ['auth'], params: sessionParams } }, async (request) => ({
    data: await sessions.revokeOwn(requirePrincipal(request), request.params.id),
  }));
}

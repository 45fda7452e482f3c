import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { Config } from '../config.js';
import { unauthorized } from '../http/errors.js';
import { createApiTokenBody } from '@circula/model';
import { refuseApiToken } from './api-tokens.js';
import type { AuthService, ClientInfo } from './auth-service.js';
import { requirePrincipal } from './request-auth.js';

export const REFRESH_COOKIE = 'circula_refresh';

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Sets the httpOnly refresh cookie every sign-in answers with (local, refresh, single sign-on). */
export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.baseUrl.startsWith('https://'),
    path: '/api/auth',
    maxAge: config.refreshTokenTtlSeconds,
  });
}

export function authRoutes(app: FastifyInstance, auth: AuthService, config: Config): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });

  r.post(
    '/api/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: z.object({ username: z.string().trim().min(1).max(200), secret: z.string().min(1).max(500) }),
      },
    },
    async (request, reply) => {
      const user = await auth.login(request.body.username, request.body.secret, clientOf(request));
      if (user.refreshToken) setRefreshCookie(reply, config, user.refreshToken);
      return { data: user };
    },
  );

  r.post(
    '/api/auth/refresh',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: z.object({ refreshToken: z.string().min(1).max(200).optional() }).nullish() },
    },
    async (request, reply) => {
      const presented = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      if (!presented) throw unauthorized();
      try {
        const user = await auth.refresh(presented);
        if (user.refreshToken) setRefreshCookie(reply, config, user.refreshToken);
        return { data: user };
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  r.get('/api/auth/whoami', { schema: { tags: ['auth'] } }, async (request) => {
    const principal = requirePrincipal(request);
    const bearer = request.bearer!;
    const expiresAt = new Date(principal.apiToken ? principal.apiToken.expiresAt : (decodeJwt(bearer).exp ?? 0) * 1000);
    return { data: await auth.whoami(principal, { token: bearer, expiresAt }) };
  });

  r.post('/api/auth/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    refuseApiToken(principal);
    await auth.logout(principal.sessionId);
    clearRefreshCookie(reply);
    return { data: 'OK' };
  });

  r.post(
    '/api/auth/change-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: z.object({
          username: z.string().trim().min(1).max(200),
          oldPassword: z.string().min(1).max(500),
          newPassword: z.string().min(1).max(500),
        }),
      },
    },
    async (request, reply) => {
      refuseApiToken(request.principal);
      await auth.changePassword(request.body, clientOf(request), request.principal);
      clearRefreshCookie(reply);
      return { data: 'OK' };
    },
  );

  // personal API tokens (route `token`): only a signed-in person manages them, never a token
  r.get('/api/auth/tokens', { schema: { tags: ['auth'] } }, async (request) => ({ data: await auth.apiTokens.list(requirePrincipal(request)) }));

  r.post('/api/auth/tokens', { schema: { tags: ['auth'], body: createApiTokenBody } }, async (request) => ({
    data: await auth.apiTokens.create(requirePrincipal(request), request.body),
  }));

  r.delete(
    '/api/auth/tokens/:id',
    { schema: { tags: ['auth'], params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request) => ({ data: await auth.apiTokens.revoke(requirePrincipal(request), request.params.id) }),
  );
}

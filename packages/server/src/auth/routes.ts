import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import type { Config } from '../config.js';
import { unauthorized } from '../http/errors.js';
import type { AuthService, ClientInfo } from './auth-service.js';
import { requirePrincipal } from './request-auth.js';

export const REFRESH_COOKIE = 'circula_refresh';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

export function authRoutes(app: FastifyInstance, auth: AuthService, config: Config): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secureCookie = config.baseUrl.startsWith('https://');

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: '/api/auth',
      maxAge: config.refreshTokenTtlSeconds,
    });
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
      if (user.refreshToken) setRefreshCookie(reply, user.refreshToken);
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
        if (user.refreshToken) setRefreshCookie(reply, user.refreshToken);
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
    const expiresAt = new Date((decodeJwt(bearer).exp ?? 0) * 1000);
    return { data: await auth.whoami(principal, { token: bearer, expiresAt }) };
  });

  r.post('/api/auth/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    await auth.logout(requirePrincipal(request).sessionId);
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
      await auth.changePassword(request.body, clientOf(request), request.principal);
      clearRefreshCookie(reply);
      return { data: 'OK' };
    },
  );
}

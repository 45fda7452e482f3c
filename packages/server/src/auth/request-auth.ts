import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AuthService } from './auth-service.js';
import type { Principal } from './users.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    bearer: string | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token (API.md "Envelope"). */
    public?: boolean;
  }
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Every /api route needs a valid bearer token unless its route config says `public: true`.
 * Public routes still get the principal when a valid token comes along. The OpenAPI page
 * (`/api/docs`, its assets and its JSON) is public only when `publicDocs` (not in production: there
 * it tells an attacker every route and parameter, so it needs a signed-in user like the API).
 */
export function installRequestAuth(app: FastifyInstance, auth: AuthService, { publicDocs }: { publicDocs: boolean }): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('bearer', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = bearerOf(request);
    const isDocs = request.url === '/api/docs' || request.url.startsWith('/api/docs/') || request.url.startsWith('/api/docs?');
    const isPublic = request.routeOptions.config?.public === true || (publicDocs && isDocs);
    if (bearer) {
      const principal = await auth.authenticate(bearer);
      request.principal = principal ? await auth.forRequest(principal) : null;
      request.bearer = request.principal ? bearer : null;
    }
    if (!isPublic && !request.principal) throw unauthorized();
    // a read-only API token reads, and changes nothing
    if (request.principal?.apiToken?.scope === 'READ_ONLY' && request.method !== 'GET' && request.method !== 'HEAD') {
      throw forbidden(undefined, 'API_TOKEN_READ_ONLY');
    }
  });
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

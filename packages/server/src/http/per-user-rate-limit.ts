import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Per signed-in user, else per client address (a public call, or one the auth hook refuses anyway). */
export const perUser = (request: FastifyRequest): string => (request.principal ? `user:${request.principal.userId}` : `ip:${request.ip}`);

/**
 * @fastify/rate-limit for the routes of one plugin scope that set `config.rateLimit`, counted per
 * user (per address without one) in this process, answering 429 `TOO_MANY_REQUESTS`. It runs as a
 * preHandler: after the request-auth hook has found the principal the count is keyed on.
 */
export async function registerPerUserRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    keyGenerator: perUser,
    errorResponseBuilder: () => new AppError(429, 'TOO_MANY_REQUESTS'),
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, worked out once: our options do not depend on the request
 * (no CSP nonces), and @fastify/helmet rebuilt them on every request (about 3 % of a request's
 * CPU in the profile).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Every answer carries the security headers; a route may still set its own (the API docs page sets
 * its CSP). Strict-Transport-Security goes only on answers over HTTPS (directly, or behind a trusted
 * proxy that says so): RFC 6797 §7.2 has browsers ignore it over plain HTTP, and a server reached on
 * a LAN address by HTTP must not claim a policy it cannot keep.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const overHttps = helmetHeaders(options);
  const { 'strict-transport-security': _hsts, ...overHttp } = overHttps;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? overHttps : overHttp);
    done();
  });
}

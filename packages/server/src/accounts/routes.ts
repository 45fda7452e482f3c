import {
  dataOf,
  isAdminOrManager,
  linkQuery,
  recoveryLinkBody,
  registrationAnswerSchema,
  registrationBody,
  registrationLinkBody,
  registrationRecordSchema,
} from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/request-auth.js';
import { forbidden } from '../http/errors.js';
import type { AppContext } from '../domain/module.js';
import { AccountService } from './service.js';

const ok = { 200: dataOf(z.literal('OK')) };

/**
 * The webaccess calls of API.md "Configuration services" (registration by emailed link,
 * password recovery) and the mail outbox. Only the registration link needs a signed-in
 * administrator or manager; the other calls are public.
 */
export function accountRoutes(app: FastifyInstance, { db, config, auth, mail }: AppContext): void {
  const accounts = new AccountService(db, config, auth, mail);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/webaccess/registration-link',
    {
      schema: { tags: ['webaccess'], body: registrationLinkBody, response: { 200: dataOf(z.enum(['OK', 'USER_ALREADY_EXIST'])) } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!isAdminOrManager(principal)) throw forbidden(undefined, 'CANT_SEND_REGISTRATION_LINK');
      return { data: await accounts.sendRegistrationLink(principal, { ...request.body, lang: request.body.lang ?? principal.lang }) };
    },
  );

  r.get(
    '/api/webaccess/registration',
    { config: { public: true }, schema: { tags: ['webaccess'], querystring: linkQuery, response: { 200: dataOf(registrationRecordSchema) } } },
    async (request) => ({ data: await accounts.readRegistration(request.query.u, request.ip) }),
  );

  r.post(
    '/api/webaccess/registration',
    {
      config: { public: true },
      schema: { tags: ['webaccess'], body: registrationBody, response: { 200: dataOf(registrationAnswerSchema) } },
    },
    async (request) => ({ data: await accounts.register(request.body, request.ip) }),
  );

  r.post(
    '/api/webaccess/recover-password-link',
    {
      config: { public: true },
      schema: { tags: ['webaccess'], body: recoveryLinkBody, response: ok },
    },
    async (request) => {
      const { pending } = await accounts.requestRecovery(request.body, request.ip);
      // sent after the answer: its duration must not tell whether the user exists
      pending.catch((error: unknown) => request.log.error({ err: error }, 'recovery mail not sent'));
      return { data: 'OK' as const };
    },
  );

  r.get(
    '/api/webaccess/recover-password',
    { config: { public: true }, schema: { tags: ['webaccess'], querystring: linkQuery, response: ok } },
    async (request) => {
      await accounts.recover(request.query.u, request.ip);
      return { data: 'OK' as const };
    },
  );

}

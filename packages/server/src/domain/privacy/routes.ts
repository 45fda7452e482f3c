import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { acceptedPrivacySchema, agreementAnswersBody, agreementItemSchema, CATALOGUE, dataOf, itemsOf } from '@circula/model';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { LocalDiskStorage } from '../../documents/local-disk-storage.js';
import { sendStoredFile } from '../../documents/send-file.js';
import type { DocumentStorage } from '../../documents/storage.js';
import type { MailService } from '../mail/service.js';
import { PrivacyNotices } from './notices.js';
import { PrivacyService, type DocumentFile } from './service.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFINITIONS_ENDPOINT = CATALOGUE.target('privacy-definitions')!.endpoint;

/**
 * The privacy-change notices (notices.ts) go out after the write that raised a revision has
 * committed: a successful write request is answered only after its transaction, so its
 * `onResponse` (of a write to the definitions) starts a drain of the queue; so does the start of the application (notices a
 * stopped process left behind). Closing the application waits for a running drain.
 */
function installPrivacyNotices(app: FastifyInstance, notices: PrivacyNotices): void {
  app.addHook('onReady', async () => {
    void notices.kick();
  });
  // only writes to privacy definitions (record calls and imports) can queue a notice
  app.addHook('onResponse', async (request, reply) => {
    if (WRITES.has(request.method) && reply.statusCode < 400 && request.url.startsWith(DEFINITIONS_ENDPOINT)) void notices.kick();
  });
  app.addHook('onClose', async () => {
    await notices.idle();
  });
}

const userParams = z.object({ userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * Privacy calls of API.md "Configuration services" (changed privacies, their acceptance, the
 * definition's file) and the service agreements of spec §7 (the list, the user's answers, the
 * attachment). Every call needs a signed-in user; the record pages of both entities are the
 * generic record routes (`/api/privacy/definitions`, `/api/privacy/service-agreements`).
 */
export function privacyRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  mail: MailService | null = null,
  storage: DocumentStorage = new LocalDiskStorage(config.documentsDir),
): PrivacyService {
  const privacy = new PrivacyService(db);
  if (mail) installPrivacyNotices(app, new PrivacyNotices(db, mail, app.log));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];

  const send = (reply: FastifyReply, file: DocumentFile) => sendStoredFile(reply, storage, file);

  r.get('/api/subjects/subjects/changed-privacies/:userId', { schema: { tags, params: userParams, response: { 200: dataOf(z.array(z.string())) } } }, async (request) => ({
    data: await privacy.changed(requirePrincipal(request), request.params.userId),
  }));

  r.put(
    '/api/subjects/subjects/accept-privacies/:userId',
    { schema: { tags, params: userParams, response: { 200: dataOf(z.object({ accepted: z.array(z.number().int()) })) } } },
    async (request) => ({
      data: { accepted: await privacy.accept(requirePrincipal(request), request.params.userId) },
    }),
  );

  r.get('/api/privacy/accepted/:userId', { schema: { tags, params: userParams, response: { 200: dataOf(itemsOf(acceptedPrivacySchema)) } } }, async (request) => ({
    data: { items: await privacy.accepted(requirePrincipal(request), request.params.userId) },
  }));

  r.get('/api/privacy/definition/download/:id', { schema: { tags, params: idParams } }, async (request, reply) =>
    send(reply, await privacy.definitionFile(requirePrincipal(request), request.params.id)),
  );

  r.get('/api/privacy/agreements', { schema: { tags, response: { 200: dataOf(z.array(agreementItemSchema)) } } }, async (request) => ({
    data: await privacy.agreements(requirePrincipal(request)),
  }));

  r.put(
    '/api/privacy/agreements/answers/:userId',
    { schema: { tags, params: userParams, body: agreementAnswersBody, response: { 200: dataOf(z.array(agreementItemSchema)) } } },
    async (request) => ({ data: await privacy.answer(requirePrincipal(request), request.params.userId, request.body.answers) }),
  );

  r.get('/api/privacy/agreements/:id/document', { schema: { tags, params: idParams } }, async (request, reply) =>
    send(reply, await privacy.agreementFile(requirePrincipal(request), request.params.id)),
  );

  return privacy;
}

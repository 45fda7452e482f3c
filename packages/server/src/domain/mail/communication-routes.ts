import { communication, communicationSendSchema, FREE_MESSAGE, maySendCommunications, subject, type Catalogue } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Principal } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import { AppError, constraintViolation, forbidden, type FieldErrorItem } from '../../http/errors.js';
import type { RecordService } from '../../records/service.js';
import { CommunicationMailer } from './messages.js';
import type { MailService } from './service.js';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** How long a send or a resend waits for the SMTP server before answering (the message is QUEUED then, and goes on). */
const ANSWER_WAIT_MS = 10_000;

/** Waits for `work`, at most `ms`. */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The messages users write to a subject (issue 20, "Messages"), beyond the generic calls of the
 * read-only communications:
 *  - `POST {communications}/send` `{subject, toAddress, subjectLine, body, lang?}`: the message, in
 *    the outbox and among the subject's communications (one transaction), then sent by SMTP; 201
 *    with the communication as it stands once the SMTP server answered (QUEUED without SMTP, or when
 *    the server takes longer than ANSWER_WAIT_MS: it goes on after the answer).
 *  - `POST {communications}/{id}/resend`: a FAILED message queued and sent again; 200 with the
 *    communication. 409 COMMUNICATION_NOT_RESENDABLE for a message of the application's own (a link,
 *    a password: asked for again, never resent), 409 COMMUNICATION_NOT_FAILED for one that did not fail.
 * Both need maySendCommunications (403 CANT_UPDATE); the subject is one the user may read (NOT_FOUND
 * on `subject` otherwise), every other problem is reported on its field (CONSTRAINT_VIOLATION).
 */
export function communicationRoutes(app: FastifyInstance, db: Db, mail: MailService, catalogue: Catalogue, records: RecordService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const communications = catalogue.target(communication.route);
  const subjects = catalogue.target(subject.route);
  if (!communications || !subjects) return;
  const mailer = new CommunicationMailer(db, mail, app.log);
  // at start: the messages a stopped process left queued (closing the app waits for it: the mail service tracks it)
  app.addHook('onReady', async () => {
    void mailer.kick();
  });

  const assertMaySend = (principal: Principal) => {
    if (!maySendCommunications(principal)) throw forbidden(undefined, 'CANT_UPDATE');
  };

  /** Whether the subject is one the user may read (its row rules included), not deleted. */
  const readable = async (principal: Principal, subjectId: number): Promise<boolean> => {
    try {
      const record = await records.get(principal, subjects, subjectId);
      return (record.delete as { deleted?: boolean } | undefined)?.deleted !== true;
    } catch (error) {
      if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return false;
      throw error;
    }
  };

  api.post(
    `${communications.endpoint}/send`,
    { schema: { tags: ['mail'], body: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      assertMaySend(principal);
      const body = isObject(request.body) ? request.body : {};
      const parsed = communicationSendSchema.safeParse(body);
      const errors: FieldErrorItem[] = parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message }));
      const subjectId = body.subject;
      if (!errors.some((e) => e.field === 'subject') && typeof subjectId === 'number' && !(await readable(principal, subjectId))) {
        errors.unshift({ field: 'subject', message: 'NOT_FOUND' });
      }
      if (errors.length > 0 || !parsed.success) throw constraintViolation(errors);
      const { communicationId, outboxId } = await mailer.queue(principal, parsed.data);
      await atMost(mailer.deliver(outboxId), ANSWER_WAIT_MS);
      reply.status(201);
      return { data: await records.get(principal, communications, communicationId) };
    },
  );

  api.post(`${communications.endpoint}/:id/resend`, { schema: { tags: ['mail'], params: z.object({ id }) } }, async (request) => {
    const principal = requirePrincipal(request);
    assertMaySend(principal);
    const current = await records.get(principal, communications, request.params.id);
    if (current.template !== FREE_MESSAGE) throw new AppError(409, 'COMMUNICATION_NOT_RESENDABLE');
    const requeued = current.status === 'FAILED' ? await mailer.requeue(principal, request.params.id) : null;
    if (!requeued) throw new AppError(409, 'COMMUNICATION_NOT_FAILED');
    await atMost(mailer.deliver(requeued.outboxId), ANSWER_WAIT_MS);
    return { data: await records.get(principal, communications, request.params.id) };
  });
}

import { dataOf, isAdminOrManager, outboxMessageSchema, outboxQuery, pageOf } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Db } from '../../db/connect.js';
import { forbidden } from '../../http/errors.js';
import { paging } from '../../records/search.js';
import { withAccountTables } from './tables.js';

/**
 * `GET /api/mail/outbox`: the messages the application sent or keeps, newest first (administrators and
 * managers), with the secrets of a message (a link, a password) masked for everyone but its recipient.
 */
export function mailRoutes(app: FastifyInstance, db: Db): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adb = withAccountTables(db);
  r.get(
    '/api/mail/outbox',
    {
      schema: { tags: ['mail'], querystring: outboxQuery, response: { 200: dataOf(pageOf(outboxMessageSchema)) } },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      if (!isAdminOrManager(principal)) throw forbidden(undefined, 'CANT_READ');
      const { to, template, status } = request.query;
      const { page, size } = paging(request.query);
      let base = adb.selectFrom('mail_outbox');
      if (to) base = base.where(sql<string>`lower(to_address)`, '=', to.toLowerCase());
      if (template) base = base.where('template', '=', template);
      if (status) base = base.where('status', '=', status);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).offset(page * size).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const forCaller = (row: { recipient_user_id: number | null; secret_text: string | null; secret_html: string | null }) =>
        row.recipient_user_id !== null && Number(row.recipient_user_id) === principal.userId && (row.secret_text !== null || row.secret_html !== null);
      const items = rows.map((row) => ({
        id: row.id,
        createdAt: new Date(row.created_at).toISOString(),
        to: row.to_address,
        subject: row.subject,
        template: row.template,
        lang: row.lang,
        transport: row.transport,
        status: row.status,
        error: row.error,
        // the secret of a message (a link, a password) goes to its recipient alone
        text: forCaller(row) ? row.secret_text : row.body_text,
        html: forCaller(row) ? row.secret_html : row.body_html,
        sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
        createdBy: row.created_by,
      }));
      return { data: { items, total: Number(count.total), page, size } };
    },
  );
}

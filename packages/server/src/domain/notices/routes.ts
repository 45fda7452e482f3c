import { dataOf } from '@circula/model';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { requirePrincipal } from '../../auth/request-auth.js';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import type { MailService } from '../mail/service.js';
import { takeQueued } from './hooks.js';
import { NoticeMailer } from './mailer.js';
import { withNoticeTables } from './tables.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The calls that change requests' statuses: every movement-request route lives under it. */
const REQUESTS_PREFIX = '/api/transactions/';
const MAX_SIZE = 100;

export const noticeSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  route: z.string().nullable(),
  recordId: z.number().int().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NoticeItem = z.infer<typeof noticeSchema>;

const listQuery = z.object({
  unread: z.stringbool().optional(),
  /** `read=true`: the notices already read only (the notices page's filter). */
  read: z.stringbool().optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(MAX_SIZE).optional(),
});
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const mailers = new WeakMap<FastifyInstance, NoticeMailer>();

/** The notice mailer of an application (tests wait for it with `idle()`). */
export const noticeMailerOf = (app: FastifyInstance): NoticeMailer | undefined => mailers.get(app);

/**
 * The notices' mails go out after the write that queued them has committed: a successful write
 * is answered only after its transaction, so its `onResponse` starts a drain: every write to the
 * requests' routes, and any other write once a hook has queued a notice (a request's status
 * changed by another call). So does the start of the application (mails a stopped process left
 * behind). Closing the application waits for a running drain.
 */
function installNoticeMailer(app: FastifyInstance, mailer: NoticeMailer): void {
  mailers.set(app, mailer);
  app.addHook('onReady', async () => {
    void mailer.kick();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return;
    if (takeQueued() || request.url.startsWith(REQUESTS_PREFIX)) void mailer.kick();
  });
  app.addHook('onClose', async () => {
    await mailer.idle();
  });
}

type Row = { id: number; kind: string; title: string; body: string | null; route: string | null; record_id: number | null; created_at: Date; read_at: Date | null };

const toItem = (row: Row): NoticeItem => ({
  id: Number(row.id),
  kind: row.kind,
  title: row.title,
  body: row.body,
  route: row.route,
  recordId: row.record_id === null ? null : Number(row.record_id),
  createdAt: new Date(row.created_at).toISOString(),
  readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
});

/**
 * A signed-in user's own notices (issue 15): `GET /api/notices` (newest first; `unread=true`
 * for the unread ones only, `read=true` for the read ones; with the count of unread ones), `PUT /api/notices/{id}/read` and
 * `PUT /api/notices/read-all`. Nobody reads or marks another user's notices: another's id is 404.
 */
export function noticeRoutes(app: FastifyInstance, db: Db, mail: MailService | null): void {
  if (mail) installNoticeMailer(app, new NoticeMailer(db, mail, app.log));
  const ndb = withNoticeTables(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];
  const columns = ['id', 'kind', 'title', 'body', 'route', 'record_id', 'created_at', 'read_at'] as const;
  const unreadOf = async (userId: number) =>
    Number((await ndb.selectFrom('notice').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow()).n);

  r.get(
    '/api/notices',
    {
      schema: {
        tags,
        querystring: listQuery,
        response: { 200: dataOf(z.object({ items: z.array(noticeSchema), total: z.number().int(), page: z.number().int(), size: z.number().int(), unread: z.number().int() })) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const page = request.query.page ?? 0;
      const size = request.query.size ?? 20;
      let base = ndb.selectFrom('notice').where('user_id', '=', principal.userId);
      if (request.query.unread) base = base.where('read_at', 'is', null);
      if (request.query.read) base = base.where('read_at', 'is not', null);
      const rows = await base.select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size).offset(page * size).execute();
      const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const unread = request.query.unread ? total : await unreadOf(principal.userId);
      return { data: { items: rows.map(toItem), total, page, size, unread } };
    },
  );

  r.put(
    '/api/notices/read-all',
    { schema: { tags, response: { 200: dataOf(z.object({ marked: z.number().int(), unread: z.number().int() })) } } },
    async (request) => {
      const principal = requirePrincipal(request);
      const result = await ndb.updateTable('notice').set({ read_at: sql<Date>`now()` }).where('user_id', '=', principal.userId).where('read_at', 'is', null).executeTakeFirst();
      return { data: { marked: Number(result.numUpdatedRows), unread: 0 } };
    },
  );

  r.put('/api/notices/:id/read', { schema: { tags, params: idParams, response: { 200: dataOf(noticeSchema) } } }, async (request) => {
    const principal = requirePrincipal(request);
    const row = await ndb
      .updateTable('notice')
      .set({ read_at: sql<Date>`coalesce(read_at, now())` })
      .where('id', '=', request.params.id)
      .where('user_id', '=', principal.userId)
      .returning(columns)
      .executeTakeFirst();
    if (!row) throw notFound();
    return { data: toItem(row) };
  });
}

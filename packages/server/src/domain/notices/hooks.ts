import { tableName, transaction, TRANSACTION_STATUSES, type Catalogue, type RecordOf } from '@circula/model';
import { sql } from 'kysely';
import { loadAuthorities } from '../../auth/users.js';
import type { Db } from '../../db/connect.js';
import type { HookContext, HookRegistry } from '../../records/hooks.js';
import { isExternal } from '../../records/row-rules.js';
import { mailLang, type MailLang } from '../mail/templates.js';
import { withNoticeTables } from './tables.js';

/** The kind of notice written when a movement request changes status (also the code of its mail). */
export const REQUEST_STATUS_CHANGED = 'REQUEST_STATUS_CHANGED';

/**
 * Set when a hook queued a notice with a mail to send: the routes start a drain after the next
 * successful write (whatever its URL: a request may change status through another call than the
 * record routes), then clear it. A rolled-back write leaves it set for nothing: one drain that
 * finds no work.
 */
let queued = false;
/** True (once) when a notice with a mail may have been queued since the last call. */
export function takeQueued(): boolean {
  const was = queued;
  queued = false;
  return was;
}

interface RequestRow {
  code: string | null;
  kind: string;
  requester: number;
  author_id: number | null;
  wished: string | null;
  planned: string | null;
  refusal_motivation: string | null;
  pickup_point: string | null;
  kind_route: string | null;
  kind_name: string | null;
  kind_translations: Record<string, string> | null;
  motivation_name: string | null;
  motivation_translations: Record<string, string> | null;
}

interface Recipient {
  id: number;
  lang: string | null;
  email: string | null;
}

/** The texts of one request's status change in one language: the notice and the values of its mail. */
export interface RequestNoticeTexts {
  code: string;
  kind: string;
  status: string;
  pickupPoint: string;
  date: string;
  motivation: string;
}

const label = (translations: Record<string, string> | null, name: string | null, code: string, lang: MailLang) =>
  translations?.[lang] || (lang === 'it' ? name : null) || translations?.it || name || code;

const statusLabel = (status: string, lang: MailLang) => TRANSACTION_STATUSES.list.find((s) => s.code === status)?.label[lang] ?? status;

/** The title and body of a request's notice, in the recipient's language. */
export function requestNoticeText(texts: RequestNoticeTexts, planned: boolean, lang: MailLang): { title: string; body: string } {
  const it = lang === 'it';
  const title = `${it ? 'Richiesta' : 'Request'} ${texts.code} ${texts.status.toLocaleLowerCase(lang)}`;
  const parts = [
    texts.kind,
    `${it ? 'Punto di prelievo' : 'Pickup point'}: ${texts.pickupPoint}`,
    `${planned ? (it ? 'Data pianificata' : 'Planned date') : it ? 'Data richiesta' : 'Wished date'}: ${texts.date}`,
  ];
  if (texts.motivation) parts.push(`${it ? 'Motivo del rifiuto' : 'Refusal reason'}: ${texts.motivation}`);
  return { title, body: parts.join(' · ') };
}

/**
 * Who hears of a request's status change: the enabled users of the requester (their subject is
 * the requester) and the request's author when that user is external (a customer filing for a
 * company of theirs), never the user who made the change.
 */
async function recipients(ctx: HookContext, request: RequestTexts): Promise<Recipient[]> {
  const actor = ctx.principal.userId;
  const author = request.authorId !== null && request.authorId !== actor ? request.authorId : null;
  const authorIsExternal = author !== null && isExternal({ authorities: await loadAuthorities(ctx.trx, author) });
  const { rows } = await sql<Recipient>`
    select id, lang, nullif(trim(email), '') as email from users
    where enabled and id <> ${actor}
      and (subject_id = ${request.requester} ${authorIsExternal ? sql`or id = ${author}` : sql``})
    order by id`.execute(ctx.trx);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** What a request's mail and notice say of it, in any language: read once, for its current status. */
export interface RequestTexts {
  /** The kind's route (TRANSACTION_KIND alpha1) when it is one of the application's, else the list of every kind. */
  route: string;
  requester: number;
  authorId: number | null;
  /** The planned day once there is one (a request unplanned back to ACCEPTED has none), else the wished one, is its date. */
  planned: boolean;
  textsIn: (lang: MailLang) => RequestNoticeTexts;
}

/** The texts of a movement request at `status` (REQUEST_STATUS_CHANGED's values), or null when there is no such request. */
export async function requestTexts(executor: HookContext['trx'] | Db, catalogue: Catalogue, id: number, status: string, fallbackCode?: string | null): Promise<RequestTexts | null> {
  const { rows } = await sql<RequestRow>`
    select t.code, t.kind, t.requester, t.author_id, to_char(t.wished_from, 'DD/MM/YYYY') as wished, to_char(t.planned_date, 'DD/MM/YYYY') as planned,
      t.refusal_motivation, w.name as pickup_point, k.alpha1 as kind_route, k.name as kind_name, k.translations as kind_translations,
      m.name as motivation_name, m.translations as motivation_translations
    from ${sql.table(tableName(transaction))} t
    left join warehouse w on w.id = t.pickup_point
    left join table_value k on k.table_code = 'TRANSACTION_KIND' and k.code = t.kind and not k.deleted
    left join table_value m on m.table_code = 'REFUSAL_MOTIVATION' and m.code = t.refusal_motivation and not m.deleted
    where t.id = ${id}`.execute(executor);
  const row = rows[0];
  if (!row) return null;
  const code = row.code ?? fallbackCode ?? String(id);
  const planned = row.planned !== null;
  return {
    route: row.kind_route && catalogue.target(row.kind_route) ? row.kind_route : transaction.route,
    requester: Number(row.requester),
    authorId: row.author_id != null ? Number(row.author_id) : null,
    planned,
    textsIn: (lang) => ({
      code,
      kind: label(row.kind_translations, row.kind_name, row.kind, lang),
      status: statusLabel(status, lang),
      pickupPoint: row.pickup_point ?? '',
      date: (planned ? row.planned : row.wished) ?? '',
      motivation: status === 'REFUSED' && row.refusal_motivation ? label(row.motivation_translations, row.motivation_name, row.refusal_motivation, lang) : '',
    }),
  };
}

/**
 * On every status change of a movement request (issue 15), one notice per recipient, written in
 * the change's transaction (rolled back with it): the title and body in the recipient's language,
 * the mail PENDING for a recipient with an email (sent after the commit by NoticeMailer), else NONE.
 */
async function noticeStatusChange(ctx: HookContext, catalogue: Catalogue, record: RecordOf<typeof transaction>): Promise<void> {
  const id = Number(record.id);
  const status = String(record.status);
  const request = await requestTexts(ctx.trx, catalogue, id, status, ctx.code);
  if (!request) return;
  const to = await recipients(ctx, request);
  if (to.length === 0) return;
  const { route, planned, textsIn } = request;
  const values = to.map((user) => {
    const lang = mailLang(user.lang);
    const texts = textsIn(lang);
    const { title, body } = requestNoticeText(texts, planned, lang);
    return {
      user_id: user.id,
      kind: REQUEST_STATUS_CHANGED,
      entity: transaction.name,
      record_id: id,
      route,
      title,
      body,
      data: JSON.stringify({ ...texts, statusCode: status, requester: request.requester, by: ctx.principal.username }),
      mail_status: user.email ? ('PENDING' as const) : ('NONE' as const),
    };
  });
  await withNoticeTables(ctx.trx).insertInto('notice').values(values).execute();
  if (values.some((v) => v.mail_status === 'PENDING')) queued = true;
}

/** The notices module's hooks: a notice (and its mail) on every status change of a movement request. */
export function registerNoticeHooks(registry: HookRegistry, catalogue: Catalogue): HookRegistry {
  registry.register(transaction, {
    async afterTransition(ctx, record) {
      await noticeStatusChange(ctx, catalogue, record);
    },
  });
  return registry;
}

import { isExternal, type AuthorityPrefix } from '@circula/model';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { can } from '../../records/policy.js';
import { mailLang, type MailLang } from '../mail/templates.js';
import { withNoticeTables } from './tables.js';

/** A user a job's notice goes to, with the language it is written in. */
export interface NoticeRecipient {
  id: number;
  lang: MailLang;
}

/** One fact a job tells users of, written in each one's language; told once per user (`dedupeKey`). */
export interface JobNotice {
  kind: string;
  entity: string | null;
  recordId: number | null;
  route: string | null;
  /** The same key at the next run: no new notice for that user. */
  dedupeKey: string;
  text(lang: MailLang): { title: string; body: string };
  data?: Record<string, unknown>;
}

/**
 * The staff users who may read an area: enabled, holding its read authority (`{PREFIX}_R`) or
 * ROLE_ADMIN, and not external (a customer's account never hears of the company's deadlines).
 */
export async function readersOf(db: Db, authority: AuthorityPrefix): Promise<NoticeRecipient[]> {
  const { rows } = await sql<{ id: number; lang: string | null; authorities: string[] }>`
    select u.id, u.lang, array_agg(distinct ga.authority_code) as authorities
    from users u
    join user_groups ug on ug.user_id = u.id
    join group_authorities ga on ga.group_id = ug.group_id
    where u.enabled
    group by u.id, u.lang
    order by u.id`.execute(db);
  return rows
    .filter((r) => can({ authorities: r.authorities }, { authority }, 'R') && !isExternal({ authorities: r.authorities }))
    .map((r) => ({ id: Number(r.id), lang: mailLang(r.lang) }));
}

/** Writes the notice to every recipient who was not told of it yet; the number written. */
export async function notifyOnce(db: Db, recipients: readonly NoticeRecipient[], notice: JobNotice): Promise<number> {
  if (recipients.length === 0) return 0;
  const texts = new Map<MailLang, { title: string; body: string }>();
  const textIn = (lang: MailLang) => texts.get(lang) ?? texts.set(lang, notice.text(lang)).get(lang)!;
  const inserted = await withNoticeTables(db)
    .insertInto('notice')
    .values(
      recipients.map((user) => ({
        user_id: user.id,
        kind: notice.kind,
        entity: notice.entity,
        record_id: notice.recordId,
        route: notice.route,
        ...textIn(user.lang),
        data: notice.data ? JSON.stringify(notice.data) : null,
        mail_status: 'NONE' as const,
        dedupe_key: notice.dedupeKey,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).where(sql<boolean>`dedupe_key is not null`).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** YYYY-MM-DD → dd/mm/yyyy. */
export const ddmmyyyy = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

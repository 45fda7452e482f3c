import { tableName, transaction } from '@circula/model';
import { sql } from 'kysely';
import { rowToRecord } from '../../records/codec.js';
import { writeHistoryMany } from '../../records/history.js';
import type { HookContext, HookRegistry } from '../../records/hooks.js';
import { attachLines } from '../../records/lines.js';

/**
 * The movement requests a transport takes follow it (DOMAIN.md main flow 1–2): taken, a request is
 * PLANNED on the transport's day; left out or with the transport cancelled, it is ACCEPTED again
 * without a day; with the transport completed, it is DONE. Written in the transport's transaction
 * like any change of the request: its version goes up, its history gets a row by the transport's
 * writer, and a change of status runs the request's own after-transition hooks (the notice to the
 * requester).
 */
export interface RequestChange {
  id: number;
  status: string;
  plannedDate: string | null;
}

export async function applyRequestChanges(ctx: HookContext, registry: HookRegistry, changes: readonly RequestChange[]): Promise<void> {
  if (changes.length === 0) return;
  const table = sql.table(tableName(transaction));
  const { rows } = await sql<{ id: number; status: string; planned_date: string | null }>`
    select id, status, planned_date from ${table} where id = any(${changes.map((c) => c.id)}::bigint[]) and not deleted for update`.execute(ctx.trx);
  const before = new Map(rows.map((r) => [Number(r.id), r]));
  const effective = changes.filter((c) => {
    const row = before.get(c.id);
    return row !== undefined && (row.status !== c.status || row.planned_date !== c.plannedDate);
  });
  if (effective.length === 0) return;
  const by = ctx.principal.username;
  const { rows: updated } = await sql<{ id: number; version: number }>`
    update ${table} t set status = x.status, planned_date = x.planned_date::date, version = t.version + 1, updated_at = now(), updated_by = ${by}
    from unnest(${effective.map((c) => c.id)}::bigint[], ${effective.map((c) => c.status)}::text[], ${effective.map((c) => c.plannedDate)}::text[])
      as x (id, status, planned_date)
    where t.id = x.id returning t.id, t.version`.execute(ctx.trx);
  const version = new Map(updated.map((r) => [Number(r.id), Number(r.version)]));
  await writeHistoryMany(
    ctx.trx,
    ctx.principal,
    effective.map((c) => {
      const row = before.get(c.id)!;
      const changed: Record<string, [unknown, unknown]> = {};
      if (row.status !== c.status) changed.status = [row.status, c.status];
      if (row.planned_date !== c.plannedDate) changed.plannedDate = [row.planned_date, c.plannedDate];
      return { entity: transaction.name, recordId: c.id, version: version.get(c.id)!, action: row.status !== c.status ? 'TRANSITION' : 'UPDATE', changes: changed };
    }),
  );
  const moved = effective.filter((c) => before.get(c.id)!.status !== c.status);
  const hooks = registry.for(transaction.name).filter((h) => h.afterTransition);
  if (moved.length === 0 || hooks.length === 0) return;
  const { rows: full } = await sql<Record<string, unknown>>`select * from ${table} where id = any(${moved.map((c) => c.id)}::bigint[]) order by id`.execute(ctx.trx);
  const records = full.map((row) => rowToRecord(transaction, row, { canWrite: false, allowedStatuses: [] }));
  await attachLines(ctx.trx, transaction, records);
  for (const record of records) {
    const from = before.get(Number(record.id))!.status;
    const requestCtx: HookContext = { ...ctx, entity: transaction, code: (record.code as string | null) ?? null };
    for (const h of hooks) await h.afterTransition!(requestCtx, record, from);
  }
}

/** Whether the request is taken by a live transport (planned or in progress, not deleted). */
export async function inLiveTransport(ctx: HookContext, requestId: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    select t.id from transport_stop s join transport t on t.id = s.parent_id
    where s.request = ${requestId} and s.kind = 'PICKUP' and not s.deleted and not t.deleted and t.status in ('PLANNED', 'IN_PROGRESS') limit 1`.execute(ctx.trx);
  return rows.length > 0;
}

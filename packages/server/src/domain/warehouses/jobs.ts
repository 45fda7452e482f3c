import { warehouse, warehouseMovement, type StockItem } from '@circula/model';
import { z } from 'zod';
import { defineJob } from '../../scheduler/jobs.js';
import type { MailLang } from '../mail/templates.js';
import { ddmmyyyy, notifyOnce, readersOf } from '../notices/notify.js';
import { readStock } from './ledger/read.js';

export const STORAGE_AGE_ALERT = 'STORAGE_AGE_ALERT';

const kg = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 3 });

/** The alert of one stock item held beyond its R13/D15 limit. */
export function storageAgeText(item: StockItem, lang: MailLang): { title: string; body: string } {
  const it = lang === 'it';
  const what = [item.eer, item.description].filter(Boolean).join(' ');
  const title = it ? `Giacenza oltre il limite a ${item.warehouseName}: ${what}` : `Stock beyond its limit at ${item.warehouseName}: ${what}`;
  const since = item.oldestLoadAt ? ddmmyyyy(item.oldestLoadAt.slice(0, 10)) : '';
  const body = it
    ? `${kg.format(item.quantity)} kg in ${item.storageOperation} dal ${since}: ${item.ageDays} giorni (limite ${item.limitDays}).`
    : `${kg.format(item.quantity)} kg in ${item.storageOperation} since ${since}: ${item.ageDays} days (limit ${item.limitDays}).`;
  return { title, body };
}

/**
 * STORAGE_AGE_ALERTS: the stock held in R13/D15 storage beyond the registry's limit (the stock's
 * `overdue`) → a notice per warehouse and item to the staff who read the warehouse movements,
 * once per oldest load (a stock that is moved and filled again is told anew).
 */
export const storageAgeAlertsJob = defineJob({
  code: 'STORAGE_AGE_ALERTS',
  parameters: z.object({}).strict(),
  async run(ctx, _params, log) {
    const items = (await readStock(ctx.db, { lang: 'it', at: ctx.now.toISOString() })).filter((i) => i.overdue);
    const readers = items.length ? await readersOf(ctx.db, warehouseMovement.authority!) : [];
    let written = 0;
    for (const item of items) {
      const itemKey = item.wasteId !== null ? `W${item.wasteId}` : `M${item.material}`;
      written += await notifyOnce(ctx.db, readers, {
        kind: STORAGE_AGE_ALERT,
        entity: warehouse.name,
        recordId: item.warehouseId,
        route: warehouse.route,
        dedupeKey: `${STORAGE_AGE_ALERT}:${item.warehouseId}:${itemKey}:${item.oldestLoadAt ?? ''}`,
        text: (lang) => storageAgeText(item, lang),
        data: { warehouseId: item.warehouseId, wasteId: item.wasteId, material: item.material, ageDays: item.ageDays, limitDays: item.limitDays },
      });
      log.info(`${item.warehouseName} ${item.eer ?? item.description ?? ''}: ${item.ageDays}/${item.limitDays} days`);
    }
    return `${items.length} stock item(s) beyond their limit, ${written} new notice(s)`;
  },
});

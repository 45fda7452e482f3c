import { warehouseMovement, type ValuesOf } from '@circula/model';
import { sql } from 'kysely';
import { AppError, constraintViolation } from '../../../http/errors.js';
import type { HookRegistry } from '../../../records/hooks.js';
import { book, insertFifo, reversals, type Posting, type Registration } from './post.js';

type Values = ValuesOf<typeof warehouseMovement>;

export const ledgerImmutable = () => new AppError(409, 'LEDGER_IMMUTABLE');

/** The loads a write booked, until the engine has inserted their rows (per transaction; key warehouse:year:number). */
const booked = new WeakMap<object, Map<string, { posting: Posting; registration: Registration }>>();
const bookedKey = (warehouse: unknown, year: unknown, number: unknown) => `${Number(warehouse)}:${Number(year)}:${Number(number)}`;

/**
 * A ledger row typed by hand (`POST …/warehouse-movements`): its causal must be one a user may
 * post (MOVEMENT_CAUSAL flag1), which also says whether it loads or unloads; it names an EER code
 * or a material (one of the two). A row that names `corrects` is a correction: it reverses that
 * row (opposite movement, same warehouse, item and quantity) whatever else it says but its date
 * and notes. Either way it is booked like every posting (stock, capacity, next register number).
 * Rows are never changed or deleted (409 LEDGER_IMMUTABLE): the register keeps what was written.
 */
export function registerLedgerHooks(registry: HookRegistry): void {
  registry.register(warehouseMovement, {
    async beforeCreate(ctx, values) {
      let posting: Posting;
      if (values.corrects != null) {
        const corrected = Number(values.corrects);
        const { rows } = await sql<{ id: number }>`
          select id from warehouse_movement where corrects = ${corrected} and not deleted limit 1`.execute(ctx.trx);
        if (rows.length) throw constraintViolation([{ field: 'corrects', message: 'LEDGER_ALREADY_CORRECTED' }]);
        const [reversal] = await reversals(ctx.trx, [corrected], 'CORRECTION', { notes: values.notes ?? null });
        if (!reversal) throw constraintViolation([{ field: 'corrects', message: 'NOT_FOUND' }]);
        posting = { ...reversal, operationDate: values.operationDate ?? reversal.operationDate };
      } else {
        const { rows } = await sql<{ alpha1: string | null; flag1: boolean | null }>`
          select v.alpha1, v.flag1 from table_value v
          where v.table_code = 'MOVEMENT_CAUSAL' and v.code = ${values.causal} and not v.deleted`.execute(ctx.trx);
        const causal = rows[0];
        if (!causal || causal.flag1 !== true || (causal.alpha1 !== 'C' && causal.alpha1 !== 'S')) {
          throw constraintViolation([{ field: 'causal', message: 'LEDGER_CAUSAL_NOT_MANUAL' }]);
        }
        if ((values.waste == null) === (values.material == null)) throw constraintViolation([{ field: 'waste', message: 'LEDGER_ITEM_REQUIRED' }]);
        posting = {
          warehouse: Number(values.warehouse),
          movement: causal.alpha1,
          causal: String(values.causal),
          operationDate: String(values.operationDate),
          waste: values.waste ?? null,
          material: values.material ?? null,
          quantityKg: Number(values.quantityKg),
          counterpart: values.counterpart ?? null,
          counterpartSubject: values.counterpartSubject ?? null,
          firNumber: values.firNumber ?? null,
          operation: values.operation ?? null,
          source: 'MANUAL',
          notes: values.notes ?? null,
        };
      }
      if (Date.parse(posting.operationDate) > Date.now() + 60_000) throw constraintViolation([{ field: 'operationDate', message: 'LEDGER_FUTURE_DATE' }]);
      const [registration] = await book(ctx.trx, [posting]);
      if (posting.movement === 'C') {
        const list = booked.get(ctx.trx) ?? new Map<string, { posting: Posting; registration: Registration }>();
        list.set(bookedKey(posting.warehouse, registration!.registerYear, registration!.registerNumber), { posting, registration: registration! });
        booked.set(ctx.trx, list);
      }
      const out: Values = {
        ...values,
        warehouse: posting.warehouse,
        causal: posting.causal,
        movement: posting.movement,
        operationDate: posting.operationDate,
        waste: posting.waste,
        material: posting.material,
        quantityKg: posting.quantityKg,
        counterpart: posting.counterpart ?? null,
        counterpartSubject: posting.counterpartSubject ?? null,
        fir: posting.fir ?? null,
        firNumber: posting.firNumber ?? null,
        operation: posting.operation ?? null,
        source: posting.source,
        corrects: posting.corrects ?? null,
        ...registration!,
      };
      return out;
    },
    async afterCreate(ctx, record) {
      // a load takes its place in its item's first-in-first-out order
      const key = bookedKey(record.warehouse, record.registerYear, record.registerNumber);
      const load = booked.get(ctx.trx)?.get(key);
      if (!load) return;
      booked.get(ctx.trx)!.delete(key);
      await insertFifo(ctx.trx, [{ id: Number(record.id), ...load }]);
    },
    async beforeUpdate() {
      throw ledgerImmutable();
    },
    async beforeDelete() {
      throw ledgerImmutable();
    },
  });
}

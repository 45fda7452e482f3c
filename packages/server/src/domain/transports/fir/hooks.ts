import { fir, type RecordOf, type ValuesOf } from '@circula/model';
import { sql } from 'kysely';
import { AppError, constraintViolation } from '../../../http/errors.js';
import type { HookRegistry } from '../../../records/hooks.js';
import { operationsFor } from './issue.js';
import { firSigned, signOrder } from './errors.js';
import { EDITABLE_CORE_FIELDS } from './sign.js';

type Values = ValuesOf<typeof fir>;
type Fir = RecordOf<typeof fir>;

const signed = (record: Fir) => Array.isArray(record.signatures) && record.signatures.length > 0;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The FIR's own rules through the generic record calls: FIRs are issued by their transport (never
 * created by hand) and never deleted (a wrong one is cancelled, keeping its number); before the
 * first signature the staff complete the R/D operation (one the EER code and the destination's
 * authorisation admit), the intermediary and the route; after it those are frozen (409
 * FIR_SIGNED). The status follows the signatures: the generic transition only cancels a FIR
 * nobody signed. The verifier's outcome records who and when; an annotation needs its note.
 */
export function registerFirHooks(registry: HookRegistry): void {
  registry.register(fir, {
    async beforeCreate() {
      throw new AppError(409, 'FIR_ISSUED_BY_TRANSPORT');
    },
    async beforeUpdate(ctx, current, values) {
      const changed = EDITABLE_CORE_FIELDS.filter((f) => values[f] !== undefined && !same(values[f], current[f]));
      if (changed.length && signed(current)) throw firSigned();
      const errors: { field: string; message: string }[] = [];
      if (values.operation != null && !same(values.operation, current.operation)) {
        const { rows } = await sql<{ waste_ops: string[] | null; dest_ops: string[] | null }>`
          select w.operations as waste_ops, d.operations as dest_ops from fir f
          join waste w on w.id = f.waste left join warehouse d on d.id = f.destination where f.id = ${Number(current.id)}`.execute(ctx.trx);
        const { waste_ops: wasteOps, dest_ops: destOps } = rows[0] ?? { waste_ops: null, dest_ops: null };
        const allowed = operationsFor(wasteOps, destOps);
        if ((wasteOps?.length || destOps?.length) && !allowed.includes(values.operation)) {
          errors.push({ field: 'operation', message: 'NOT_AUTHORISED_OPERATION' });
        }
      }
      const out: Values = { ...values };
      if (values.verification !== undefined && !same(values.verification, current.verification)) {
        const note = values.verificationNote !== undefined ? values.verificationNote : current.verificationNote;
        if (values.verification === 'ANNOTATED' && !note?.trim()) errors.push({ field: 'verificationNote', message: 'REQUIRED' });
        Object.assign(out, values.verification ? { verifiedBy: ctx.principal.username, verifiedAt: new Date().toISOString() } : { verifiedBy: null, verifiedAt: null });
      }
      if (errors.length) throw constraintViolation(errors);
      return out;
    },
    async beforeTransition(_ctx, current, to, values) {
      if (to !== 'CANCELLED') throw signOrder();
      if (signed(current)) throw firSigned();
      return values;
    },
    async beforeDelete() {
      throw new AppError(409, 'FIR_NOT_DELETABLE');
    },
  });
}

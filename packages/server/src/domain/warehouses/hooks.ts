import { conferral, displacement, transport, treatment, type RecordOf, type ValuesOf } from '@circula/model';
import { sql } from 'kysely';
import { AppError, constraintViolation, type FieldErrorItem } from '../../http/errors.js';
import { changesFields, type HookContext, type HookRegistry } from '../../records/hooks.js';
import { round3, type Stop } from '../transports/checks.js';
import { nextFirNumbers } from '../transports/fir/issue.js';
import { postConferral, postTransport } from './ledger/causes.js';
import { openRowsOf, post, reversals, type Posting } from './ledger/post.js';

type TreatmentValues = ValuesOf<typeof treatment>;
type Treatment = RecordOf<typeof treatment>;
type InputLine = { waste?: number | null; quantityKg?: number | string | null };
type OutputLine = { fraction?: number | null; waste?: number | null; material?: number | null; quantityKg?: number | string | null };

const sum = (lines: readonly { quantityKg?: number | string | null }[]) => round3(lines.reduce((s, l) => s + Number(l.quantityKg ?? 0), 0));

/**
 * A treatment as the write leaves it: its outputs' items (a fraction gives its EER code or
 * material), the totals, and the checks — the plant is a plant or service warehouse authorised
 * for the operation (when it lists operations), each output names one thing, and the outputs
 * balance the inputs within the declared loss: inputs × (1 − loss %) ≤ outputs ≤ inputs.
 */
async function checkTreatment(ctx: HookContext, current: Treatment | null, values: TreatmentValues): Promise<TreatmentValues> {
  const merged = { ...(current ?? {}), ...values } as TreatmentValues;
  const inputs = (merged.inputs ?? []) as InputLine[];
  const outputs = ((merged.outputs ?? []) as OutputLine[]).map((l) => ({ ...l }));
  const errors: FieldErrorItem[] = [];

  const { rows: plants } = await sql<{ warehouse_type: string; operations: string[] | null }>`
    select warehouse_type, operations from warehouse where id = ${Number(merged.plant)} and not deleted`.execute(ctx.trx);
  const plant = plants[0];
  if (plant && plant.warehouse_type !== 'PLANT' && plant.warehouse_type !== 'SERVICE') errors.push({ field: 'plant', message: 'TREATMENT_PLANT_REQUIRED' });
  if (plant && merged.operation && (plant.operations?.length ?? 0) > 0 && !plant.operations!.includes(merged.operation)) {
    errors.push({ field: 'operation', message: 'NOT_AUTHORISED_OPERATION' });
  }

  const fractionIds = [...new Set(outputs.flatMap((l) => (l.fraction ? [Number(l.fraction)] : [])))];
  const { rows: fractions } = fractionIds.length
    ? await sql<{ id: number; waste: number | null; material: number | null }>`select id, waste, material from fraction where id = any(${fractionIds}::bigint[])`.execute(ctx.trx)
    : { rows: [] };
  const fraction = new Map(fractions.map((f) => [Number(f.id), f]));
  outputs.forEach((line, i) => {
    const f = line.fraction ? fraction.get(Number(line.fraction)) : undefined;
    if (f && line.waste == null && line.material == null) {
      // a fraction stands for its EER code, or else its material
      if (f.waste !== null) line.waste = Number(f.waste);
      else if (f.material !== null) line.material = Number(f.material);
    }
    if ((line.waste == null) === (line.material == null)) errors.push({ field: `outputs.${i}.waste`, message: 'TREATMENT_OUTPUT_ITEM' });
  });

  const inputKg = sum(inputs);
  const outputKg = sum(outputs);
  const lossPct = Number(merged.declaredLossPct ?? 0);
  const minKg = round3(inputKg * (1 - lossPct / 100));
  if (inputs.length > 0 && outputs.length > 0 && (outputKg > inputKg + 0.0005 || outputKg < minKg - 0.0005)) {
    errors.push({ field: 'outputs', message: 'TREATMENT_BALANCE', params: { inputKg, outputKg, minKg, maxKg: inputKg, lossPct } });
  }
  if (errors.length) throw constraintViolation(errors);
  return {
    ...values,
    ...(values.outputs !== undefined ? { outputs: outputs as TreatmentValues['outputs'] } : {}),
    inputKg,
    outputKg,
    lossKg: round3(inputKg - outputKg),
  };
}

/** The ledger rows of a confirmed treatment: at its plant, an unload per input and a load per output. */
function treatmentPostings(record: Treatment): Posting[] {
  const common = {
    warehouse: Number(record.plant),
    operationDate: String(record.treatedAt),
    operation: record.operation ?? null,
    source: 'TREATMENT' as const,
    sourceId: Number(record.id),
    sourceCode: record.code ?? null,
  };
  const inputs = ((record.inputs ?? []) as InputLine[]).map((l, i): Posting => ({
    ...common,
    movement: 'S',
    causal: 'UNLOAD_TREATMENT_INPUT',
    waste: Number(l.waste),
    material: null,
    quantityKg: Number(l.quantityKg),
    field: `inputs.${i}.quantityKg`,
  }));
  const outputs = ((record.outputs ?? []) as OutputLine[]).map((l, i): Posting => ({
    ...common,
    movement: 'C',
    causal: 'LOAD_TREATMENT_OUTPUT',
    waste: l.waste == null ? null : Number(l.waste),
    material: l.material == null ? null : Number(l.material),
    quantityKg: Number(l.quantityKg),
    field: `outputs.${i}.quantityKg`,
  }));
  return [...inputs, ...outputs];
}

type DisplacementValues = ValuesOf<typeof displacement>;
type Displacement = RecordOf<typeof displacement>;
type MovedLine = { waste?: number | null; material?: number | null; quantityKg?: number | string | null };

/** A displacement as the write leaves it: two different warehouses, each line one EER code or one material, the total. */
function checkDisplacement(current: Displacement | null, values: DisplacementValues): DisplacementValues {
  const merged = { ...(current ?? {}), ...values } as DisplacementValues;
  const lines = (merged.lines ?? []) as MovedLine[];
  const errors: FieldErrorItem[] = [];
  if (merged.origin != null && merged.origin === merged.destination) errors.push({ field: 'destination', message: 'DISPLACEMENT_SAME_WAREHOUSE' });
  lines.forEach((line, i) => {
    if ((line.waste == null) === (line.material == null)) errors.push({ field: `lines.${i}.waste`, message: 'LEDGER_ITEM_REQUIRED' });
  });
  if (errors.length) throw constraintViolation(errors);
  return { ...values, totalKg: sum(lines) };
}

/** The ledger rows of a confirmed displacement: per line, an unload at the origin and a load at the destination. */
function displacementPostings(record: Displacement, firNumber: string | null): Posting[] {
  const common = { operationDate: String(record.movedAt), firNumber, source: 'DISPLACEMENT' as const, sourceId: Number(record.id), sourceCode: record.code ?? null };
  const origin = Number(record.origin);
  const destination = Number(record.destination);
  return ((record.lines ?? []) as MovedLine[]).flatMap((l, i): Posting[] => {
    const item = { waste: l.waste == null ? null : Number(l.waste), material: l.material == null ? null : Number(l.material), quantityKg: Number(l.quantityKg), field: `lines.${i}.quantityKg` };
    return [
      { ...common, ...item, warehouse: origin, movement: 'S', causal: 'UNLOAD_TRANSFER_OUT', counterpart: destination },
      { ...common, ...item, warehouse: destination, movement: 'C', causal: 'LOAD_TRANSFER_IN', counterpart: origin },
    ];
  });
}

/**
 * What the warehouses add to other entities' rules (issue 18): a completed transport, an accepted
 * conferral and a confirmed treatment post their ledger rows in their own transaction (a refusal —
 * stock, capacity — undoes the whole write); cancelling a confirmed treatment posts the reversing
 * rows. A confirmed treatment is cancelled, never deleted.
 */
export function registerWarehouseHooks(registry: HookRegistry): void {
  registry.register(transport, {
    async afterTransition(ctx, record, from) {
      if (record.status !== 'COMPLETED' || from === 'COMPLETED') return;
      await postTransport(ctx.trx, ctx.principal, {
        id: Number(record.id),
        code: record.code ?? null,
        transporter: record.transporter ?? null,
        actualDeparture: record.actualDeparture ?? null,
        actualArrival: record.actualArrival ?? null,
        stops: (record.stops ?? []) as Stop[],
      });
    },
  });

  registry.register(conferral, {
    async afterTransition(ctx, record, from) {
      if (record.status !== 'ACCEPTED' || from === 'ACCEPTED') return;
      await postConferral(ctx.trx, ctx.principal, {
        id: Number(record.id),
        code: record.code ?? null,
        cdr: Number(record.cdr),
        conferredAt: String(record.conferredAt),
        company: record.company ?? null,
        citizenName: record.citizenName ?? null,
        lines: (record.lines ?? []).map((l) => ({ waste: Number(l.waste), weightKg: Number(l.weightKg), accepted: l.accepted })),
      });
    },
  });

  registry.register(treatment, {
    async beforeCreate(ctx, values) {
      return checkTreatment(ctx, null, values);
    },
    async beforeUpdate(ctx, current, values) {
      // its ledger rows are posted: a confirmed treatment changes only by being cancelled
      if (current.status === 'CONFIRMED') {
        if (changesFields(current, values)) throw new AppError(409, 'TREATMENT_CONFIRMED');
        return values;
      }
      return checkTreatment(ctx, current, values);
    },
    async beforeTransition(ctx, current, to, values) {
      if (to === 'CONFIRMED') return checkTreatment(ctx, current, values);
      // cancelling a confirmed treatment changes nothing else of it
      return current.status === 'CONFIRMED' ? {} : values;
    },
    async afterTransition(ctx, record, from) {
      if (record.status === 'CONFIRMED' && from !== 'CONFIRMED') await post(ctx.trx, ctx.principal, treatmentPostings(record));
      if (record.status === 'CANCELLED' && from === 'CONFIRMED') {
        const open = await openRowsOf(ctx.trx, 'TREATMENT', Number(record.id));
        await post(ctx.trx, ctx.principal, await reversals(ctx.trx, open, 'TREATMENT', { sourceId: Number(record.id), sourceCode: record.code ?? null }));
      }
    },
    async beforeDelete(_ctx, current) {
      if (current.status === 'CONFIRMED') throw new AppError(409, 'TREATMENT_CONFIRMED');
    },
  });

  registry.register(displacement, {
    async beforeCreate(_ctx, values) {
      return checkDisplacement(null, values);
    },
    async beforeUpdate(_ctx, current, values) {
      if (current.status === 'CONFIRMED') {
        if (changesFields(current, values)) throw new AppError(409, 'DISPLACEMENT_CONFIRMED');
        return values;
      }
      return checkDisplacement(current, values);
    },
    async beforeTransition(ctx, current, to, values) {
      if (to !== 'CONFIRMED') return current.status === 'CONFIRMED' ? {} : values;
      const checked = checkDisplacement(current, values);
      const lines = ((checked.lines ?? current.lines ?? []) as MovedLine[]);
      // waste on the road travels with a FIR: one number of the series for the whole displacement
      if (lines.some((l) => l.waste != null) && !current.firNumber) {
        const movedAt = String(checked.movedAt ?? current.movedAt);
        const [number] = await nextFirNumbers(ctx.trx, Number(movedAt.slice(0, 4)), 1);
        return { ...checked, firNumber: number };
      }
      return checked;
    },
    async afterTransition(ctx, record, from) {
      if (record.status === 'CONFIRMED' && from !== 'CONFIRMED') await post(ctx.trx, ctx.principal, displacementPostings(record, record.firNumber ?? null));
      if (record.status === 'CANCELLED' && from === 'CONFIRMED') {
        const open = await openRowsOf(ctx.trx, 'DISPLACEMENT', Number(record.id));
        await post(ctx.trx, ctx.principal, await reversals(ctx.trx, open, 'DISPLACEMENT', { sourceId: Number(record.id), sourceCode: record.code ?? null }));
      }
    },
    async beforeDelete(_ctx, current) {
      if (current.status === 'CONFIRMED') throw new AppError(409, 'DISPLACEMENT_CONFIRMED');
    },
  });
}

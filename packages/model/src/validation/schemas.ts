import { z } from 'zod';
import type { EntityDefinition } from '../define/entity.js';
import type { FieldDefinition, GroupKind } from '../define/fields.js';
import { CHECKS } from './checks.js';

/**
 * zod schemas derived from the catalogue. The messages are translation keys (the web shows
 * `ERRORS.{message}`); the server reports them as CONSTRAINT_VIOLATION entries.
 */
export const MESSAGES = {
  required: 'REQUIRED',
  invalid: 'INVALID',
  tooLong: 'TOO_LONG',
  tooShort: 'TOO_SHORT',
  tooSmall: 'TOO_SMALL',
  tooBig: 'TOO_BIG',
  pattern: 'INVALID_FORMAT',
  date: 'INVALID_DATE',
  time: 'INVALID_TIME',
  scale: 'TOO_MANY_DECIMALS',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LATLNG = /^-?(0|[1-9]\d*)(\.\d+)?$/;

const isRealDate = (v: string) => {
  if (!DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

const decimalPlaces = (n: number) => {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.includes('.') ? s.split('.')[1]!.length : 0;
};

const optionalText = (max = 500) => z.string().max(max, MESSAGES.tooLong).nullish();

/** The value of each group kind (typed: `RecordOf` reads a group's shape from here). */
export const GROUP_SCHEMAS = {
  contact: z.object({
    email: z.string().max(200, MESSAGES.tooLong).refine((v) => v === '' || CHECKS.email(v), MESSAGES.invalid).nullish(),
    phone: optionalText(50),
    mobile: optionalText(50),
    fax: optionalText(50),
    website: optionalText(300),
  }),
  payment: z.object({
    currency: optionalText(10),
    type: optionalText(50),
    iban: z.string().max(34, MESSAGES.tooLong).refine((v) => v === '' || CHECKS.iban(v), MESSAGES.invalid).nullish(),
    bank: optionalText(200),
  }),
  address: z.object({
    streetType: optionalText(30),
    street: optionalText(200),
    houseNumber: optionalText(20),
    notes: optionalText(500),
    city: optionalText(120),
    zip: optionalText(12),
    province: optionalText(60),
    cityCode: optionalText(10),
    country: optionalText(3),
    latitude: z.string().regex(LATLNG, MESSAGES.pattern).nullish().or(z.number().min(-90).max(90)),
    longitude: z.string().regex(LATLNG, MESSAGES.pattern).nullish().or(z.number().min(-180).max(180)),
  }),
  birthPlace: z.object({ bornCity: optionalText(120), bornProvince: optionalText(60), bornCountry: optionalText(3) }),
} satisfies Record<GroupKind, z.ZodType>;

export function fieldSchema(field: FieldDefinition): z.ZodType {
  switch (field.type) {
    case 'text': {
      let s = z.string().max(field.max ?? 500, MESSAGES.tooLong);
      if (field.min) s = s.min(field.min, MESSAGES.tooShort);
      if (field.pattern) s = s.regex(new RegExp(field.pattern), MESSAGES.pattern);
      if (field.check) {
        const check = CHECKS[field.check];
        return s.refine((v) => v === '' || check(v), MESSAGES.invalid);
      }
      return s;
    }
    case 'longText':
      return z.string().max(field.max ?? 20_000, MESSAGES.tooLong);
    case 'integer':
      return z.number(MESSAGES.invalid).int(MESSAGES.invalid).min(field.min ?? -2_147_483_648, MESSAGES.tooSmall).max(field.max ?? 2_147_483_647, MESSAGES.tooBig);
    case 'decimal': {
      const scale = field.scale;
      return z
        .number(MESSAGES.invalid)
        .min(field.min ?? -1e15, MESSAGES.tooSmall)
        .max(field.max ?? 1e15, MESSAGES.tooBig)
        .refine((n) => decimalPlaces(n) <= scale, MESSAGES.scale);
    }
    case 'money':
      return z
        .number(MESSAGES.invalid)
        .min(field.min ?? -1e13, MESSAGES.tooSmall)
        .max(1e13, MESSAGES.tooBig)
        .refine((n) => decimalPlaces(n) <= 2, MESSAGES.scale);
    case 'boolean':
      return z.boolean(MESSAGES.invalid);
    case 'date':
      return z.string(MESSAGES.invalid).refine(isRealDate, MESSAGES.date);
    case 'datetime':
      return z.iso.datetime({ offset: true, message: MESSAGES.date });
    case 'time':
      return z.string(MESSAGES.invalid).refine((v) => CHECKS.time(v), MESSAGES.time);
    case 'lookup':
      return field.multiple ? z.array(z.string().max(100)).max(500) : z.string(MESSAGES.invalid).max(100, MESSAGES.tooLong);
    case 'reference':
    case 'document': {
      const id = z.number(MESSAGES.invalid).int(MESSAGES.invalid).positive(MESSAGES.invalid);
      return field.type === 'reference' && field.multiple ? z.array(id).max(1000) : id;
    }
    case 'tags':
      return z.array(z.number().int().positive()).max(200);
    case 'measure': {
      const units = field.units;
      const unit = units ? z.string().refine((u) => units.includes(u), MESSAGES.invalid) : z.string().max(20);
      return z.object({ value: z.number(MESSAGES.invalid).nullable(), unit: unit.nullable() });
    }
    case 'lines': {
      // a stored line keeps its id; the child's own rules apply to every line
      const line = recordSchema(field.entity, { partial: false }).extend({ id: z.number().int().positive().optional() });
      let list = z.array(line, MESSAGES.invalid).max(field.max ?? 200, MESSAGES.tooBig);
      if (field.min) list = list.min(field.min, field.min === 1 ? MESSAGES.required : MESSAGES.tooSmall);
      return list;
    }
    case 'translations':
      return z
        .record(z.string().regex(/^[a-z]{2}$/, MESSAGES.invalid), z.string().max(field.max ?? 2000, MESSAGES.tooLong))
        .refine((v) => Object.keys(v).length <= 20, MESSAGES.invalid);
    case 'json':
      return z.record(z.string().max(100), z.unknown()).refine((v) => JSON.stringify(v).length <= 20_000, MESSAGES.tooLong);
    case 'group':
      return field.array ? z.array(GROUP_SCHEMAS[field.group]).max(100) : GROUP_SCHEMAS[field.group];
  }
}

const recordSchemas = new WeakMap<EntityDefinition, { full?: z.ZodObject; partial?: z.ZodObject }>();

/**
 * The body schema of a create (`partial: false`: required fields must be present) or an update
 * (`partial: true`: fields left out keep their value). Unknown keys are ignored, read-only fields
 * are never accepted from clients. Built once per entity and mode: a zod schema compiles its fast
 * path on first use, so a schema built per request pays that compilation on every create.
 */
export function recordSchema(entity: EntityDefinition, { partial }: { partial: boolean }): z.ZodObject {
  let cached = recordSchemas.get(entity);
  if (!cached) recordSchemas.set(entity, (cached = {}));
  const key = partial ? 'partial' : 'full';
  return (cached[key] ??= buildRecordSchema(entity, partial));
}

function buildRecordSchema(entity: EntityDefinition, partial: boolean): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.readOnly) continue;
    const base = fieldSchema(field);
    // on update a required field may be left out, never emptied
    shape[name] = field.required ? (partial ? requiredValue(base, true).optional() : requiredValue(base, false)) : base.nullish();
  }
  return z.object(shape);
}

function requiredValue(schema: z.ZodType, mayBeMissing: boolean): z.ZodType {
  return z.any().superRefine((value, ctx) => {
    if (value === undefined && mayBeMissing) return;
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.required });
      return;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}

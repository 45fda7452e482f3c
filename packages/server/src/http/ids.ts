import { z } from 'zod';

/**
 * A record id as it appears in a path or a query string: only the canonical decimal form of a safe
 * positive integer. `Number()` (and `z.coerce.number()`) would also read `0x1`, `+1`, `1.0`, ` 1`
 * and `1e3`, so several spellings reached one record and `1e3` reached record 1000.
 */
export const recordId = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, 'INVALID_ID')
  .transform(Number)
  .refine(Number.isSafeInteger, 'INVALID_ID');

/** Like `recordId`, with 0 allowed (the DEFAULT business unit has id 0). */
export const recordIdOrZero = z
  .string()
  .regex(/^(0|[1-9]\d{0,15})$/, 'INVALID_ID')
  .transform(Number)
  .refine(Number.isSafeInteger, 'INVALID_ID');

export const idParams = z.object({ id: recordId });

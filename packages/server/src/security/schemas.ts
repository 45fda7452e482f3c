import { z } from 'zod';

/**
 * Path and query parameters of the security API. Its bodies and answers are shapes the web shares:
 * `@circula/model` (api/security.ts).
 */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Session ids are UUIDs: anything else is a 400 here rather than a database error. */
export const sessionParams = z.object({ id: z.guid() });

const flag = z.enum(['true', 'false']).transform((v) => v === 'true').optional();

export const listQuery = z.object({
  q: z.string().max(20_000).optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
  sort: z.string().max(500).optional(),
  unpaged: flag,
});

export const sessionQuery = z.object({
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  active: flag,
  page: z.coerce.number().int().min(0).max(1_000_000).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
});

export const ownSessionQuery = sessionQuery.omit({ userId: true });

import { z } from 'zod';

/**
 * Request shapes of the security API. Every check after the first of a field aborts on failure, so
 * a bad field yields exactly one CONSTRAINT_VIOLATION entry (API.md "one entry per field").
 * Control characters (NUL above all: PostgreSQL text cannot hold it) are refused as INVALID_FORMAT.
 */
const PRINTABLE = /^[^\p{Cc}]*$/u;
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const CODE = /^[A-Za-z0-9_-]+$/;

const text = (max: number) => z.string().trim().min(1, { abort: true }).max(max, { abort: true }).regex(PRINTABLE);

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

const username = z
  .string()
  .trim()
  .min(3, { abort: true })
  .max(64, { abort: true })
  .regex(/^[A-Za-z0-9._@-]+$/);
const email = z.string().trim().min(1, { abort: true }).max(200, { abort: true }).regex(EMAIL);
const lang = z.string().regex(/^[a-z]{2}$/);
const groupCode = z.string().trim().min(1, { abort: true }).max(32, { abort: true }).regex(CODE);
/** Group codes, or the `{code, name}` objects of the user answer sent back as they came. */
const groupRefs = z
  .array(z.union([groupCode, z.object({ code: groupCode }).transform((g) => g.code)]))
  .max(100);
const authorityCodes = z
  .array(z.string().min(1, { abort: true }).max(100, { abort: true }).regex(CODE))
  .max(1000);

export const createUserBody = z.object({
  username,
  email,
  firstName: text(100),
  lastName: text(100),
  lang: lang.optional(),
  groups: groupRefs.default([]),
  password: z.string().min(1, { abort: true }).max(500).optional(),
});
export type CreateUserInput = z.infer<typeof createUserBody>;

/** API.md: the body carries `version`; fields left out keep their value; username never changes. */
export const updateUserBody = z.object({
  version: z.number().int().min(0),
  email: email.optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  lang: lang.optional(),
  enabled: z.boolean().optional(),
  groups: groupRefs.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserBody>;

export const createGroupBody = z.object({
  code: groupCode,
  name: text(100),
  authorities: authorityCodes.default([]),
});
export type CreateGroupInput = z.infer<typeof createGroupBody>;

/** The body carries the `version` the editor saw: a stale one is a 409, never a silent overwrite. */
export const updateGroupBody = z.object({
  version: z.number().int().min(0),
  name: text(100).optional(),
  authorities: authorityCodes.optional(),
});
export type UpdateGroupInput = z.infer<typeof updateGroupBody>;

/** Forcing a password change carries the `version` the administrator saw. */
export const forcePasswordChangeBody = z.object({ version: z.number().int().min(0) });

/** The profile page's language: one the application is translated into. */
export const ownLanguageBody = z.object({ lang: z.enum(['it', 'en']) });

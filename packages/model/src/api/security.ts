import { z } from 'zod';

/**
 * The security administration API (`/api/security/*`, one's own sessions and language under
 * `/api/auth`): what the server answers and what it accepts, for the server's routes and the web's
 * pages alike.
 */

const id = z.number().int();
const when = z.string().nullable();
const groupRef = z.object({ code: z.string(), name: z.string() });

/** A user as the security API shows it; never the password hash. */
export const securityUserSchema = z.object({
  id,
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullname: z.string(),
  lang: z.string().nullable(),
  enabled: z.boolean(),
  passwordTemporary: z.boolean(),
  mustInitialize: z.boolean(),
  passwordChangedAt: when,
  lastLoginAt: when,
  groups: z.array(groupRef),
  roles: z.array(z.string()),
  authorities: z.array(z.string()),
  version: id,
  createdAt: when,
  updatedAt: when,
});
export type SecurityUser = z.infer<typeof securityUserSchema>;

/** The create answer carries the generated one-time password, once (reset-password mails it instead). */
export const userWithPasswordSchema = securityUserSchema.extend({ temporaryPassword: z.string().optional() });
export type UserWithPassword = z.infer<typeof userWithPasswordSchema>;

export const securityGroupSchema = z.object({
  id,
  code: z.string(),
  name: z.string(),
  /** Roles first, then feature authorities. */
  authorities: z.array(z.string()),
  memberCount: z.number().int(),
  version: id,
  createdAt: when,
});
export type SecurityGroup = z.infer<typeof securityGroupSchema>;

export const securityAuthoritySchema = z.object({
  code: z.string(),
  description: z.string(),
  isRole: z.boolean(),
  /** The groups that grant it. */
  groups: z.array(groupRef),
});
export type SecurityAuthority = z.infer<typeof securityAuthoritySchema>;

export const securitySessionSchema = z.object({
  id: z.string(),
  userId: id,
  username: z.string(),
  createdAt: when,
  lastSeenAt: when,
  expiresAt: when,
  revokedAt: when,
  revokedReason: z.string().nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Not revoked and not expired. */
  active: z.boolean(),
});
export type SecuritySession = z.infer<typeof securitySessionSchema>;

/** One's own session, marked when it is the one making the request. */
export const ownSessionSchema = securitySessionSchema.extend({ current: z.boolean() });
export type OwnSession = z.infer<typeof ownSessionSchema>;

/*
 * Request bodies. Every check after the first of a field aborts on failure, so a bad field yields
 * exactly one CONSTRAINT_VIOLATION entry (API.md "one entry per field"). Control characters (NUL
 * above all: PostgreSQL text cannot hold it) are refused as INVALID_FORMAT.
 */
const PRINTABLE = /^[^\p{Cc}]*$/u;
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const CODE = /^[A-Za-z0-9_-]+$/;

const text = (max: number) => z.string().trim().min(1, { abort: true }).max(max, { abort: true }).regex(PRINTABLE);

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
const groupRefs = z.array(z.union([groupCode, z.object({ code: groupCode }).transform((g) => g.code)])).max(100);
const authorityCodes = z.array(z.string().min(1, { abort: true }).max(100, { abort: true }).regex(CODE)).max(1000);

export const createUserBody = z.object({
  username,
  email,
  firstName: text(100),
  lastName: text(100),
  lang: lang.optional(),
  groups: groupRefs.default([]),
  password: z.string().min(1, { abort: true }).max(500).optional(),
});
/** What the server works with (groups as codes). */
export type CreateUserInput = z.infer<typeof createUserBody>;
/** What a client may send (groups as codes or as the `{code, name}` of a user answer). */
export type CreateUserPayload = z.input<typeof createUserBody>;

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
export type UpdateUserPayload = z.input<typeof updateUserBody>;

export const createGroupBody = z.object({
  code: groupCode,
  name: text(100),
  authorities: authorityCodes.default([]),
});
export type CreateGroupInput = z.infer<typeof createGroupBody>;
export type CreateGroupPayload = z.input<typeof createGroupBody>;

/** The body carries the `version` the editor saw: a stale one is a 409, never a silent overwrite. */
export const updateGroupBody = z.object({
  version: z.number().int().min(0),
  name: text(100).optional(),
  authorities: authorityCodes.optional(),
});
export type UpdateGroupInput = z.infer<typeof updateGroupBody>;
export type UpdateGroupPayload = z.input<typeof updateGroupBody>;

/** Forcing a password change carries the `version` the administrator saw. */
export const forcePasswordChangeBody = z.object({ version: z.number().int().min(0) });

/** The profile page's language: one the application is translated into. */
export const ownLanguageBody = z.object({ lang: z.enum(['it', 'en']) });

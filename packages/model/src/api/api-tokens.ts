import { z } from 'zod';

/**
 * Personal API tokens (issue 20, route `token`): a user's own bearer tokens for other systems,
 * `circ_<prefix>_<secret>`. A token acts with its owner's rights, read live at each request (a
 * right taken from the user is taken from the token); READ_ONLY allows only reading requests.
 * The clear token is answered once, when it is created; the server keeps only its hash.
 */
export const API_TOKEN_SCOPES = ['FULL', 'READ_ONLY'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The longest life a token may be given. */
export const API_TOKEN_MAX_DAYS = 366;
export const API_TOKEN_PREFIX = 'circ_';

export type ApiTokenStatus = 'ACTIVE' | 'EXPIRED' | 'REVOKED';

export interface ApiToken {
  id: number;
  name: string;
  /** The public part of the token (`circ_<prefix>_…`), to recognise it. */
  prefix: string;
  scope: ApiTokenScope;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: ApiTokenStatus;
}

/** `POST /api/auth/tokens`: `expiresAt` a calendar day (yyyy-mm-dd); the token works through that day. */
export const createApiTokenBody = z.object({
  name: z.string().trim().min(1).max(100),
  expiresAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  scope: z.enum(API_TOKEN_SCOPES).default('FULL'),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenBody>;

/** The answer of a creation: the token's row and, this once, the clear token. */
export interface CreatedApiToken extends ApiToken {
  token: string;
}
